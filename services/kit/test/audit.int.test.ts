import { randomUUID } from 'node:crypto';
import type { Role } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Db,
  type Platform,
  type ServiceDefinition,
  defineService,
  redactSecrets,
  withAsOfReader,
} from '../src/index.ts';
import {
  accountRegistered,
  client,
  metadata,
  platformForTest,
  profileUpdated,
} from '../src/testing/index.ts';
import { createStreamCounts, readStreamCounts, streamCounts } from './fixtures/stream-counts.ts';

/** Test sign-in: the cookie `roles=auditor,admin` is a principal with those roles. */
const cookieAuth = {
  async principal(request: { cookies: Record<string, string | undefined> }) {
    const roles = request.cookies.roles;
    return roles ? { accountId: `acc-${roles}`, roles: roles.split(',') as Role[] } : null;
  },
};

/** How many as-of readers run at once, and the most seen (issue 33: heavy calls one at a time). */
const readers = { now: 0, peak: 0 };
const counts = (schema: string, name: string) =>
  withAsOfReader(streamCounts(schema, name), async (trx: Db) => {
    readers.now += 1;
    readers.peak = Math.max(readers.peak, readers.now);
    try {
      // Long enough that calls not kept apart would overlap here.
      await new Promise((resolve) => setTimeout(resolve, 150));
      return await readStreamCounts(trx, schema);
    } finally {
      readers.now -= 1;
    }
  });

/** Two small services: `identity` (with a read model that can be viewed as of a time) and `ledger`. */
const identityLike: ServiceDefinition = defineService({
  name: 'identity',
  schema: 'identity',
  prefixes: ['/api/user'],
  migrations: { '0001-counts': { up: (db) => createStreamCounts(db, 'identity') } },
  projections: () => [counts('identity', 'identity.counts')],
  authenticator: async () => cookieAuth as never,
  async routes() {},
});
const ledger: ServiceDefinition = defineService({
  name: 'ledger',
  schema: 'ledger',
  prefixes: ['/api/ledger'],
  migrations: { '0001-counts': { up: (db) => createStreamCounts(db, 'ledger') } },
  // Reads identity's accounts, no as-of reader.
  projections: () => [streamCounts('ledger', 'ledger.counts')],
  async routes() {},
});

const base = '/api/admin/audit/identity';
const as = (roles: string) => ({ cookie: `roles=${roles}` });
const q = (params: { sort?: unknown; range?: unknown; filter?: unknown }) =>
  Object.fromEntries(Object.entries(params).map(([key, value]) => [key, JSON.stringify(value)]));

describe('audit API of every service (PostgreSQL)', () => {
  let platform: Platform;
  let close: () => Promise<void>;
  let api: ReturnType<typeof client>;
  const alice = randomUUID();
  const bob = randomUUID();
  const carol = randomUUID();
  const t0 = new Date('2026-01-01T10:00:00.000Z');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

  async function settled(expected: number) {
    for (let i = 0; i < 200; i += 1) {
      const rows = await readStreamCounts(platform.database.db, 'identity');
      if (rows.reduce((sum, row) => sum + row.events, 0) === expected) return rows;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the projection did not catch up');
  }

  beforeAll(async () => {
    ({ platform, close } = await platformForTest([identityLike, ledger], 'audit'));
    api = client(platform.app);
    const store = platform.stores.get('identity')!;
    // alice: 3 events at t0, t0+10, t0+20 by herself; bob: 2 events by an admin; carol: 1 event.
    await store.append('identity.account', alice, 'no_stream', [accountRegistered(alice)], metadata(alice), {
      now: at(0),
    });
    await store.append('identity.account', alice, 1, [profileUpdated(alice, 'a1')], metadata(alice), {
      now: at(10),
    });
    await store.append('identity.account', alice, 2, [profileUpdated(alice, 'Wren')], metadata(alice), {
      now: at(20),
    });
    const admin = {
      actor: { userId: 'admin-1', role: 'admin' as const },
      correlationId: randomUUID(),
      causationId: null,
    };
    await store.append('identity.account', bob, 'no_stream', [accountRegistered(bob)], admin, { now: at(5) });
    await store.append('identity.account', bob, 1, [profileUpdated(bob, 'b1')], admin, { now: at(15) });
    await store.append('identity.account', carol, 'no_stream', [accountRegistered(carol)], metadata(carol), {
      now: at(30),
    });
    await settled(6);
  });
  afterAll(() => close());

  it('refuses the signed out (401) and every role but auditor and admin (403)', async () => {
    for (const path of [
      '/events',
      '/verify',
      `/streams/${alice}`,
      '/projections',
      '/replay/identity.counts',
    ]) {
      expect((await api.get(`${base}${path}`)).status).toBe(401);
      for (const role of ['participant', 'reviewer', 'operator', 'reviewer,operator'])
        expect((await api.get(`${base}${path}`, undefined, as(role))).status, `${role} ${path}`).toBe(403);
      expect((await api.get(`${base}${path}`, undefined, as('auditor'))).status, path).toBe(200);
      expect((await api.get(`${base}${path}`, undefined, as('admin'))).status, path).toBe(200);
    }
    // Replay is for admins only.
    expect((await api.post(`${base}/replay/identity.counts`, {})).status).toBe(401);
    expect((await api.post(`${base}/replay/identity.counts`, {}, as('auditor'))).status).toBe(403);
    expect((await api.post(`${base}/replay/identity.counts`, {}, as('operator'))).status).toBe(403);
  });

  it('lists events newest first in ra-data-simple-rest form, with Content-Range', async () => {
    const all = await api.raw({ method: 'GET', url: `${base}/events`, headers: as('auditor') });
    expect(all.status).toBe(200);
    expect(all.headers['content-range']).toBe('events 0-5/6');
    expect(all.headers['access-control-expose-headers']).toBe('Content-Range');
    const records = all.body.data as { position: number; occurredAt: string }[];
    expect(records.map((r) => r.position)).toEqual([...records.map((r) => r.position)].sort((a, b) => b - a));
    expect(records[0]).toMatchObject({
      id: expect.any(String),
      position: expect.any(Number),
      stream: { type: 'identity.account', id: carol },
      version: 1,
      schemaVersion: 1,
      type: 'identity.AccountRegistered',
      occurredAt: at(30).toISOString(),
      actor: { userId: carol, role: 'participant' },
      correlation: { correlationId: expect.any(String), causationId: null },
      data: { accountId: carol },
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      previousHash: null,
    });

    const page = await api.raw({
      method: 'GET',
      url: `${base}/events?${new URLSearchParams(q({ sort: ['occurredAt', 'ASC'], range: [1, 2] }))}`,
      headers: as('auditor'),
    });
    expect(page.headers['content-range']).toBe('events 1-2/6');
    expect((page.body.data as { occurredAt: string }[]).map((r) => r.occurredAt)).toEqual([
      at(5).toISOString(),
      at(10).toISOString(),
    ]);
  });

  it('filters by stream, type, actor and time range (inclusive)', async () => {
    const list = async (filter: Record<string, unknown>) => {
      const answer = await api.raw({
        method: 'GET',
        url: `${base}/events?${new URLSearchParams(q({ filter, sort: ['position', 'ASC'] }))}`,
        headers: as('auditor'),
      });
      expect(answer.status).toBe(200);
      return {
        range: answer.headers['content-range'],
        records: answer.body.data as { stream: { id: string }; type: string; version: number }[],
      };
    };
    const byStream = await list({ streamId: alice });
    expect(byStream.range).toBe('events 0-2/3');
    expect(byStream.records.map((r) => r.version)).toEqual([1, 2, 3]);

    const byType = await list({ type: 'identity.AccountRegistered' });
    expect(byType.records.map((r) => r.stream.id).sort()).toEqual([alice, bob, carol].sort());

    const byActor = await list({ actorId: 'admin-1' });
    expect(byActor.range).toBe('events 0-1/2');
    expect(byActor.records.every((r) => r.stream.id === bob)).toBe(true);
    // The staff activity page: only what staff (here the admin) did, none of the participants' own events.
    const byStaff = await list({ staff: true });
    expect(byStaff.range).toBe('events 0-1/2');
    expect(byStaff.records.every((r) => r.stream.id === bob)).toBe(true);
    // The auditors' stream search: text in the data (here a nickname; letters no UUID holds, since the data also carries ids), case-insensitive.
    const byText = await list({ q: 'WREN' });
    expect(byText.records.map((r) => [r.stream.id, r.version])).toEqual([[alice, 3]]);

    const window = await list({ from: at(5).toISOString(), to: at(15).toISOString() });
    expect(window.range).toBe('events 0-2/3');

    const combined = await list({
      streamId: alice,
      type: 'identity.ProfileUpdated',
      from: at(15).toISOString(),
    });
    expect(combined.records.map((r) => r.version)).toEqual([3]);

    const none = await list({ streamId: 'nobody' });
    expect(none).toEqual({ range: 'events 0-0/0', records: [] });

    const bad = await api.get(`${base}/events`, { filter: '{"from":"yesterday"}' }, as('auditor'));
    expect(bad.status).toBe(400);
    const badSort = await api.get(`${base}/events`, { sort: '["hash","ASC"]' }, as('auditor'));
    expect(badSort.status).toBe(400);
  });

  it('answers one event and one stream’s full history with its hash chain', async () => {
    const stream = await api.get(`${base}/streams/${alice}`, undefined, as('auditor'));
    expect(stream.status).toBe(200);
    const events = stream.body.data as {
      id: string;
      version: number;
      hash: string;
      previousHash: string | null;
    }[];
    expect(events.map((e) => e.version)).toEqual([1, 2, 3]);
    expect(events[1]!.previousHash).toBe(events[0]!.hash);
    expect(events[2]!.previousHash).toBe(events[1]!.hash);

    const one = await api.get(`${base}/events/${events[1]!.id}`, undefined, as('auditor'));
    expect(one.body.data).toMatchObject({ id: events[1]!.id, data: { changes: { nickname: 'a1' } } });
    expect((await api.get(`${base}/events/${randomUUID()}`, undefined, as('auditor'))).status).toBe(404);
    expect((await api.get(`${base}/streams/nobody`, undefined, as('auditor'))).status).toBe(404);

    // Each service has its own set: the ledger's event table is empty.
    const ledgerEvents = await api.raw({
      method: 'GET',
      url: '/api/admin/audit/ledger/events',
      headers: as('auditor'),
    });
    expect(ledgerEvents.headers['content-range']).toBe('events 0-0/0');
  });

  it('verifies every hash chain', async () => {
    const verify = await api.get(`${base}/verify`, undefined, as('auditor'));
    expect(verify.body).toEqual({
      code: 0,
      message: 'success',
      data: { service: 'identity', ok: true, checked: 6 },
    });
  });

  it('shows a read model as of a time, and leaves the current one untouched', async () => {
    const before = await readStreamCounts(platform.database.db, 'identity');
    const asOf = await api.get(
      `${base}/asof`,
      { projection: 'identity.counts', at: at(12).toISOString() },
      as('auditor'),
    );
    expect(asOf.status).toBe(200);
    expect(asOf.body.data.applied).toBe(3);
    const rows = asOf.body.data.value as { stream_id: string; events: number }[];
    expect(Object.fromEntries(rows.map((row) => [row.stream_id, row.events]))).toEqual({
      [alice]: 2,
      [bob]: 1,
    });
    expect(await readStreamCounts(platform.database.db, 'identity')).toEqual(before);

    // No as-of reader: not available yet; unknown projection: 404.
    const ledgerAsOf = await api.get(
      '/api/admin/audit/ledger/asof',
      { projection: 'ledger.counts', at: at(12).toISOString() },
      as('auditor'),
    );
    expect(ledgerAsOf.status).toBe(501);
    expect(
      (await api.get(`${base}/asof`, { projection: 'nope', at: at(1).toISOString() }, as('auditor'))).status,
    ).toBe(404);
  });

  it('answers 4 as-of calls at once, each right, rebuilding one at a time in the jobs queue', async () => {
    readers.peak = 0;
    const asked = [12, 5, 20, 30];
    const answers = await Promise.all(
      asked.map((minutes) =>
        api.get(
          `${base}/asof`,
          { projection: 'identity.counts', at: at(minutes).toISOString() },
          as('auditor'),
        ),
      ),
    );
    const countsOf = (body: { data: { value: { stream_id: string; events: number }[] } }) =>
      Object.fromEntries(body.data.value.map((row) => [row.stream_id, row.events]));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.body.data.applied)).toEqual([3, 2, 5, 6]);
    expect(countsOf(answers[0]!.body)).toEqual({ [alice]: 2, [bob]: 1 });
    expect(countsOf(answers[1]!.body)).toEqual({ [alice]: 1, [bob]: 1 });
    expect(countsOf(answers[2]!.body)).toEqual({ [alice]: 3, [bob]: 2 });
    expect(countsOf(answers[3]!.body)).toEqual({ [alice]: 3, [bob]: 2, [carol]: 1 });
    // Observed, not timed: no two rebuilds' readers ever overlapped, and the queue never ran two.
    expect(readers.peak).toBe(1);
    expect(platform.auditJobs.peakRunning).toBe(1);
  });

  it('runs as-of views and checks as background jobs with progress, for auditors only', async () => {
    const job = async (body: Record<string, unknown>) => {
      const started = await api.post(`${base}/jobs`, body, as('auditor'));
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.data).toMatchObject({ state: 'running', startedBy: 'acc-auditor' });
      let status = started.body.data;
      for (let i = 0; i < 400 && status.state === 'running'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = (await api.get(`${base}/jobs/${started.body.data.id}`, undefined, as('auditor'))).body.data;
      }
      return status;
    };
    const asOf = await job({ kind: 'asof', projection: 'identity.counts', at: at(12).toISOString() });
    expect(asOf).toMatchObject({ kind: 'asof', state: 'done', done: 6, total: 6, error: null });
    expect(asOf.result.applied).toBe(3);
    expect(
      Object.fromEntries(
        (asOf.result.value as { stream_id: string; events: number }[]).map((r) => [r.stream_id, r.events]),
      ),
    ).toEqual({ [alice]: 2, [bob]: 1 });

    const verify = await job({ kind: 'verify' });
    expect(verify).toMatchObject({ state: 'done', done: 6, total: 6, result: { ok: true, checked: 6 } });

    const readModels = await job({ kind: 'read-models' });
    expect(readModels).toMatchObject({
      state: 'done',
      result: {
        ok: true,
        projections: [expect.objectContaining({ projection: 'identity.counts', ok: true })],
      },
    });

    // Refusals: other roles, a bad time, an unknown projection, a job of another service.
    expect((await api.post(`${base}/jobs`, { kind: 'verify' }, as('participant'))).status).toBe(403);
    expect((await api.post(`${base}/jobs`, { kind: 'verify' })).status).toBe(401);
    expect(
      (
        await api.post(
          `${base}/jobs`,
          { kind: 'asof', projection: 'identity.counts', at: 'soon' },
          as('auditor'),
        )
      ).status,
    ).toBe(400);
    expect(
      (await api.post(`${base}/jobs`, { kind: 'read-models', projection: 'nope' }, as('auditor'))).status,
    ).toBe(404);
    expect(
      (await api.get(`/api/admin/audit/ledger/jobs/${verify.id}`, undefined, as('auditor'))).status,
    ).toBe(404);
    expect((await api.get(`${base}/jobs/${verify.id}`, undefined, as('operator'))).status).toBe(403);
  });

  it('replays a projection with progress up to the total, and rebuilds the same read model', async () => {
    const sorted = (rows: { stream_id: string }[]) =>
      [...rows].sort((a, b) => a.stream_id.localeCompare(b.stream_id));
    const before = sorted(await readStreamCounts(platform.database.db, 'identity'));
    // Damage the read model so the replay has something to repair.
    await sql`update identity.stream_counts set events = 99`.execute(platform.database.db);

    const idle = await api.get(`${base}/replay/identity.counts`, undefined, as('auditor'));
    expect(idle.body.data).toMatchObject({ state: 'idle', read: 0, total: 0 });
    const started = await api.post(`${base}/replay/identity.counts`, {}, as('admin'));
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      projection: 'identity.counts',
      state: 'running',
      startedBy: 'acc-admin',
    });

    let progress = started.body.data as { state: string; read: number; applied: number; total: number };
    for (let i = 0; i < 200 && progress.state === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      progress = (await api.get(`${base}/replay/identity.counts`, undefined, as('admin'))).body.data;
    }
    expect(progress).toMatchObject({ state: 'done', read: 6, applied: 6, total: 6 });
    expect(sorted(await readStreamCounts(platform.database.db, 'identity'))).toEqual(before);

    // The ledger's projection reads identity's events (another schema of the same database).
    await api.post('/api/admin/audit/ledger/replay/ledger.counts', {}, as('admin'));
    for (let i = 0; i < 200; i += 1) {
      const status = await api.get('/api/admin/audit/ledger/replay/ledger.counts', undefined, as('admin'));
      if (status.body.data.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const ledgerStatus = await api.get('/api/admin/audit/ledger/projections', undefined, as('auditor'));
    expect(ledgerStatus.body.data).toEqual([
      expect.objectContaining({
        name: 'ledger.counts',
        asOf: false,
        replay: expect.objectContaining({ state: 'done', read: 6, total: 6, applied: 6 }),
      }),
    ]);
    expect(sorted(await readStreamCounts(platform.database.db, 'ledger'))).toEqual(before);
    expect((await api.post(`${base}/replay/nope`, {}, as('admin'))).status).toBe(404);

    // One replay of a projection at a time: a second start while one runs is refused with its progress.
    const [first, second] = await Promise.all([
      api.post(`${base}/replay/identity.counts`, {}, as('admin')),
      api.post(`${base}/replay/identity.counts`, {}, as('admin')),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body).toMatchObject({
      code: 409,
      data: { projection: 'identity.counts', state: 'running' },
    });
    for (let i = 0; i < 200; i += 1) {
      const status = await api.get(`${base}/replay/identity.counts`, undefined, as('admin'));
      if (status.body.data.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(sorted(await readStreamCounts(platform.database.db, 'identity'))).toEqual(before);
  });

  it('reports the first broken link after a row was altered behind the trigger', async () => {
    const db = platform.database.db;
    await sql`alter table identity.events disable trigger events_append_only`.execute(db);
    await sql`update identity.events set data = jsonb_set(data, '{changes,nickname}', '"forged"')
      where stream_id = ${alice} and stream_version = 2`.execute(db);
    await sql`alter table identity.events enable trigger events_append_only`.execute(db);
    const verify = await api.get(`${base}/verify`, undefined, as('auditor'));
    expect(verify.body.data).toMatchObject({
      service: 'identity',
      ok: false,
      firstBroken: { streamId: alice, streamVersion: 2, reason: 'event content does not match its hash' },
    });
    expect(verify.body.data.firstBroken.eventId).toEqual(expect.any(String));
  });
});

describe('audit records', () => {
  it('never show a field named like a secret, at any depth', () => {
    expect(redactSecrets({ a: 1, password: 'x', nested: [{ token: 't', keep: 'k' }], codeId: 'c' })).toEqual({
      a: 1,
      password: '[redacted]',
      nested: [{ token: '[redacted]', keep: 'k' }],
      codeId: 'c',
    });
  });
});
