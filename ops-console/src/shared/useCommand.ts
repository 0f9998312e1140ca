import { useState } from 'react';
import { type Identifier, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { messageOf } from '../audit/useAuditApi';
import type { ConsoleDataProvider } from '../providers/dataProvider';

export { messageOf };

/**
 * Sends one console command (`POST <admin>/<resource>/<id>/<action>`), says so on success and
 * refreshes the page; a refusal shows the server's message. Answers whether it worked.
 */
export function useCommand(resource: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [isPending, setPending] = useState(false);

  async function run(id: Identifier, action: string, data: Record<string, unknown>, done: string) {
    setPending(true);
    try {
      await dataProvider.command(resource, { id, action, data });
      notify(done, { type: 'success' });
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

  return { run, isPending };
}
