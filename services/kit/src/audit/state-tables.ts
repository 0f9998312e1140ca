import type { EventEnvelope } from '@sais/events';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { type CommitPosition, type EventStore, beginning } from '../eventstore/event-store.ts';
import { openEvents } from '../personal/codec.ts';
import type { PersonalDataKeys } from '../personal/keys.ts';

/**
 * A column of a state table the events determine. `type` is the SQL type the expected value is written
 * as; `live` an expression over the live row instead of the column (e.g. the SHA-256 of a stored file).
 */
export interface StateColumn {
  type: string;
  live?: string;
  /** Null expected means "the events do not say" (older events without the field): not compared then. */
  optional?: boolean;
  /**
   * A timestamp the command took from its own clock beside the event's `occurredAt`: equal within this
   * many seconds (the events fix the moment only to that precision).
   */
  withinSeconds?: number;
}

/** A state table (or the part of it the events describe) and how its rows are named. */
export interface StateTable {
  table: string;
  /** Columns that name a row (unique in the table; not necessarily its primary key). */
  key: readonly string[];
  /** Every compared column with its type, the key's included. */
  columns: Readonly<Record<string, StateColumn>>;
  /** SQL condition on the live rows (`t.`): only those are compared (e.g. rows of one kind). */
  where?: string;
}

/** The rows the events say a state table must hold, folded event by event. */
export class ExpectedRows {
  readonly #tables = new Map<string, Map<string, Record<string, unknown>>>();
  /** The check's own fold state during one run (e.g. each stream's decider state). */
  readonly state = new Map<string, unknown>();

  constructor(private readonly spec: readonly StateTable[]) {
    for (const table of spec) this.#tables.set(table.table, new Map());
  }

  #id(table: string, row: Record<string, unknown>): string {
    const spec = this.spec.find((entry) => entry.table === table);
    if (!spec) throw new Error(`no state table ${table} in this check`);
    return JSON.stringify(spec.key.map((column) => row[column]));
  }

  get(table: string, key: Record<string, unknown>): Record<string, unknown> | undefined {
    return this.#tables.get(table)!.get(this.#id(table, key));
  }

  /** Sets the row (its key columns included); columns not given keep their values. */
  set(table: string, row: Record<string, unknown>): void {
    const id = this.#id(table, row);
    const rows = this.#tables.get(table)!;
    rows.set(id, { ...rows.get(id), ...row });
  }

  delete(table: string, key: Record<string, unknown>): void {
    this.#tables.get(table)!.delete(this.#id(table, key));
  }

  rows(table: string): Iterable<Record<string, unknown>> {
    return this.#tables.get(table)!.values();
  }
}

/**
 * What a service's events say about its state tables (rows its commands write in the same transaction
 * as their events): `apply` folds the events, in commit order, into the expected rows.
 */
export interface StateCheck {
  /** e.g. `scoring state`. */
  readonly name: string;
  readonly schema: string;
  readonly streamTypes: readonly string[];
  readonly tables: readonly StateTable[];
  apply(rows: ExpectedRows, event: EventEnvelope): void;
}

export interface StateDifference {
  table: string;
  key: Record<string, unknown>;
  /** `extra`: a live row no event explains; `missing`: a row the events make that the table lacks. */
  kind: 'changed' | 'extra' | 'missing';
  columns: { column: string; live: unknown; expected: unknown }[];
}

export interface StateCheckReport {
  check: string;
  ok: boolean;
  tables: { table: string; liveRows: number; expectedRows: number; differences: number }[];
  differences: StateDifference[];
  differenceCount: number;
}

export interface StateTablesResult {
  ok: boolean;
  checks: StateCheckReport[];
}

const chunk = 1000;

/**
 * Folds each check's events and compares the expected rows with the live state tables, column by
 * column, in one repeatable-read transaction: a command writes its rows and its events in one
 * transaction, so the snapshot sees both or neither and a running platform raises no false alarm. The
 * events are read in chunks; the expected rows go to a temporary table in chunks and each table is
 * compared in one set-based statement (a full join on the key). The live tables are never written.
 */
export async function verifyStateTables(
  db: Db,
  checks: readonly StateCheck[],
  storesOf: (check: StateCheck) => EventStore[],
  options: { personal?: PersonalDataKeys; maxDifferences?: number } = {},
): Promise<StateTablesResult> {
  const reports: StateCheckReport[] = [];
  for (const check of checks)
    reports.push(
      await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute((trx) => verifyOne(trx, check, storesOf(check), options)),
    );
  return { ok: reports.every((report) => report.ok), checks: reports };
}

async function verifyOne(
  trx: Db,
  check: StateCheck,
  stores: readonly EventStore[],
  options: { personal?: PersonalDataKeys; maxDifferences?: number },
): Promise<StateCheckReport> {
  const expected = new ExpectedRows(check.tables);
  for (const store of stores) {
    let after: CommitPosition = beginning;
    for (;;) {
      const read = await store.readAll(after, chunk, trx, { snapshot: true });
      if (read.length === 0) break;
      const last = read[read.length - 1]!;
      after = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      const relevant = read.filter((event) => check.streamTypes.includes(event.streamType));
      const opened = options.personal ? await openEvents(options.personal, relevant, trx) : relevant;
      for (const event of opened) check.apply(expected, event);
    }
  }
  const max = options.maxDifferences ?? 100;
  const tables: StateCheckReport['tables'] = [];
  const differences: StateDifference[] = [];
  let differenceCount = 0;
  for (const table of check.tables) {
    const temp = `sais_expected_${table.table}`;
    const columns = Object.entries(table.columns);
    const typed = sql.join(columns.map(([name, column]) => sql`${sql.id(name)} ${sql.raw(column.type)}`));
    await sql`create temporary table ${sql.id(temp)} (${typed}) on commit drop`.execute(trx);
    const rows = [...expected.rows(table.table)];
    for (let i = 0; i < rows.length; i += chunk) {
      const json = JSON.stringify(rows.slice(i, i + chunk));
      await sql`insert into ${sql.id(temp)}
        select * from jsonb_to_recordset(${json}::jsonb) as x(${typed})`.execute(trx);
    }
    const found = await compareTable(trx, check.schema, table, temp, max - differences.length);
    tables.push({
      table: table.table,
      liveRows: found.liveRows,
      expectedRows: rows.length,
      differences: found.count,
    });
    differences.push(...found.differences);
    differenceCount += found.count;
  }
  return { check: check.name, ok: differenceCount === 0, tables, differences, differenceCount };
}

/** One statement: the live rows (of `where`) full-joined with the expected ones on the key. */
async function compareTable(
  trx: Db,
  schema: string,
  table: StateTable,
  temp: string,
  limit: number,
): Promise<{ liveRows: number; count: number; differences: StateDifference[] }> {
  const columns = Object.entries(table.columns);
  const liveList = sql.join(
    columns.map(([name, column]) => sql`${sql.raw(column.live ?? `t.${quote(name)}`)} as ${sql.id(name)}`),
  );
  const on = sql.join(
    table.key.map((column) => sql`${sql.ref(`l.${column}`)} = ${sql.ref(`e.${column}`)}`),
    sql` and `,
  );
  const differs = (name: string, column: StateColumn): RawBuilder<unknown> => {
    const [l, e] = [sql.ref(`l.${name}`), sql.ref(`e.${name}`)];
    const base = column.withinSeconds
      ? sql`((${l} is null) <> (${e} is null) or abs(extract(epoch from ${l} - ${e})) > ${column.withinSeconds})`
      : sql`${l} is distinct from ${e}`;
    return column.optional ? sql`(${e} is not null and ${base})` : base;
  };
  const compared = columns.filter(([name]) => !table.key.includes(name));
  const changedList = compared.length
    ? sql`array_remove(array[${sql.join(
        compared.map(([name, column]) => sql`case when ${differs(name, column)} then ${name} end`),
      )}]::text[], null)`
    : sql`array[]::text[]`;
  const object = (alias: string) =>
    sql`jsonb_build_object(${sql.join(
      columns.map(([name]) => sql`${name}::text, ${sql.ref(`${alias}.${name}`)}`),
    )})`;
  const firstKey = table.key[0]!;
  const anyChanged = compared.length
    ? sql.join(
        compared.map(([name, column]) => differs(name, column)),
        sql` or `,
      )
    : sql`false`;
  const result = await sql<{
    live: Record<string, unknown> | null;
    expected: Record<string, unknown> | null;
    changed: string[];
    total: number;
    live_rows: number;
  }>`
    with l as (select ${liveList} from ${sql.table(`${schema}.${table.table}`)} t
               where ${sql.raw(table.where ?? 'true')}),
         d as (
           select case when ${sql.ref(`l.${firstKey}`)} is null then null else ${object('l')} end as live,
             case when ${sql.ref(`e.${firstKey}`)} is null then null else ${object('e')} end as expected,
             ${changedList} as changed
           from l full join ${sql.id(temp)} e on ${on}
           where ${sql.ref(`l.${firstKey}`)} is null or ${sql.ref(`e.${firstKey}`)} is null or ${anyChanged})
    select d.*, (select count(*) from d)::int as total, (select count(*) from l)::int as live_rows
    from d right join (select 1) one on true
    limit ${Math.max(limit, 1)}`.execute(trx);
  const first = result.rows[0];
  const liveRows = first?.live_rows ?? 0;
  const count = first?.total ?? 0;
  const differences = result.rows
    .filter((row) => row.live !== null || row.expected !== null)
    .slice(0, Math.max(limit, 0))
    .map((row): StateDifference => {
      const source = (row.live ?? row.expected)!;
      const key = Object.fromEntries(table.key.map((column) => [column, source[column]]));
      const kind = row.live === null ? 'missing' : row.expected === null ? 'extra' : 'changed';
      const names = kind === 'changed' ? row.changed : compared.map(([name]) => name);
      return {
        table: table.table,
        key,
        kind,
        columns: names.map((column) => ({
          column,
          live: row.live?.[column] ?? null,
          expected: row.expected?.[column] ?? null,
        })),
      };
    });
  return { liveRows, count, differences };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
