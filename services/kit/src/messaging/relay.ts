import type { Db } from '../db/database.ts';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { EventStore } from '../eventstore/event-store.ts';
import type { EventPublisher } from './transport.ts';

export interface RelayOptions {
  store: EventStore;
  publisher: EventPublisher;
  logger?: Logger;
  batchSize?: number;
  /** Wait between polls when the store had nothing new. */
  idleMs?: number;
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
  #running = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  readonly name: string;

  constructor(options: RelayOptions) {
    this.#options = { batchSize: 500, idleMs: 20, ...options };
    this.name = `relay:${options.store.schema}`;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#options.leaderLock ? this.#runAsLeader(this.#options.leaderLock.db) : this.#run();
    this.#loop.catch((error) =>
      this.#options.logger?.error({ err: error }, `${this.name} stopped on an error`),
    );
  }

  /** Wakes the loop at once (after a local append) instead of waiting for the next poll. */
  notify(): void {
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop?.catch(() => undefined);
  }

  /** Publishes everything committed so far; returns how many events went out. For tests and tools. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.#publishOnce();
      if (sent === 0) return total;
      total += sent;
    }
  }

  async #publishOnce(): Promise<number> {
    const { store, publisher, batchSize } = this.#options;
    const checkpoint = await store.readCheckpoint(this.name);
    const events = await store.readAll(checkpoint, batchSize);
    if (events.length === 0) return 0;
    await publisher.publish(events);
    const last = events[events.length - 1]!;
    await store.saveCheckpoint(this.name, {
      transactionId: last.transactionId,
      globalPosition: last.globalPosition,
    });
    return events.length;
  }

  async #run(): Promise<void> {
    let failures = 0;
    while (this.#running) {
      try {
        const sent = await this.#publishOnce();
        failures = 0;
        if (sent === 0) await this.#idle(this.#options.idleMs);
      } catch (error) {
        failures += 1;
        const backoff = Math.min(5000, 100 * 2 ** Math.min(failures, 6));
        this.#options.logger?.warn({ err: error, backoff }, `${this.name} publish failed, retrying`);
        await this.#idle(backoff);
      }
    }
  }

  async #runAsLeader(db: Db): Promise<void> {
    await db.connection().execute(async (connection) => {
      while (this.#running) {
        const result = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_lock(hashtext(${this.name})) as locked`.execute(connection);
        if (result.rows[0]?.locked) break;
        await this.#idle(1000);
      }
      if (!this.#running) return;
      this.#options.logger?.info(`${this.name} is the active relay`);
      try {
        await this.#run();
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${this.name}))`.execute(connection);
      }
    });
  }

  #idle(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    }).finally(() => {
      this.#wake = undefined;
    });
  }
}
