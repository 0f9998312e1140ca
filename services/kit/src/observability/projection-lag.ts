import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { type CommitPosition, beginning } from '../eventstore/event-store.ts';
import type { Projection } from '../projections/projection.ts';

/** How far a projection's read model is behind its event stores. */
export interface ProjectionLagSample {
  /** Events of its stream types in the stores that it has not applied yet (counted up to the window). */
  events: number;
  /** Age of the oldest of those events: how much older than the stores the read model may be (0 when none). */
  seconds: number;
}

interface Row {
  transaction_id: string;
  global_position: number;
  stream_type: string;
  stream_id: string;
  stream_version: number;
  occurred_at: Date | string;
}

const positionOf = (row: Row): CommitPosition => ({
  transactionId: row.transaction_id,
  globalPosition: Number(row.global_position),
});
const before = (a: CommitPosition, b: CommitPosition) => {
  const [ta, tb] = [BigInt(a.transactionId), BigInt(b.transactionId)];
  return ta < tb || (ta === tb && a.globalPosition < b.globalPosition);
};

/**
 * Measures each projection's lag from the stores' events and its per-stream positions
 * (`projection_streams`, written with its read model). For every projection and source store it keeps the
 * commit position up to which every event of its stream types was found applied; a sample reads the
 * store's events after it in commit order (at most `window` of them) and looks their streams' positions
 * up. So a sample costs the events appended since the previous one, not the store's size. At the first
 * sample a process starts from the newest `window` events of each store (older ones are taken as
 * applied), and a projection further behind than `window` events counts `window` of them.
 */
export class ProjectionLag {
  readonly #clean = new Map<string, CommitPosition>();
  readonly #sources = new Map<string, Projection[]>();
  readonly #schemasFound = new Set<string>();

  constructor(
    private readonly db: Db,
    readonly projections: readonly Projection[],
    private readonly window = 10_000,
  ) {
    for (const projection of projections) {
      for (const schema of new Set(projection.streamTypes.map((type) => type.split('.')[0]!))) {
        const readers = this.#sources.get(schema) ?? [];
        readers.push(projection);
        this.#sources.set(schema, readers);
      }
    }
  }

  async sample(now = Date.now()): Promise<Map<string, ProjectionLagSample>> {
    const lag = new Map(this.projections.map((p) => [p.name, { events: 0, seconds: 0 }]));
    for (const [schema, readers] of this.#sources) {
      if (!(await this.#exists(schema))) continue;
      const rows = await this.#readAfter(schema, await this.#start(schema, readers));
      for (const projection of readers) {
        const found = await this.#unapplied(schema, projection, rows);
        const total = lag.get(projection.name)!;
        total.events += found.events;
        if (found.oldest !== undefined)
          total.seconds = Math.max(total.seconds, Math.max(0, (now - found.oldest) / 1000));
      }
    }
    return lag;
  }

  /** The events table of a service this process does not run exists once that service migrated. */
  async #exists(schema: string): Promise<boolean> {
    if (this.#schemasFound.has(schema)) return true;
    const found = await sql<{ table: string | null }>`
      select to_regclass(${`${schema}.events`})::text as table`.execute(this.db);
    if (found.rows[0]?.table) this.#schemasFound.add(schema);
    return this.#schemasFound.has(schema);
  }

  /** The earliest clean position of the store's readers (first sample: `window` events before the head). */
  async #start(schema: string, readers: readonly Projection[]): Promise<CommitPosition> {
    let start: CommitPosition | undefined;
    for (const projection of readers) {
      const key = `${projection.name}\u0000${schema}`;
      let clean = this.#clean.get(key);
      if (!clean) {
        clean = await this.#windowStart(schema);
        this.#clean.set(key, clean);
      }
      if (!start || before(clean, start)) start = clean;
    }
    return start ?? beginning;
  }

  async #windowStart(schema: string): Promise<CommitPosition> {
    const events = sql.table(`${schema}.events`);
    const result = await sql<Row>`
      select transaction_id::text as transaction_id, global_position from ${events}
      order by ${events}.transaction_id desc, ${events}.global_position desc
      offset ${this.window} limit 1`.execute(this.db);
    return result.rows[0] ? positionOf(result.rows[0]) : beginning;
  }

  /** Committed events after `after` in commit order, as the relay reads them (never past a running transaction). */
  async #readAfter(schema: string, after: CommitPosition): Promise<Row[]> {
    const events = sql.table(`${schema}.events`);
    const result = await sql<Row>`
      select transaction_id::text as transaction_id, global_position, stream_type, stream_id, stream_version,
        occurred_at
      from ${events}
      where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition})
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by ${events}.transaction_id, ${events}.global_position
      limit ${this.window}`.execute(this.db);
    return result.rows;
  }

  /** The projection's unapplied events among `rows`; moves its clean position up to the first of them. */
  async #unapplied(
    schema: string,
    projection: Projection,
    rows: readonly Row[],
  ): Promise<{ events: number; oldest?: number }> {
    const key = `${projection.name}\u0000${schema}`;
    const clean = this.#clean.get(key)!;
    const fresh = rows.filter((row) => before(clean, positionOf(row)));
    const relevant = fresh.filter((row) => projection.streamTypes.includes(row.stream_type));
    const applied = await this.#positions(projection, [...new Set(relevant.map((row) => row.stream_id))]);
    let events = 0;
    let oldest: number | undefined;
    let advanced = clean;
    for (const row of fresh) {
      const behind =
        projection.streamTypes.includes(row.stream_type) &&
        row.stream_version > (applied.get(row.stream_id) ?? 0);
      if (behind) {
        events += 1;
        oldest ??= new Date(row.occurred_at).getTime();
      } else if (oldest === undefined) advanced = positionOf(row);
    }
    this.#clean.set(key, advanced);
    return { events, oldest };
  }

  async #positions(projection: Projection, streamIds: string[]): Promise<Map<string, number>> {
    if (streamIds.length === 0) return new Map();
    const result = await sql<{ stream_id: string; stream_version: number }>`
      select stream_id, stream_version from ${sql.table(`${projection.schema}.projection_streams`)}
      where projection = ${projection.name} and stream_id = any(${streamIds}::text[])`.execute(this.db);
    return new Map(result.rows.map((row) => [row.stream_id, row.stream_version]));
  }
}
