import { type RawBuilder, sql } from 'kysely';
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

const parsePosition = (text: string): CommitPosition => {
  const [transactionId, globalPosition] = text.split(':');
  return { transactionId: transactionId!, globalPosition: Number(globalPosition) };
};
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
  /** Per projection and source store: every event of its types up to here was found applied. */
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

  /** One statement for every projection and store (a pool connection and a round trip per sample). */
  async sample(now = Date.now()): Promise<Map<string, ProjectionLagSample>> {
    const lag = new Map(this.projections.map((p) => [p.name, { events: 0, seconds: 0 }]));
    const parts: { key: string; projection: Projection; query: RawBuilder<unknown> }[] = [];
    for (const [schema, readers] of this.#sources) {
      if (!(await this.#exists(schema))) continue;
      let start: CommitPosition | undefined;
      for (const projection of readers) {
        const key = `${projection.name}\u0000${schema}`;
        let clean = this.#clean.get(key);
        if (!clean) this.#clean.set(key, (clean = start ??= await this.#windowStart(schema)));
        parts.push({ key, projection, query: this.#behind(schema, projection, clean, parts.length) });
      }
    }
    if (parts.length === 0) return lag;
    type Row = { part: number; events: number; oldest: Date | string | null; clean: string | null };
    const statement = sql<Row>`${sql.join(
      parts.map((part) => part.query),
      sql` union all `,
    )}`;
    const result = await statement.execute(this.db);
    for (const row of result.rows) {
      const { key, projection } = parts[row.part]!;
      if (row.clean) {
        const next = parsePosition(row.clean);
        if (before(this.#clean.get(key)!, next)) this.#clean.set(key, next);
      }
      const total = lag.get(projection.name)!;
      total.events += row.events;
      if (row.oldest !== null)
        total.seconds = Math.max(total.seconds, Math.max(0, (now - new Date(row.oldest).getTime()) / 1000));
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

  /** First sample of a store: `window` events before its head (older ones are taken as applied). */
  async #windowStart(schema: string): Promise<CommitPosition> {
    const events = sql.table(`${schema}.events`);
    const result = await sql<{ position: string }>`
      select transaction_id::text || ':' || global_position as position from ${events}
      order by ${events}.transaction_id desc, ${events}.global_position desc
      offset ${this.window} limit 1`.execute(this.db);
    return result.rows[0] ? parsePosition(result.rows[0].position) : beginning;
  }

  /**
   * The work in the database: the store's committed events after the projection's clean position
   * (commit order, as the relay reads them, at most `window`), those of its stream types past their
   * stream's applied version, and the new clean position (the last event before the first of them).
   */
  #behind(schema: string, projection: Projection, clean: CommitPosition, part: number): RawBuilder<unknown> {
    const events = sql.table(`${schema}.events`);
    const positions = sql.table(`${projection.schema}.projection_streams`);
    return sql`(
      with tail as (
        select transaction_id, global_position, stream_type, stream_id, stream_version, occurred_at
        from ${events}
        where (transaction_id, global_position) > (${clean.transactionId}::xid8, ${clean.globalPosition})
          and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by ${events}.transaction_id, ${events}.global_position
        limit ${this.window}
      ), behind as (
        select t.transaction_id, t.global_position, t.occurred_at from tail t
        where t.stream_type = any(${[...projection.streamTypes]}::text[])
          and t.stream_version > coalesce((select p.stream_version from ${positions} p
            where p.projection = ${projection.name} and p.stream_id = t.stream_id), 0)
      ), first_behind as (
        select transaction_id, global_position from behind order by transaction_id, global_position limit 1
      )
      select ${part}::int as part, (select count(*)::int from behind) as events,
        (select min(occurred_at) from behind) as oldest,
        (select t.transaction_id::text || ':' || t.global_position from tail t
          where not exists (select 1 from first_behind f
            where (t.transaction_id, t.global_position) >= (f.transaction_id, f.global_position))
          order by t.transaction_id desc, t.global_position desc limit 1) as clean)`;
  }
}
