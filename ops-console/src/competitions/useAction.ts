import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { messageOf } from '../shared/useCommand';

/** Runs a call of a panel: success notice and refresh, or the server's message; pending while it runs. */
export function useAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  async function act<T>(call: () => Promise<T>, done: string, messageArgs?: Record<string, unknown>) {
    setPending(true);
    try {
      const result = await call();
      notify(done, { type: 'success', messageArgs });
      refresh();
      return result;
    } catch (error) {
      const message = messageOf(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
      return undefined;
    } finally {
      setPending(false);
    }
  }
  return { act, pending };
}
