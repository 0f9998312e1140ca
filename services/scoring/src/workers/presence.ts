import { IdleLoop } from '@sais/kit/idle-loop';
import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';
import type { Logger } from 'pino';

/** Which worker processes live: asked before taking over a claim whose lease has not run out. */
export interface Liveness {
  /** The ids among `workerIds` whose process is alive. */
  alive(workerIds: readonly string[]): Promise<Set<string>>;
}

/** The embedded default runs one process: only its own claims are held by a live worker. */
export function selfOnly(workerId: string): Liveness {
  return { alive: async (ids) => new Set(ids.filter((id) => id === workerId)) };
}

/** First key of the workers' advisory locks (the second is hashtext(worker id)). */
const LOCK_CLASS = sql<number>`hashtext('scoring.workers')`;

/**
 * Worker presence in PostgreSQL itself: each worker process holds an advisory lock keyed by its worker
 * id on a connection of its own, for as long as it lives. When a process dies (kill -9, crash, lost
 * host) the server ends its session and the lock goes at once, so another worker takes over its claims
 * without waiting for their leases to run out (docs/decisions/0014-fault-tolerance.md). A database
 * restart ends every session: each worker takes its lock again within a second; meanwhile others may
 * take over its claims, which costs work twice, never a result twice (each step checks the stream's
 * version). Two ids with the same 32-bit hash only make a dead worker look alive until its lease ends.
 */
export class WorkerPresence implements Liveness {
  readonly #loop = new IdleLoop();

  constructor(
    private readonly db: Db,
    private readonly workerId: string,
    private readonly logger?: Logger,
    /** How often the lock's connection is checked (and the lock retaken after a restart). */
    private readonly checkMs = 1000,
  ) {}

  start(): void {
    this.#loop.start(() => this.#hold());
  }

  /** Lets the lock go: this process's claims are free to take over from now on. */
  async stop(): Promise<void> {
    await this.#loop.stop();
  }

  async alive(workerIds: readonly string[]): Promise<Set<string>> {
    if (workerIds.length === 0) return new Set();
    const { rows } = await sql<{ worker: string }>`
      select w.worker from unnest(${[...new Set(workerIds)]}::text[]) as w(worker)
      where exists (
        select 1 from pg_locks l
        where l.locktype = 'advisory' and l.granted and l.objsubid = 2
          and l.database = (select oid from pg_database where datname = current_database())
          and l.classid = ${LOCK_CLASS}::oid and l.objid = hashtext(w.worker)::oid)`.execute(this.db);
    return new Set(rows.map((row) => row.worker));
  }

  async #hold(): Promise<void> {
    while (this.#loop.running) {
      try {
        await this.db.connection().execute(async (connection) => {
          await sql`select pg_advisory_lock(${LOCK_CLASS}, hashtext(${this.workerId}))`.execute(connection);
          try {
            while (this.#loop.running) {
              await this.#loop.idle(this.checkMs);
              await sql`select 1`.execute(connection);
            }
          } finally {
            await sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${this.workerId}))`
              .execute(connection)
              .catch(() => undefined); // a closed connection took the lock with it
          }
        });
      } catch (error) {
        if (!this.#loop.running) return;
        this.logger?.warn({ err: error }, 'scoring worker presence lost its connection, retaking it');
        await this.#loop.idle(this.checkMs);
      }
    }
  }
}
