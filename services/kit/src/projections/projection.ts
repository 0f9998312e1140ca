import type { Db } from '../db/database.ts';
import type { EventEnvelope } from '@sais/events';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { openEvents } from '../personal/codec.ts';
import type { PersonalDataKeys } from '../personal/keys.ts';

/** A read model kept from events. Its table writes and its stream positions commit together. */
export interface Projection {
  /** Unique name; also the Kafka consumer group id. */
  readonly name: string;
  /** Schema that holds the read model and the projection's stream positions. */
  readonly schema: string;
  /** Aggregate types (topics) it reads. */
  readonly streamTypes: readonly string[];
  /** Applies one event inside the batch's transaction. Never called twice for the same event. */
  apply(trx: Db, event: EventEnvelope): Promise<void>;
  /**
   * Optional: applies a batch (in order; each event new to the projection) with set-based statements.
   * When present it is used instead of `apply`, so a batch costs a few statements instead of one per event.
   */
  applyBatch?(trx: Db, events: readonly EventEnvelope[]): Promise<void>;
  /** Empties the read model before a replay. */
  reset(trx: Db): Promise<void>;
  /**
   * The tables of the read model in `schema`: a replay rebuilds copies of them apart and swaps them in,
   * an as-of view reads copies of them, and `verifyReadModels` compares them with copies rebuilt.
   */
  readonly tables?: readonly string[];
  /**
   * Tables (`table`) or columns (`table.column`) whose content depends on how events were grouped into
   * batches rather than on the events (e.g. a change counter for caches): not compared by verification.
   */
  readonly volatile?: readonly string[];
}

/** The projection's read-model tables; a projection without them cannot be replayed or verified apart. */
export function readModelTables(projection: Projection): readonly string[] {
  if (!projection.tables?.length)
    throw new Error(`projection ${projection.name} does not list its read-model tables (Projection.tables)`);
  return projection.tables;
}

export function defineProjection(projection: Projection): Projection {
  return projection;
}

/** Stable 32-bit key for the projection's advisory lock (shared by live handling and replay). */
function lockKey(name: string): number {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** Holds the live projection's lock until the caller's transaction ends: live delivery waits meanwhile. */
export async function lockProjection(trx: Db, projection: Projection): Promise<void> {
  await sql`select pg_advisory_xact_lock(${lockKey(projection.name)})`.execute(trx);
}

/**
 * Applies batches to a projection exactly once per event: each stream's last applied version is kept
 * in `projection_streams` in the same transaction as the read-model writes, so a redelivered event
 * (relay or consumer restarted after a crash) changes nothing.
 */
export class ProjectionRunner {
  readonly #lockKey: number;
  readonly personal: PersonalDataKeys | undefined;

  constructor(
    readonly projection: Projection,
    private readonly db: Db,
    private readonly logger?: Logger,
    options: {
      /** A copy of the read model elsewhere (a scratch schema) takes its own lock, not the live one's. */
      lockName?: string;
      /** Opens the personal fields of the events before the projection sees them (decision 0017). */
      personal?: PersonalDataKeys;
    } = {},
  ) {
    this.#lockKey = lockKey(options.lockName ?? projection.name);
    this.personal = options.personal;
  }

  async handleBatch(events: readonly EventEnvelope[], trx?: Db): Promise<number> {
    const relevant = events.filter((event) => this.projection.streamTypes.includes(event.streamType));
    if (relevant.length === 0) return 0;
    if (trx) return (await this.#applyIn(trx, relevant)).length;
    const applied = await this.db.transaction().execute((t) => this.#applyIn(t, relevant));
    // After the commit: the flows (correlation ids) whose events the read model now shows (LOG_LEVEL=debug).
    if (applied.length > 0 && this.logger?.isLevelEnabled('debug'))
      this.logger.debug(
        {
          projection: this.projection.name,
          applied: applied.length,
          correlationIds: [...new Set(applied.map((event) => event.correlationId))],
        },
        'projection applied',
      );
    return applied.length;
  }

  /** Applies what is new to the projection; returns those events. */
  async #applyIn(trx: Db, events: readonly EventEnvelope[]): Promise<EventEnvelope[]> {
    const { name, schema } = this.projection;
    const positions = sql.table(`${schema}.projection_streams`);
    await sql`select pg_advisory_xact_lock(${this.#lockKey})`.execute(trx);
    const streamIds = [...new Set(events.map((event) => event.streamId))];
    const stored = await sql<{ stream_id: string; stream_version: number }>`
      select stream_id, stream_version from ${positions}
      where projection = ${name} and stream_id = any(${streamIds})`.execute(trx);
    const applied = new Map(stored.rows.map((row) => [row.stream_id, row.stream_version]));
    const changed = new Map<string, number>();
    const fresh: EventEnvelope[] = [];
    for (const event of events) {
      const last = changed.get(event.streamId) ?? applied.get(event.streamId) ?? 0;
      if (event.streamVersion <= last) continue;
      if (event.streamVersion !== last + 1) {
        this.logger?.error(
          { projection: name, streamId: event.streamId, expected: last + 1, got: event.streamVersion },
          'projection saw a gap in a stream',
        );
      }
      fresh.push(event);
      changed.set(event.streamId, event.streamVersion);
    }
    if (fresh.length === 0) return [];
    // Personal fields arrive sealed; a deleted person's open to null, so read models blank them.
    const opened = this.personal ? await openEvents(this.personal, fresh, trx) : fresh;
    if (this.projection.applyBatch) await this.projection.applyBatch(trx, opened);
    else for (const event of opened) await this.projection.apply(trx, event);
    // Every stream position of the batch in one statement.
    await sql`
      insert into ${positions} (projection, stream_id, stream_version)
      select ${name}, stream_id, stream_version
      from unnest(${[...changed.keys()]}::text[], ${[...changed.values()]}::integer[]) as p(stream_id, stream_version)
      on conflict (projection, stream_id) do update set stream_version = excluded.stream_version`.execute(
      trx,
    );
    return fresh;
  }

  /** Empties the read model and forgets every stream position, inside the caller's transaction. */
  async resetIn(trx: Db): Promise<void> {
    await lockProjection(trx, this.projection);
    await this.projection.reset(trx);
    await sql`delete from ${sql.table(`${this.projection.schema}.projection_streams`)}
      where projection = ${this.projection.name}`.execute(trx);
  }
}
