import type { Db } from '../db/database.ts';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { EventEnvelope } from '@sais/events';
import type { CommitPosition, EventStore } from '../eventstore/event-store.ts';
import { IdleLoop } from '../idle-loop.ts';
import type { EventPublisher } from './transport.ts';

export interface RelayOptions {
  store: EventStore;
  publisher: EventPublisher;
  logger?: Logger;
  batchSize?: number;
  /**
   * Wait after the first poll that found nothing new; each further empty poll waits twice as long, up to
   * `maxIdleMs`, and a poll that sends something (or a `notify`) starts again from `idleMs`. Appends made
   * in this process notify the relay, so they go out at once whatever the wait; the wait bounds how late
   * an append made by another process (a scoring worker, a second instance) is seen after a quiet spell.
   */
  idleMs?: number;
  /** The longest wait between empty polls (see `idleMs`). */
  maxIdleMs?: number;
  /**
   * Real mode runs one active relay per schema: it holds a session advisory lock on a dedicated
   * connection, and a second relay waits as a standby. The embedded default has a single connection
   * and a single process, so it needs no lock.
   */
  leaderLock?: { db: Db };
}

/**
 * The outbox relay: reads the event table in commit order after its checkpoint, publishes, then
 * moves the checkpoint. A crash between the two publishes a batch twice; consumers are idempotent.
 */
export class Relay {
  readonly #options: Required<Omit<RelayOptions, 'logger' | 'leaderLock'>> &
    Pick<RelayOptions, 'logger' | 'leaderLock'>;
  /** Its wakes are the `notify` calls: one since the loop last read the store skips the next wait. */
  readonly #loop = new IdleLoop();
  readonly name: string;

  constructor(options: RelayOptions) {
    // Polling every 20 ms cost an idle embedded platform ~10 % of a core (PGlite answering ~250 reads a
    // second for four services); doubling up to 200 ms costs ~1 % (docs/operations.md, "The test run").
    this.#options = { batchSize: 500, idleMs: 20, maxIdleMs: 200, ...options };
    this.name = `relay:${options.store.schema}`;
  }

  start(): void {
    const { leaderLock } = this.#options;
    this.#loop.start(
      () => (leaderLock ? this.#runAsLeader(leaderLock.db) : this.#run()),
      (error) => this.#options.logger?.error({ err: error }, `${this.name} stopped on an error`),
    );
  }

  /** Wakes the loop at once (after a local append) instead of waiting for the next poll. */
  notify(): void {
    this.#loop.wake();
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
  }

  /** Publishes everything committed so far; returns how many events went out. For tests and tools. */
  async drain(): Promise<number> {
    const { store, batchSize } = this.#options;
    const reader = batchReader(store, batchSize, await store.readCheckpoint(this.name));
    let total = 0;
    try {
      for (;;) {
        const sent = await this.#publishNext(reader);
        if (sent === 0) return total;
        total += sent;
      }
    } finally {
      await reader.settle();
    }
  }

  async #publishNext(reader: BatchReader): Promise<number> {
    const events = await reader.next();
    if (events.length === 0) return 0;
    await this.#options.publisher.publish(events);
    await this.#options.store.saveCheckpoint(this.name, reader.advance(events));
    return events.length;
  }

  /** Publishes until stopped, or until `leading` says this relay lost its lead (then it returns). */
  async #run(leading: () => Promise<boolean> = async () => true): Promise<void> {
    const { store, batchSize, idleMs, maxIdleMs } = this.#options;
    let failures = 0;
    let emptyPolls = 0;
    let reader: BatchReader | undefined;
    try {
      while (this.#loop.running) {
        try {
          // The checkpoint is read when the loop starts (and after an error), not on every poll.
          reader ??= batchReader(store, batchSize, await store.readCheckpoint(this.name));
          // A notify from here on may concern an append this read does not see (not yet committed, or
          // committed after the read began): the polls after it start again from the shortest wait.
          this.#loop.takeWake();
          const sent = await this.#publishNext(reader);
          failures = 0;
          if (sent > 0) emptyPolls = 0;
          else if (await this.#loop.idle(Math.min(maxIdleMs, idleMs * 2 ** Math.min(emptyPolls++, 16))))
            emptyPolls = 0;
        } catch (error) {
          await reader?.settle();
          reader = undefined;
          // The database restarted (say): its lock went with the lock's connection, and another relay
          // may lead by now. Publishing on would be harmless (consumers are idempotent) but not ours.
          if (!(await leading())) return;
          failures += 1;
          const backoff = Math.min(2000, 100 * 2 ** Math.min(failures, 6));
          this.#options.logger?.warn({ err: error, backoff }, `${this.name} publish failed, retrying`);
          this.#loop.takeWake();
          await this.#loop.idle(backoff);
        }
      }
    } finally {
      await reader?.settle();
    }
  }

  /**
   * Leads while it holds the lock on its own connection; when that connection goes (a database restart
   * ends the session and so the lock), it stops publishing and competes for the lock again.
   */
  async #runAsLeader(db: Db): Promise<void> {
    while (this.#loop.running) {
      try {
        await db.connection().execute(async (connection) => {
          while (this.#loop.running) {
            const result = await sql<{
              locked: boolean;
            }>`select pg_try_advisory_lock(hashtext(${this.name})) as locked`.execute(connection);
            if (result.rows[0]?.locked) break;
            this.#loop.takeWake();
            await this.#loop.idle(1000);
          }
          if (!this.#loop.running) return;
          this.#options.logger?.info(`${this.name} is the active relay`);
          const leading = () =>
            sql`select 1`.execute(connection).then(
              () => true,
              () => false,
            );
          try {
            await this.#run(leading);
          } finally {
            await sql`select pg_advisory_unlock(hashtext(${this.name}))`.execute(connection).catch(() => {
              // the connection is gone, and the lock with it
            });
          }
          if (this.#loop.running) throw new Error('lost the connection holding the relay lock');
        });
      } catch (error) {
        if (!this.#loop.running) return;
        this.#options.logger?.warn({ err: error }, `${this.name} lost its database connection, retrying`);
        this.#loop.takeWake();
        await this.#loop.idle(1000);
      }
    }
  }
}

interface BatchReader {
  next(): Promise<EventEnvelope[]>;
  /** Moves past a published batch; returns the new position (for the checkpoint). */
  advance(events: readonly EventEnvelope[]): CommitPosition;
  /** Waits for a read still running ahead, so nothing uses the database once the relay stopped. */
  settle(): Promise<void>;
}

/**
 * Reads batches in commit order after `position`, one batch ahead: when a batch is full the next read
 * runs while it is being published, so a backlog drains at max(read, publish) per batch, not their sum.
 */
function batchReader(store: EventStore, batchSize: number, position: CommitPosition): BatchReader {
  let ahead: Promise<EventEnvelope[]> | undefined;
  const read = (after: CommitPosition) => {
    const pending = store.readAll(after, batchSize);
    pending.catch(() => undefined); // handled where it is awaited
    return pending;
  };
  const positionOf = (event: EventEnvelope): CommitPosition => ({
    transactionId: event.transactionId,
    globalPosition: event.globalPosition,
  });
  return {
    async next() {
      const events = await (ahead ?? read(position));
      ahead = events.length === batchSize ? read(positionOf(events[events.length - 1]!)) : undefined;
      return events;
    },
    advance(events) {
      position = positionOf(events[events.length - 1]!);
      return position;
    },
    async settle() {
      await ahead?.catch(() => undefined);
      ahead = undefined;
    },
  };
}
