import type { ApiClient } from '../../api/client';
import type { SessionState, UserDetail } from './types';

export interface SessionStore {
  get(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Asks `/user/detail` once (spec §4: no automatic retry); any failure means signed out. */
  load(): Promise<SessionState>;
  /** The first `load`, unless one already ran or runs. */
  ensureLoaded(): void;
  /** Sign-out: empties the cached user. */
  clear(): void;
  set(user: UserDetail): void;
}

/**
 * The cached signed-in user: whether someone is signed in is decided by `/user/detail` returning
 * data. The probe shows no notice and, on a 401, does not leave the page (spec §7).
 */
export function createSessionStore(api: () => ApiClient): SessionStore {
  let state: SessionState = { status: 'loading' };
  let started = false;
  let pending: Promise<SessionState> | null = null;
  const listeners = new Set<() => void>();
  const publish = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
    return next;
  };
  const store: SessionStore = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      started = true;
      pending ??= api()
        .request<UserDetail>('/user/detail', { silent: true, allowSignedOut: true })
        .then(
          (user) => publish({ status: 'signedIn', user }),
          () => publish({ status: 'signedOut' }),
        )
        .finally(() => (pending = null));
      return pending;
    },
    ensureLoaded() {
      if (!started) void store.load();
    },
    clear() {
      started = true;
      publish({ status: 'signedOut' });
    },
    set(user) {
      started = true;
      publish({ status: 'signedIn', user });
    },
  };
  return store;
}
