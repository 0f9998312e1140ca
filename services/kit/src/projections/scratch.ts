import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@sais/events';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { type Db, embeddedDatabaseOpen } from '../db/database.ts';
import { type CommitPosition, type EventStore, beginning } from '../eventstore/event-store.ts';
import { ProjectionRunner, type Projection, readModelTables } from './projection.ts';
import { paced } from '../db/pace.ts';
import { RedirectTables } from './redirect.ts';
import type { PersonalDataKeys } from '../personal/keys.ts';

/**
 * Events per chunk: each chunk is read in one statement and applied in one short transaction. On the
 * embedded database a statement runs on the process's event loop, so a chunk is also how long every
 * request may wait for it: there 100 events keep a chunk around a hundred milliseconds; on PostgreSQL a
 * chunk of 200 costs about the same round trips as one of 100.
 */
export const rebuildChunk = () => (embeddedDatabaseOpen() ? 100 : 200);

export interface RebuildProgress {
  store: string;
  /** Events read from the source stores so far. */
  read: number;
  /** Events the projection applied so far. */
  applied: number;
}

export interface RebuildOptions {
  /** Which events to apply (the rest are read and skipped), e.g. those at or before an as-of time. */
  include?(event: EventEnvelope): boolean;
  onProgress?(progress: RebuildProgress): void;
  chunk?: number;
}

/** How a copy is built: the logger, and the keys that open personal fields as live delivery does. */
export interface ScratchOptions {
  logger?: Logger;
  personal?: PersonalDataKeys;
}

const scratchPrefix = 'sais_scratch_';
const staleAfterMs = 6 * 3600_000;

/**
 * A private copy of a projection's read model in a scratch schema, rebuilt from the events in bounded
 * chunks: each chunk is one read of the event store and one short transaction on the copy, so on the
 * embedded database's single connection other requests take their turn between chunks, and on
 * PostgreSQL no long transaction holds back commit-order readers. The live read model is untouched until
 * a caller swaps the copy in (replay), reads it (as of a time) or compares it (verify), then drops it.
 */
export class ScratchReadModel {
  readonly tables: readonly string[];
  /** The projection's queries, sent to the copy. */
  readonly db: Db;
  readonly #runner: ProjectionRunner;
  readonly #positions = new Map<string, CommitPosition>();
  #read = 0;
  #included = 0;
  #applied = 0;

  private constructor(
    private readonly live: Db,
    readonly projection: Projection,
    readonly schema: string,
    options: ScratchOptions,
  ) {
    this.tables = readModelTables(projection);
    this.db = this.#redirect(live);
    this.#runner = new ProjectionRunner(projection, this.db, options.logger, {
      lockName: schema,
      personal: options.personal,
    });
  }

  /** Creates the scratch schema with empty copies (columns, defaults, keys, indexes) of the read model. */
  static async create(
    db: Db,
    projection: Projection,
    options: ScratchOptions = {},
  ): Promise<ScratchReadModel> {
    await dropStaleScratch(db, options.logger);
    const stamp = Date.now().toString(36);
    const schema = `${scratchPrefix}${stamp}_${randomBytes(4).toString('hex')}`;
    const scratch = new ScratchReadModel(db, projection, schema, options);
    await db.transaction().execute(async (trx) => {
      await sql`create schema ${sql.id(schema)}`.execute(trx);
      for (const table of [...scratch.tables, 'projection_streams'])
        await sql`create table ${sql.table(`${schema}.${table}`)}
          (like ${sql.table(`${projection.schema}.${table}`)} including all)`.execute(trx);
    });
    return scratch;
  }

  get read(): number {
    return this.#read;
  }

  /** Events read that `include` let through (all of them without a filter). */
  get included(): number {
    return this.#included;
  }

  get applied(): number {
    return this.#applied;
  }

  /**
   * Applies the events of the stores, from what this copy already read up to the last event each store
   * had when the build began (a busy platform cannot keep it chasing new events), chunk by chunk.
   */
  async build(stores: readonly EventStore[], options: RebuildOptions = {}): Promise<void> {
    const chunk = options.chunk ?? rebuildChunk();
    for (const store of stores) {
      const end = await store.lastPosition();
      for (;;) {
        // Queued requests (and, on the embedded database, their statements) take turns with each chunk.
        const events = await paced(async () => {
          const read = await store.readAll(this.#positions.get(store.schema) ?? beginning, chunk);
          const within = read.filter((event) => !isAfter(event, end));
          const included = options.include ? within.filter(options.include) : within;
          this.#included += included.length;
          this.#applied += await this.#runner.handleBatch(included);
          return within;
        });
        if (events.length === 0) break;
        this.#read += events.length;
        this.#advance(store.schema, events);
        options.onProgress?.({ store: store.schema, read: this.#read, applied: this.#applied });
      }
    }
  }

  /**
   * Inside the caller's transaction (which holds the projection's lock): applies what was appended
   * since `build` read, so the copy is as current as the events the live projection could have seen.
   */
  async catchUp(trx: Db, stores: readonly EventStore[], chunk = rebuildChunk()): Promise<void> {
    const redirected = this.#redirect(trx);
    for (const store of stores) {
      for (;;) {
        const events = await store.readAll(this.#positions.get(store.schema) ?? beginning, chunk, trx);
        if (events.length === 0) break;
        this.#applied += await this.#runner.handleBatch(events, redirected);
        this.#read += events.length;
        this.#included += events.length;
        this.#advance(store.schema, events);
      }
    }
  }

  /**
   * Inside the caller's transaction (which holds the projection's lock): brings each stream of the copy
   * to the version the live projection has applied, no further, so both stand on the same events.
   */
  async syncToLive(trx: Db, stores: readonly EventStore[], chunk = rebuildChunk()): Promise<void> {
    const { schema: live, name } = this.projection;
    const behind = await sql<{ stream_id: string; applied: number; target: number }>`
      select l.stream_id, coalesce(c.stream_version, 0) as applied, l.stream_version as target
      from ${sql.table(`${live}.projection_streams`)} l
      left join ${sql.table(`${this.schema}.projection_streams`)} c
        on c.projection = l.projection and c.stream_id = l.stream_id
      where l.projection = ${name} and l.stream_version > coalesce(c.stream_version, 0)`.execute(trx);
    if (behind.rows.length === 0) return;
    const wanted = new Map(behind.rows.map((row) => [row.stream_id, row]));
    const events: EventEnvelope[] = [];
    for (const store of stores) {
      const streams = await store.readStreams([...wanted.keys()], trx);
      for (const [streamId, list] of streams) {
        const { applied, target } = wanted.get(streamId)!;
        events.push(...list.filter((e) => e.streamVersion > applied && e.streamVersion <= target));
      }
    }
    events.sort((a, b) =>
      a.transactionId === b.transactionId
        ? a.globalPosition - b.globalPosition
        : BigInt(a.transactionId) < BigInt(b.transactionId)
          ? -1
          : 1,
    );
    const redirected = this.#redirect(trx);
    for (let i = 0; i < events.length; i += chunk)
      this.#applied += await this.#runner.handleBatch(events.slice(i, i + chunk), redirected);
  }

  /** The live projection's applied version of each stream (what a copy built for comparison stops at). */
  async livePositions(): Promise<Map<string, number>> {
    const result = await sql<{ stream_id: string; stream_version: number }>`
      select stream_id, stream_version from ${sql.table(`${this.projection.schema}.projection_streams`)}
      where projection = ${this.projection.name}`.execute(this.live);
    return new Map(result.rows.map((row) => [row.stream_id, row.stream_version]));
  }

  /**
   * Replaces the live read model with this copy inside the caller's transaction: every table's rows
   * and the projection's stream positions. Set-based: one delete and one insert per table.
   */
  async swapInto(trx: Db): Promise<void> {
    const { schema: live, name } = this.projection;
    for (const table of this.tables) {
      const columns = await insertableColumns(trx, live, table);
      const list = sql.join(columns.map((column) => sql.id(column)));
      await sql`delete from ${sql.table(`${live}.${table}`)}`.execute(trx);
      await sql`insert into ${sql.table(`${live}.${table}`)} (${list})
        select ${list} from ${sql.table(`${this.schema}.${table}`)}`.execute(trx);
    }
    await sql`delete from ${sql.table(`${live}.projection_streams`)} where projection = ${name}`.execute(trx);
    await sql`insert into ${sql.table(`${live}.projection_streams`)} (projection, stream_id, stream_version)
      select projection, stream_id, stream_version from ${sql.table(`${this.schema}.projection_streams`)}
      where projection = ${name}`.execute(trx);
  }

  async drop(): Promise<void> {
    await sql`drop schema if exists ${sql.id(this.schema)} cascade`.execute(this.live);
  }

  /** `db` (or a transaction) with the read model's tables sent to the copy. */
  #redirect(db: Db): Db {
    // The copy has its own stream positions, so the runner's exactly-once bookkeeping applies to it too.
    return db.withPlugin(
      new RedirectTables(this.projection.schema, this.schema, [...this.tables, 'projection_streams']),
    );
  }

  #advance(schema: string, events: readonly EventEnvelope[]): void {
    const last = events[events.length - 1]!;
    this.#positions.set(schema, { transactionId: last.transactionId, globalPosition: last.globalPosition });
  }
}

/** Whether an event comes after `position` in commit order. */
function isAfter(event: EventEnvelope, position: CommitPosition): boolean {
  const [a, b] = [BigInt(event.transactionId), BigInt(position.transactionId)];
  return a !== b ? a > b : event.globalPosition > position.globalPosition;
}

/** The columns an insert may name (not generated ones). */
async function insertableColumns(db: Db, schema: string, table: string): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select attname as name from pg_attribute
    where attrelid = ${`${schema}.${table}`}::regclass and attnum > 0 and not attisdropped
      and attgenerated = ''
    order by attnum`.execute(db);
  return result.rows.map((row) => row.name);
}

/** Scratch schemas left by a process that stopped mid-way (older than 6 hours) are dropped. */
async function dropStaleScratch(db: Db, logger?: Logger): Promise<void> {
  const found = await sql<{ name: string }>`
    select nspname as name from pg_namespace where nspname like ${`${scratchPrefix}%`}`.execute(db);
  for (const { name } of found.rows) {
    const stamp = parseInt(name.slice(scratchPrefix.length).split('_')[0] ?? '', 36);
    if (Number.isNaN(stamp) || Date.now() - stamp < staleAfterMs) continue;
    logger?.warn({ schema: name }, 'dropping a scratch schema left behind');
    await sql`drop schema if exists ${sql.id(name)} cascade`.execute(db);
  }
}
