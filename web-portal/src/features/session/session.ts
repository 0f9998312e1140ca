import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../app/api';
import { createSessionStore } from './sessionStore';
import type { SessionState } from './types';

export const session = createSessionStore(() => api);

/** The signed-in state, loading it on first use. */
export function useSession(): SessionState {
  const state = useSyncExternalStore(session.subscribe, session.get);
  useEffect(() => session.ensureLoaded(), []);
  return state;
}
