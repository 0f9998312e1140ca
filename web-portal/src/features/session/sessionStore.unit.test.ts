import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/ApiError';
import type { ApiClient } from '../../api/client';
import { createSessionStore } from './sessionStore';
import type { UserDetail } from './types';

const user = { userId: 'u-1', username: 'ada2027', avatarUrl: null, authStatus: 'Verified' } as UserDetail;

function clientAnswering(answer: () => Promise<unknown>) {
  const request = vi.fn((_path: string, _options?: object) => answer());
  return { client: { request } as unknown as ApiClient, request };
}

describe('the signed-in state (spec §4)', () => {
  it('is the data of /user/detail, asked without notice and without a login redirect', async () => {
    const { client, request } = clientAnswering(async () => user);
    const store = createSessionStore(() => client);
    expect(store.get()).toEqual({ status: 'loading' });
    await store.load();
    expect(store.get()).toEqual({ status: 'signedIn', user });
    expect(request).toHaveBeenCalledWith('/user/detail', { silent: true, allowSignedOut: true });
  });

  it('is signed out after a 401, and asks only once (no automatic retry)', async () => {
    const { client, request } = clientAnswering(async () => {
      throw new ApiError(401, 'not signed in');
    });
    const store = createSessionStore(() => client);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get().status));
    store.ensureLoaded();
    store.ensureLoaded();
    await vi.waitFor(() => expect(store.get()).toEqual({ status: 'signedOut' }));
    store.ensureLoaded();
    expect(request).toHaveBeenCalledOnce();
    expect(seen).toEqual(['signedOut']);
  });

  it('shares one request between callers, and sign-out empties the user', async () => {
    const { client, request } = clientAnswering(async () => user);
    const store = createSessionStore(() => client);
    await Promise.all([store.load(), store.load()]);
    expect(request).toHaveBeenCalledOnce();
    store.clear();
    expect(store.get()).toEqual({ status: 'signedOut' });
  });
});
