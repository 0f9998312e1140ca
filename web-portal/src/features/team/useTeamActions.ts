import { useState } from 'react';
import type { MessageKey } from '@sais/events';
import { notifySuccess } from '../../forms/notify';

/**
 * Runs a team command: busy while it runs, the spec §8 success notice after, then `reload`. A failure
 * was already shown by the API client (the server's message in the user's language).
 */
export function useTeamActions(reload: () => void) {
  const [busy, setBusy] = useState(false);
  const run = async (command: () => Promise<unknown>, success: MessageKey): Promise<boolean> => {
    setBusy(true);
    try {
      await command();
      notifySuccess(success);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
      reload();
    }
  };
  return { busy, run };
}
