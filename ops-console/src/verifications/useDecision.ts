import type { OptionalReasonBody, identity } from '@sais/events';
import { useState } from 'react';
import {
  type RaRecord,
  useDataProvider,
  useGetIdentity,
  useNotify,
  useRedirect,
  useRefresh,
} from 'react-admin';
import { messageOf } from '../audit/useAuditApi';
import type { ConsoleDataProvider } from '../providers/dataProvider';
import type { PhotoCheck } from './choices';

const decided = { approve: 'approved', reject: 'rejected' } as const;

/** The approve and reject bodies (`identity.requests`), with the command's name. */
export type Decision =
  | ({ action: 'approve'; certificateNumber: string; checks: PhotoCheck[] } & identity.requests.ApprovalBody)
  | ({ action: 'reject'; reason: string } & NonNullable<OptionalReasonBody>);

/**
 * Sends a reviewer's decision; on success says so and goes back to the queue, or with `next` on to the
 * oldest pending verification after this one that is not the reviewer's own (another reviewer decides
 * that); else shows the server's message.
 */
export function useDecision(record: RaRecord | undefined) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const { identity } = useGetIdentity();
  const [isPending, setPending] = useState(false);

  async function nextPending(): Promise<RaRecord | undefined> {
    // This one, and the reviewer's own, may be among the oldest: three rows always hold another.
    const { data } = await dataProvider.getList('verifications', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'submittedAt', order: 'ASC' },
      filter: { status: 'processing' },
    });
    const own = identity ? String(identity.id) : null;
    return data.find((item) => item.id !== record?.id && item.userId !== own);
  }

  async function decide(decision: Decision, { next = false } = {}): Promise<boolean> {
    if (!record) return false;
    setPending(true);
    try {
      const { action, ...data } = decision;
      await dataProvider.command('verifications', { id: record.id, action, data });
      notify(`console.verifications.notifications.${decided[action]}`, {
        type: 'success',
        messageArgs: { name: String(record.name ?? '') },
      });
      const following = next ? await nextPending() : undefined;
      if (following) redirect('show', 'verifications', following.id);
      else redirect('list', 'verifications');
      refresh();
      return true;
    } catch (error) {
      const message = messageOf(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      return false;
    } finally {
      setPending(false);
    }
  }

  return { decide, isPending };
}
