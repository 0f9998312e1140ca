import { useState } from 'react';
import { type RaRecord, useDataProvider, useNotify, useRedirect, useRefresh } from 'react-admin';
import type { ConsoleDataProvider } from '../providers/dataProvider';

const decided = { approve: 'approved', reject: 'rejected' } as const;

export type Decision = { action: 'approve' } | { action: 'reject'; reason: string };

/** Sends a reviewer's decision; on success says so and goes back to the queue, else shows the server's message. */
export function useDecision(record: RaRecord | undefined) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const [isPending, setPending] = useState(false);

  async function decide(decision: Decision): Promise<boolean> {
    if (!record) return false;
    setPending(true);
    try {
      await dataProvider.command('verifications', {
        id: record.id,
        action: decision.action,
        data: decision.action === 'reject' ? { reason: decision.reason } : {},
      });
      notify(`console.verifications.notifications.${decided[decision.action]}`, {
        type: 'success',
        messageArgs: { name: String(record.name ?? '') },
      });
      redirect('list', 'verifications');
      refresh();
      return true;
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
      return false;
    } finally {
      setPending(false);
    }
  }

  return { decide, isPending };
}
