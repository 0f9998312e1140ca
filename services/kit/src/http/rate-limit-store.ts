import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type Migration, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { migrateSchema } from '../db/migrate.ts';

const migrations: Record<string, Migration> = {
  '2026-11-27-01-windows': {
    async up(db) {
      // One row per counted key (`address:…`, `account:…`, `token:…`): the window it counts in and its
      // calls so far. Rows whose window ended are deleted as the store goes (`sweep`), each by its own
      // window's length (the token limit's window may be longer than the minute of the others).
      await sql`
        create table ratelimits.windows (
          key text primary key,
          started_at timestamptz not null,
          window_ms integer not null,
          hits integer not null
        )`.execute(db);
      await sql`create index windows_started_at on ratelimits.windows (started_at)`.execute(db);
    },
  },
};

/** What `@fastify/rate-limit` expects of a store's `incr`: the calls counted so far and the window's rest. */
type Counted = Parameters<FastifyRateLimitStore['incr']>[1];

/** The longest key kept: longer ones (none are made today) are cut, which only merges their counts. */
const maxKeyLength = 200;
/** How often a process deletes the rows of windows that ended (at most; it rides on a counted call). */
const sweepEveryMs = 60_000;

/**
 * A `@fastify/rate-limit` store whose counters live in PostgreSQL, shared by every process of the
 * platform: with two processes of a service (the deployment's standbys, issue 16) a participant still
 * gets the limit once, not once per process, and a restart forgets nothing. One upsert per counted call,
 * atomic under the row's lock (two processes counting the same key take turns). The embedded default is
 * one process and keeps the plugin's in-memory store.
 */
export async function databaseRateLimitStore(db: Db): Promise<FastifyRateLimitStoreCtor> {
  await migrateSchema(db, 'ratelimits', migrations);
  let lastSweep = 0;
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < sweepEveryMs) return;
    lastSweep = now;
    // Windows that ended: their keys start afresh at the next call anyway.
    void sql`delete from ratelimits.windows
      where started_at + window_ms * interval '1 millisecond' < clock_timestamp()`
      .execute(db)
      .catch(() => undefined);
  };
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, counted: Counted, timeWindow: number): void {
      const id = key.slice(0, maxKeyLength);
      const seconds = timeWindow / 1000;
      sql<{ hits: number; ttl: number }>`
        insert into ratelimits.windows as w (key, started_at, window_ms, hits)
          values (${id}, clock_timestamp(), ${Math.round(timeWindow)}, 1)
        on conflict (key) do update set
          started_at = case when w.started_at + make_interval(secs => ${seconds}) <= clock_timestamp()
            then clock_timestamp() else w.started_at end,
          window_ms = ${Math.round(timeWindow)},
          hits = case when w.started_at + make_interval(secs => ${seconds}) <= clock_timestamp()
            then 1 else w.hits + 1 end
        returning hits,
          greatest(0, ceil(extract(epoch from
            (started_at + make_interval(secs => ${seconds}) - clock_timestamp())) * 1000))::int as ttl`
        .execute(db)
        .then(({ rows }) => {
          sweep();
          counted(null, { current: rows[0]!.hits, ttl: rows[0]!.ttl });
        })
        .catch((error: unknown) => counted(error instanceof Error ? error : new Error(String(error))));
    }

    child(): DatabaseRateLimitStore {
      return this;
    }
  };
}
