import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A table's primary key: its columns and their types (as `format_type` writes them). */
export interface PrimaryKey {
  columns: string[];
  types: string[];
}

/** Keys (as text, column by column) of one table's rows that differ. */
export interface TableRows {
  key: PrimaryKey;
  keys: string[][];
}

interface Row {
  keyValues: string[];
  row: Record<string, unknown>;
}

/** Rows of the same key range of a table, in the live read model and in its rebuilt copy. */
export interface PagePair {
  key: PrimaryKey;
  live: Row[];
  rebuilt: Row[];
}

export async function primaryKeyOf(db: Db, schema: string, table: string): Promise<PrimaryKey> {
  const result = await sql<{ column: string; type: string }>`
    select a.attname as column, format_type(a.atttypid, a.atttypmod) as type
    from pg_index i
    join lateral unnest(i.indkey) with ordinality as k(attnum, n) on true
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = ${`${schema}.${table}`}::regclass and i.indisprimary
    order by k.n`.execute(db);
  if (result.rows.length === 0) throw new Error(`${schema}.${table} has no primary key to compare rows by`);
  return { columns: result.rows.map((row) => row.column), types: result.rows.map((row) => row.type) };
}

const tuple = (key: PrimaryKey) => sql`(${sql.join(key.columns.map((column) => sql.ref(`t.${column}`)))})`;
const typed = (key: PrimaryKey, values: readonly string[]) =>
  sql`(${sql.join(values.map((value, i) => sql`${value}::${sql.raw(key.types[i]!)}`))})`;

function select(
  schema: string,
  table: string,
  key: PrimaryKey,
  where: RawBuilder<unknown>,
  limit: number,
): RawBuilder<{ row: Record<string, unknown>; key: string[] }> {
  const keyText = sql.join(key.columns.map((column) => sql`${sql.ref(`t.${column}`)}::text`));
  return sql<{ row: Record<string, unknown>; key: string[] }>`
    select to_jsonb(t) as row, array[${keyText}] as key from ${sql.table(`${schema}.${table}`)} t
    where ${where} order by ${sql.join(key.columns.map((column) => sql.ref(`t.${column}`)))} limit ${limit}`;
}

const toRows = (rows: { row: Record<string, unknown>; key: string[] }[]): Row[] =>
  rows.map((row) => ({ keyValues: row.key, row: row.row }));

/**
 * Walks a table in primary-key order, `size` live rows at a time, each page with the rebuilt rows of the
 * same key range (PostgreSQL orders both sides, so collations agree); then the rebuilt rows past the last
 * live one. Each page is two short statements.
 */
export async function* readPage(
  db: Db,
  target: { live: string; rebuilt: string; table: string; key: PrimaryKey },
  size = 1000,
): AsyncGenerator<PagePair> {
  const { live, rebuilt, table, key } = target;
  let after: string[] | null = null;
  const above = (bound: string[] | null) => (bound ? sql`${tuple(key)} > ${typed(key, bound)}` : sql`true`);
  for (;;) {
    const liveRows = toRows((await select(live, table, key, above(after), size).execute(db)).rows);
    if (liveRows.length === size) {
      const upper = liveRows[liveRows.length - 1]!.keyValues;
      const within = sql`${above(after)} and ${tuple(key)} <= ${typed(key, upper)}`;
      const rebuiltRows = toRows((await select(rebuilt, table, key, within, size * 10).execute(db)).rows);
      yield { key, live: liveRows, rebuilt: rebuiltRows };
      after = upper;
      continue;
    }
    // The live rows end here: what the rebuilt copy has beyond them, page by page.
    let rest = toRows((await select(rebuilt, table, key, above(after), size).execute(db)).rows);
    yield { key, live: liveRows, rebuilt: rest };
    while (rest.length === size) {
      const from = rest[rest.length - 1]!.keyValues;
      rest = toRows((await select(rebuilt, table, key, above(from), size).execute(db)).rows);
      yield { key, live: [], rebuilt: rest };
    }
    return;
  }
}

/** The rows of the given keys on both sides. */
export async function readKeys(
  db: Db,
  target: { live: string; rebuilt: string; table: string; key: PrimaryKey; keys: string[][] },
): Promise<PagePair> {
  const { key, keys } = target;
  const columns = key.columns.map((_, i) => keys.map((values) => values[i]!));
  const wanted = sql`${tuple(key)} in (select ${sql.join(
    key.types.map((type, i) => sql`${sql.ref(`k.c${i}`)}::${sql.raw(type)}`),
  )} from unnest(${sql.join(columns.map((values) => sql`${values}::text[]`))}) as k(${sql.join(
    key.columns.map((_, i) => sql.id(`c${i}`)),
  )}))`;
  const read = async (schema: string) =>
    toRows((await select(schema, target.table, key, wanted, keys.length).execute(db)).rows);
  return { key, live: await read(target.live), rebuilt: await read(target.rebuilt) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The rows of a page pair that differ, by key; `ignored` columns are not compared. */
export function compareRows(
  page: PagePair,
  ignored: ReadonlySet<string>,
): {
  keyValues: string[];
  difference: {
    key: Record<string, unknown>;
    kind: 'changed' | 'extra' | 'missing';
    columns: { column: string; live: unknown; rebuilt: unknown }[];
  };
}[] {
  const rebuilt = new Map(page.rebuilt.map((row) => [row.keyValues.join('\u0000'), row]));
  const keyOf = (row: Row) => Object.fromEntries(page.key.columns.map((column) => [column, row.row[column]]));
  const columnsOf = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((column) => !ignored.has(column));
  const differences = [];
  for (const live of page.live) {
    const id = live.keyValues.join('\u0000');
    const twin = rebuilt.get(id);
    rebuilt.delete(id);
    if (!twin) {
      differences.push({
        keyValues: live.keyValues,
        difference: {
          key: keyOf(live),
          kind: 'extra' as const,
          columns: columnsOf(live.row, {}).map((column) => ({
            column,
            live: live.row[column],
            rebuilt: null,
          })),
        },
      });
      continue;
    }
    const changed = columnsOf(live.row, twin.row).filter(
      (column) => !same(live.row[column], twin.row[column]),
    );
    if (changed.length > 0)
      differences.push({
        keyValues: live.keyValues,
        difference: {
          key: keyOf(live),
          kind: 'changed' as const,
          columns: changed.map((column) => ({
            column,
            live: live.row[column] ?? null,
            rebuilt: twin.row[column] ?? null,
          })),
        },
      });
  }
  for (const missing of rebuilt.values())
    differences.push({
      keyValues: missing.keyValues,
      difference: {
        key: keyOf(missing),
        kind: 'missing' as const,
        columns: columnsOf({}, missing.row).map((column) => ({
          column,
          live: null,
          rebuilt: missing.row[column],
        })),
      },
    });
  return differences;
}
