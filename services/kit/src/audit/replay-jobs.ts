import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { EventStore } from '../eventstore/event-store.ts';
import type { PersonalDataKeys } from '../personal/keys.ts';
import type { Projection } from '../projections/projection.ts';
import { replayProjection } from '../projections/replay.ts';
import type { AuditJobs } from './jobs.ts';

export type ReplayState = 'idle' | 'running' | 'done' | 'failed';

/** What `GET .../replay/:projection` answers; `read` of `total` drives the console's progress bar. */
export interface ReplayStatus {
  projection: string;
  state: ReplayState;
  /** Events read from the source stores so far. */
  read: number;
  /** Events the projection applied so far. */
  applied: number;
  /** Events in the source stores when the replay started (`read` reaches it when done). */
  total: number;
  startedAt: string | null;
  finishedAt: string | null;
  startedBy: string | null;
  /** Why the last replay failed (server faults stay in the log). */
  error: string | null;
}

/**
 * Replays started from the console, one at a time per projection, with their progress kept in memory
 * of the process that holds the projection (a replay rebuilds apart and swaps the result in with one
 * transaction: a restart mid-way loses nothing but the progress figures and a scratch schema).
 */
export class ReplayJobs {
  readonly #status = new Map<string, ReplayStatus>();
  readonly #running = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly logger?: Logger,
    private readonly personal?: PersonalDataKeys,
    /** The auditors' jobs queue: a replay waits its turn there with the other heavy checks (issue 33). */
    private readonly queue?: AuditJobs,
  ) {}

  status(projection: string): ReplayStatus {
    return (
      this.#status.get(projection) ?? {
        projection,
        state: 'idle',
        read: 0,
        applied: 0,
        total: 0,
        startedAt: null,
        finishedAt: null,
        startedBy: null,
        error: null,
      }
    );
  }

  isRunning(projection: string): boolean {
    return this.#running.has(projection);
  }

  /** Starts a replay in the background; false when one of this projection is already running. */
  async start(projection: Projection, sources: readonly EventStore[], startedBy: string): Promise<boolean> {
    const name = projection.name;
    if (this.#running.has(name)) return false;
    const status: ReplayStatus = {
      projection: name,
      state: 'running',
      read: 0,
      applied: 0,
      total: 0,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      startedBy,
      error: null,
    };
    this.#status.set(name, status);
    const replay = async () => {
      const counts = await Promise.all(sources.map((store) => countEvents(this.db, store.schema)));
      status.total = counts.reduce((sum, n) => sum + n, 0);
      const result = await replayProjection(
        this.db,
        projection,
        sources,
        (progress) => {
          status.read = progress.read;
          status.applied = progress.applied;
          status.total = Math.max(status.total, progress.read);
        },
        { logger: this.logger, personal: this.personal },
      );
      status.read = result.read;
      status.applied = result.applied;
      // Events appended while the replay ran reach the read model by live delivery, not by the replay.
      status.total = result.read;
    };
    const run = (async () => {
      try {
        if (this.queue) await this.queue.run('replay', 'replay', startedBy, replay);
        else await replay();
        status.state = 'done';
      } catch (error) {
        status.state = 'failed';
        status.error = error instanceof Error ? error.message : String(error);
        this.logger?.error({ err: error, projection: name }, 'projection replay failed');
      } finally {
        status.finishedAt = new Date().toISOString();
        this.#running.delete(name);
      }
    })();
    this.#running.set(name, run);
    return true;
  }

  /** Resolves when the projection's running replay (if any) has finished. */
  async settled(projection: string): Promise<void> {
    await this.#running.get(projection);
  }

  /** Waits for every running replay (on shutdown). */
  async close(): Promise<void> {
    await Promise.all(this.#running.values());
  }
}

export async function countEvents(db: Db, schema: string): Promise<number> {
  const result = await sql<{
    n: number;
  }>`select count(*)::int as n from ${sql.table(`${schema}.events`)}`.execute(db);
  return result.rows[0]?.n ?? 0;
}
