import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import { databaseRateLimitStore } from '../src/http/rate-limit-store.ts';
import { createApp, installWriteLimits, ok } from '../src/index.ts';
import { freshDatabase } from '../src/testing/index.ts';

/**
 * Issue 16: the deployment runs two processes of each service (a standby for faults). Each used to keep
 * its own rate-limit counters, so a participant got every limit twice. With the PostgreSQL store the two
 * processes (here two apps on two connection pools of one database) count together, also under a race.
 */
describe('participant write limits shared by the processes of a deployment (PostgreSQL)', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let second: Database;

  beforeAll(async () => {
    fresh = await freshDatabase('ratelimits');
    second = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 10 });
  });
  afterAll(async () => {
    await second?.close();
    await fresh?.drop();
  });

  async function process_(database: Database, perAccount: number) {
    const app = await createApp({ title: 'test', logger: false });
    await installWriteLimits(
      app,
      { perAccount, perAddress: 1000 },
      async (request) => (request.headers['x-test-account'] as string | undefined) ?? null,
      undefined,
      await databaseRateLimitStore(database.db),
    );
    app.post('/api/write', async () => ok(null));
    return app;
  }

  const write = (app: Awaited<ReturnType<typeof process_>>, account: string) =>
    app.inject({
      method: 'POST',
      url: '/api/write',
      payload: {},
      remoteAddress: '192.0.2.10',
      headers: { 'x-test-account': account },
    });

  it('counts one account once across two processes, in turn and racing', async () => {
    const [a, b] = await Promise.all([process_(fresh.database, 6), process_(second, 6)]);
    // In turn: six writes spread over both processes pass, the seventh is refused by either.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await write(i % 2 ? b : a, 'alice')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const refused = await write(a, 'alice');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Racing: 20 writes of one account at once, ten through each process: exactly six pass.
    const raced = await Promise.all(
      Array.from({ length: 20 }, (_, i) => write(i % 2 ? b : a, 'bob').then((answer) => answer.statusCode)),
    );
    expect(raced.filter((status) => status === 200)).toHaveLength(6);
    expect(raced.filter((status) => status === 429)).toHaveLength(14);
    // Another account is not touched by either.
    expect((await write(b, 'carol')).statusCode).toBe(200);
    await Promise.all([a.close(), b.close()]);
  });

  it('starts a new window once the old one ended, and keeps one row per key', async () => {
    const store = new (await databaseRateLimitStore(fresh.database.db))({} as never);
    const incr = (key: string, windowMs: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10),
      );
    expect((await incr('account:dave', 300)).current).toBe(1);
    const second_ = await incr('account:dave', 300);
    expect(second_.current).toBe(2);
    expect(second_.ttl).toBeGreaterThan(0);
    expect(second_.ttl).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await incr('account:dave', 300)).current).toBe(1);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ratelimits.windows
      where key = 'account:dave'`.execute(fresh.database.db);
    expect(rows[0]!.n).toBe(1);
    // A key counted in a longer window (a token's) outlives a sweep that a minute's window triggers.
    await incr('token:long', 3_600_000);
    await sql`update ratelimits.windows set started_at = started_at - interval '2 minutes'`.execute(
      fresh.database.db,
    );
    // A process's first counted call sweeps (then at most once a minute): a fresh store is one.
    const sweeper = new (await databaseRateLimitStore(fresh.database.db))({} as never);
    await new Promise((resolve, reject) =>
      sweeper.incr('account:erin', (error) => (error ? reject(error) : resolve(null)), 60_000, 10),
    );
    let left = { rows: [] as { key: string }[] };
    for (let i = 0; i < 50; i++) {
      left = await sql<{ key: string }>`select key from ratelimits.windows order by key`.execute(
        fresh.database.db,
      );
      if (!left.rows.some((row) => row.key === 'account:dave')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(left.rows.map((row) => row.key)).toEqual(['account:erin', 'token:long']);
  });
});
