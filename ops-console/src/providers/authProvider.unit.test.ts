import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordingServer, startRecordingServer } from '../../../infra/test/recording-server.ts';
import { createAuthProvider } from './authProvider';

const loginAddress = 'http://portal.test/login?redirect=%2Fconsole%2F%23%2Freview';
const envelope = (code: number, data: unknown, message = 'ok') => ({
  body: JSON.stringify({ code, message, data }),
});

describe('the console authProvider', () => {
  let server: RecordingServer;
  let visited: string[];
  let language: string;
  let authProvider: ReturnType<typeof createAuthProvider>;

  beforeAll(async () => {
    server = await startRecordingServer();
    authProvider = createAuthProvider({
      apiBase: `${server.origin}/api`,
      language: () => language,
      loginAddress: () => loginAddress,
      goTo: (address) => visited.push(address),
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    visited = [];
    language = 'zh-CN';
    server.requests.length = 0;
  });

  const signedInAs = (roles: string[]) =>
    server.answer(
      '/api/user/detail',
      envelope(0, { id: 'u1', username: 'reviewer01', nickname: 'Ada', roles }),
    );

  it('login sends the browser to the portal login page with the console address to return to', async () => {
    await expect(authProvider.login({})).resolves.toEqual({ redirectTo: false });
    expect(visited).toEqual([loginAddress]);
  });

  it('checkAuth passes when /user/detail answers code 0 with data', async () => {
    signedInAs(['reviewer']);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(server.requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /api/user/detail']);
  });

  it.each([
    ['a 401 envelope', { status: 401, ...envelope(401, null, '请先登录') }],
    ['code 0 without data', envelope(0, null)],
    ['a body that is not an envelope', { status: 502, body: 'Bad gateway' }],
  ])('checkAuth sends a signed-out user to the portal login, silently, on %s', async (_case, answer) => {
    server.answer('/api/user/detail', answer);
    await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: loginAddress, message: false });
  });

  it('getPermissions is the roles array of the user detail', async () => {
    signedInAs(['reviewer', 'auditor']);
    await expect(authProvider.getPermissions?.({})).resolves.toEqual(['reviewer', 'auditor']);
    server.answer('/api/user/detail', { status: 401, ...envelope(401, null) });
    await expect(authProvider.getPermissions?.({})).resolves.toEqual([]);
  });

  it('canAccess opens the verifications to reviewers and admins only', async () => {
    signedInAs(['reviewer']);
    await expect(authProvider.canAccess?.({ resource: 'verifications', action: 'list' })).resolves.toBe(true);
    signedInAs(['admin']);
    await expect(authProvider.canAccess?.({ resource: 'verifications', action: 'show' })).resolves.toBe(true);
    signedInAs(['participant', 'operator']);
    await expect(authProvider.canAccess?.({ resource: 'verifications', action: 'list' })).resolves.toBe(
      false,
    );
    server.answer('/api/user/detail', { status: 401, ...envelope(401, null) });
    await expect(authProvider.canAccess?.({ resource: 'verifications', action: 'list' })).resolves.toBe(
      false,
    );
  });

  it('getIdentity names the user by nickname', async () => {
    signedInAs(['operator']);
    await expect(authProvider.getIdentity?.()).resolves.toEqual({
      id: 'u1',
      fullName: 'Ada',
      avatar: undefined,
    });
  });

  it('logout calls GET /user/logout and goes to the portal login page', async () => {
    server.answer('/api/user/logout', envelope(0, null));
    await expect(authProvider.logout({})).resolves.toBe(loginAddress);
    expect(server.requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /api/user/logout']);
  });

  it('checkError signs out on 401 only', async () => {
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({
      redirectTo: loginAddress,
      message: false,
    });
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
  });

  it('says an unreachable platform in the console language, not the browser’s words', async () => {
    const unreachable = createAuthProvider({
      apiBase: 'http://127.0.0.1:9/api',
      language: () => language,
      loginAddress: () => loginAddress,
      goTo: (address) => visited.push(address),
    });
    await expect(unreachable.checkAuth({})).rejects.toThrow('无法连接到平台，请检查网络后重试');
    language = 'en';
    await expect(unreachable.getIdentity?.()).rejects.toThrow(
      'The platform could not be reached; check the connection and try again',
    );
  });

  it('sends the session cookie and the interface language', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      signedInAs(['admin']);
      language = 'en';
      await authProvider.checkAuth({});
      expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
      expect(server.requests[0]?.headers['accept-language']).toBe('en');
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
