import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordingServer, startRecordingServer } from '../../../infra/test/recording-server.ts';
import type { Notice } from '../notices/notices';
import { ApiError, secondsLeftOf, transportErrorCode } from './ApiError';
import { type ApiClient, createApiClient } from './client';

const envelope = (code: number, message: string, data: unknown = null) => ({
  body: JSON.stringify({ code, message, data }),
});

describe('the API client', () => {
  let server: RecordingServer;
  let shown: Notice[];
  let visited: string[];
  let language: string;

  const clientFor = (baseUrl: string): ApiClient =>
    createApiClient({
      baseUrl,
      language: () => language,
      notifier: { notify: (notice) => shown.push(notice) },
      currentAddress: () => '/competitionDetail/7/leaderboard?page=2',
      navigate: (to) => visited.push(to),
      translate: (key, values) => `${key}${values ? JSON.stringify(values) : ''}`,
    });
  let api: ApiClient;

  beforeAll(async () => {
    server = await startRecordingServer();
    api = clientFor(`${server.origin}/api`);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    shown = [];
    visited = [];
    language = 'zh-CN';
    server.requests.length = 0;
  });

  it('resolves with the data of a code 0 envelope', async () => {
    server.answer('/api/race/userRaceList', envelope(0, 'success', { rows: [1, 2] }));
    await expect(api.request('/race/userRaceList')).resolves.toEqual({ rows: [1, 2] });
    expect(shown).toEqual([]);
  });

  it('resolves with undefined for an empty 2xx body', async () => {
    server.answer('/api/user/logout', { status: 204 });
    await expect(api.request('/user/logout')).resolves.toBeUndefined();
    server.answer('/api/user/logout', { status: 200, body: '' });
    await expect(api.request('/user/logout')).resolves.toBeUndefined();
  });

  it('on code 401 shows the message and goes to the login page with the current address', async () => {
    server.answer('/api/notify/page', { status: 401, ...envelope(401, '请先登录') });
    const call = api.request('/notify/page');
    await expect(call).rejects.toMatchObject({ code: 401, message: '请先登录' });
    expect(shown).toEqual([{ severity: 'error', message: '请先登录' }]);
    expect(visited).toEqual([
      `/login?redirect=${encodeURIComponent('/competitionDetail/7/leaderboard?page=2')}`,
    ]);
  });

  it('lets a sign-in probe see a 401 without notice or redirect', async () => {
    server.answer('/api/user/detail', { status: 401, ...envelope(401, 'not signed in') });
    await expect(api.request('/user/detail', { allowSignedOut: true })).rejects.toMatchObject({ code: 401 });
    expect(shown).toEqual([]);
    expect(visited).toEqual([]);
  });

  it('rejects another non-zero code with an ApiError and shows its message', async () => {
    server.answer('/api/user/update', { status: 400, ...envelope(400, '邮箱格式不正确') });
    const error = await api.request('/user/update', { method: 'POST', data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, message: '邮箱格式不正确' });
    expect(shown).toEqual([{ severity: 'error', message: '邮箱格式不正确' }]);
    expect(visited).toEqual([]);
  });

  it('treats a non-zero code in a 200 response the same way', async () => {
    server.answer('/api/user/review', envelope(409, 'already reviewed'));
    await expect(api.request('/user/review', { method: 'POST' })).rejects.toMatchObject({ code: 409 });
    expect(shown).toEqual([{ severity: 'error', message: 'already reviewed' }]);
  });

  it('rejects without a notice when the request opts out', async () => {
    server.answer('/api/user/updatePassword', { status: 400, ...envelope(400, 'wrong password') });
    const call = api.request('/user/updatePassword', { method: 'POST', data: {}, silent: true });
    await expect(call).rejects.toMatchObject({ code: 400, message: 'wrong password' });
    expect(shown).toEqual([]);
  });

  it('sends the current language as Accept-Language on every request', async () => {
    server.answer('/api/user/detail', envelope(0, 'ok', {}));
    await api.request('/user/detail');
    language = 'en';
    await api.request('/user/detail', { method: 'POST', data: { a: 1 } });
    expect(server.requests.map((request) => request.headers['accept-language'])).toEqual(['zh-CN', 'en']);
  });

  it('sends credentials (the session cookie) with every call', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    server.answer('/api/user/detail', envelope(0, 'ok', {}));
    try {
      await api.request('/user/detail');
      await api.request('/user/detail', { method: 'POST' });
      expect(fetchSpy.mock.calls.map(([, init]) => init?.credentials)).toEqual(['include', 'include']);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('sends GET, DELETE and HEAD data as query parameters', async () => {
    server.answer('/api/notify/page', envelope(0, 'ok', []));
    const data = { page: 2, size: 10, keyword: '天气 & rain', skipped: undefined, ids: [3, 4] };
    await api.request('/notify/page', { data });
    await api.request('/notify/page', { method: 'DELETE', data });
    server.answer('/api/notify/page', { status: 200 });
    await api.request('/notify/page', { method: 'HEAD', data });
    for (const request of server.requests) {
      expect(request.body).toBe('');
      expect(request.headers['content-type']).toBeUndefined();
      expect([...request.query]).toEqual([
        ['page', '2'],
        ['size', '10'],
        ['keyword', '天气 & rain'],
        ['ids', '3'],
        ['ids', '4'],
      ]);
    }
    expect(server.requests.map((request) => request.method)).toEqual(['GET', 'DELETE', 'HEAD']);
  });

  it('sends the data of other methods as a JSON body', async () => {
    server.answer('/api/user/updatePassword', envelope(0, 'ok'));
    const data = { oldPassword: 'abc12345', newPassword: 'xyz12345', newPassword2: 'xyz12345' };
    await api.request('/user/updatePassword', { method: 'POST', data });
    await api.request('/user/updatePassword', { method: 'PUT', data });
    for (const request of server.requests) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request.body)).toEqual(data);
      expect([...request.query]).toEqual([]);
    }
  });

  it('reports a transport failure as a notice and rejects', async () => {
    const unreachable = clientFor('http://127.0.0.1:1/api');
    await expect(unreachable.request('/user/detail')).rejects.toMatchObject({ code: transportErrorCode });
    expect(shown).toEqual([{ severity: 'error', message: 'api.networkError' }]);
  });

  it('reports a body that is not an envelope as a bad response', async () => {
    server.answer('/api/competition/list', {
      status: 502,
      headers: { 'Content-Type': 'text/html' },
      body: '<h1>x</h1>',
    });
    await expect(api.request('/competition/list')).rejects.toMatchObject({ code: 502 });
    expect(shown).toEqual([{ severity: 'error', message: 'api.badResponse{"status":502}' }]);
  });

  it('downloads a file as bytes, with the query, credentials and language', async () => {
    server.answer('/api/race/download', {
      headers: { 'Content-Type': 'text/csv' },
      body: 'id,yield\n1,2\n',
    });
    const blob = await api.download('/race/download', { data: { fileId: 'f-1' } });
    await expect(blob.text()).resolves.toBe('id,yield\n1,2\n');
    expect([...server.requests[0]!.query]).toEqual([['fileId', 'f-1']]);
    expect(server.requests[0]!.headers['accept-language']).toBe('zh-CN');
  });

  it('rejects a download answered by an envelope, keeping its code and data', async () => {
    server.answer('/api/race/download', { status: 403, ...envelope(20010, '请先完成实名认证', { why: 1 }) });
    const error = await api
      .download('/race/download', { data: { fileId: 'f-1' }, silent: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 20010, message: '请先完成实名认证', data: { why: 1 } });
    expect(shown).toEqual([]);
    server.answer('/api/race/download', { status: 401, ...envelope(401, '请先登录') });
    await expect(
      api.download('/race/download', { data: { fileId: 'f-1' }, silent: true }),
    ).rejects.toMatchObject({
      code: 401,
    });
    expect(visited).toHaveLength(1);
  });

  it('keeps the data of a rejected call, e.g. the seconds before a new code', async () => {
    server.answer('/api/code/sendEmailCode', {
      status: 429,
      ...envelope(10013, 'too soon', { secondsLeft: 42 }),
    });
    const error = await api
      .request('/code/sendEmailCode', { method: 'POST', data: {} })
      .catch((e: unknown) => e);
    expect(secondsLeftOf(error)).toBe(42);
    expect(secondsLeftOf(new Error('x'))).toBeNull();
  });
});
