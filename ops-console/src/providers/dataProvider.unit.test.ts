import { HttpError } from 'react-admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordingServer, startRecordingServer } from '../../../infra/test/recording-server.ts';
import { createDataProvider } from './dataProvider';

const verifications = [
  { id: 3, name: 'Ada', status: 'Processing' },
  { id: 4, name: 'Lin', status: 'Processing' },
];

describe('the console dataProvider (simple REST under /api/admin)', () => {
  let server: RecordingServer;
  let language: string;
  let dataProvider: ReturnType<typeof createDataProvider>;

  beforeAll(async () => {
    server = await startRecordingServer();
    dataProvider = createDataProvider(`${server.origin}/api`, () => language);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    language = 'zh-CN';
    server.requests.length = 0;
  });

  it('getList sends sort, range and filter and reads the total from Content-Range', async () => {
    server.answer('/api/admin/verifications', {
      headers: { 'Content-Range': 'verifications 10-11/42' },
      body: JSON.stringify(verifications),
    });
    const result = await dataProvider.getList('verifications', {
      pagination: { page: 6, perPage: 2 },
      sort: { field: 'submittedAt', order: 'DESC' },
      filter: { status: 'Processing' },
    });
    expect(result).toEqual({ data: verifications, total: 42 });

    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(JSON.parse(request?.query.get('sort') ?? '')).toEqual(['submittedAt', 'DESC']);
    expect(JSON.parse(request?.query.get('range') ?? '')).toEqual([10, 11]);
    expect(JSON.parse(request?.query.get('filter') ?? '')).toEqual({ status: 'Processing' });
    expect(request?.headers.range).toBe('verifications=10-11');
  });

  it('getList fails clearly when the Content-Range header is missing', async () => {
    server.answer('/api/admin/verifications', { body: JSON.stringify(verifications) });
    await expect(
      dataProvider.getList('verifications', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toThrow(/Content-Range header is missing/);
  });

  it('unwraps a { code: 0, data } envelope', async () => {
    server.answer('/api/admin/verifications/3', {
      body: JSON.stringify({ code: 0, message: 'ok', data: verifications[0] }),
    });
    await expect(dataProvider.getOne('verifications', { id: 3 })).resolves.toEqual({
      data: verifications[0],
    });
  });

  it('leaves a record that merely has a code field alone', async () => {
    const competition = { id: 9, code: 7, message: 'x', data: 'y', title: 'Weather' };
    server.answer('/api/admin/competitions/9', { body: JSON.stringify(competition) });
    await expect(dataProvider.getOne('competitions', { id: 9 })).resolves.toEqual({ data: competition });
  });

  it('turns an error envelope into an HttpError with its message and code', async () => {
    server.answer('/api/admin/verifications/5', {
      status: 403,
      body: JSON.stringify({ code: 403, message: '没有权限', data: null }),
    });
    const error = await dataProvider.getOne('verifications', { id: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 403, message: '没有权限' });

    server.answer('/api/admin/verifications/6', {
      body: JSON.stringify({ code: 401, message: 'sign in', data: null }),
    });
    await expect(dataProvider.getOne('verifications', { id: 6 })).rejects.toMatchObject({ status: 401 });
  });

  it('sends updates as a JSON body with PUT', async () => {
    server.answer('/api/admin/verifications/3', {
      body: JSON.stringify({ ...verifications[0], status: 'Verified' }),
    });
    await dataProvider.update('verifications', {
      id: 3,
      data: { status: 'Verified' },
      previousData: verifications[0] ?? { id: 3 },
    });
    const [request] = server.requests;
    expect(request?.method).toBe('PUT');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ status: 'Verified' });
  });

  it('sends a command as POST <resource>/<id>/<action> with a JSON body and answers the record', async () => {
    const rejected = { id: 'a1', name: 'Ada', status: 'rejected', reason: 'blurred' };
    server.answer('/api/admin/verifications/a1/reject', {
      body: JSON.stringify({ code: 0, message: 'Verification Failed', data: rejected }),
    });
    await expect(
      dataProvider.command('verifications', { id: 'a1', action: 'reject', data: { reason: 'blurred' } }),
    ).resolves.toEqual({ data: rejected });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ reason: 'blurred' });

    server.answer('/api/admin/verifications/a2/approve', {
      status: 409,
      body: JSON.stringify({ code: 10032, message: 'This verification is not pending', data: null }),
    });
    await expect(
      dataProvider.command('verifications', { id: 'a2', action: 'approve' }),
    ).rejects.toMatchObject({
      message: 'This verification is not pending',
    });
    expect(server.requests[1]?.body).toBe('{}');
  });

  it('participants: teams and single participants found by name, read back by id', async () => {
    server.answer('/api/admin/teams', {
      headers: { 'Content-Range': 'teams 0-0/1' },
      body: JSON.stringify([{ id: 't1', name: 'Catalysts' }]),
    });
    server.answer('/api/admin/users', {
      headers: { 'Content-Range': 'users 0-0/1' },
      body: JSON.stringify([{ id: 'u1', username: 'cat01' }]),
    });
    const found = await dataProvider.getList('participants', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: ' cat ' },
    });
    expect(found).toEqual({
      data: [
        { id: 't1', name: 'Catalysts', kind: 'team' },
        { id: 'u1', name: 'cat01', kind: 'user' },
      ],
      total: 2,
    });
    expect(server.requests.map((request) => JSON.parse(request.query.get('filter') ?? ''))).toEqual([
      { q: 'cat' },
      { q: 'cat' },
    ]);

    // By id: the team service first, identity for the ids it does not know.
    server.requests.length = 0;
    const many = await dataProvider.getMany('participants', { ids: ['t1', 'u1'] });
    expect(many.data.map((record) => record.kind)).toEqual(['team', 'user']);
    expect(server.requests.map((request) => JSON.parse(request.query.get('filter') ?? ''))).toEqual([
      { id: ['t1', 'u1'] },
      { id: ['u1'] },
    ]);
  });

  it('accounts: by username through identity’s names calls, nothing asked for under two letters', async () => {
    await expect(
      dataProvider.getList('accounts', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'id', order: 'ASC' },
        filter: { q: 'a' },
      }),
    ).resolves.toEqual({ data: [], total: 0 });
    expect(server.requests).toHaveLength(0);
    server.answer('/api/admin/names/search', {
      body: JSON.stringify({ code: 0, message: 'ok', data: [{ id: 'u1', username: 'admin01' }] }),
    });
    const found = await dataProvider.getList('accounts', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'adm' },
    });
    expect(found).toEqual({ data: [{ id: 'u1', username: 'admin01' }], total: 1 });
    expect(server.requests[0]?.query.get('q')).toBe('adm');
    server.answer('/api/admin/names/accounts', {
      body: JSON.stringify({ code: 0, message: 'ok', data: { u1: 'admin01', u2: null } }),
    });
    await expect(dataProvider.getMany('accounts', { ids: ['u1', 'u2'] })).resolves.toEqual({
      data: [
        { id: 'u1', username: 'admin01' },
        { id: 'u2', username: '' },
      ],
    });
    expect(server.requests[1]?.query.getAll('id')).toEqual(['u1', 'u2']);
  });

  it('sends the session cookie and the interface language with every call', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      server.answer('/api/admin/verifications/3', { body: JSON.stringify(verifications[0]) });
      language = 'en';
      await dataProvider.getOne('verifications', { id: 3 });
      expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
      expect(server.requests[0]?.headers['accept-language']).toBe('en');
      expect(server.requests[0]?.headers.accept).toBe('application/json');
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
