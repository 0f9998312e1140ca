import pg from 'pg';

type TypeId = Parameters<typeof pg.types.setTypeParser>[0];

/**
 * One storage contract for both drivers: whatever runs underneath (PostgreSQL through `pg`, or the
 * embedded PGlite of `npm start`), a column comes back as the same JavaScript value. This is the one
 * place that converts; services never check which driver they are on.
 *
 * | PostgreSQL type       | value          | pg by itself        | PGlite by itself     |
 * |-----------------------|----------------|---------------------|----------------------|
 * | bytea (and bytea[])   | Buffer         | Buffer              | Uint8Array           |
 * | int8 / bigint, count  | number         | string              | bigint               |
 * | int8[]                | number[]       | string[]            | number[]             |
 * | date                  | 'YYYY-MM-DD'   | Date (local midnight)| Date (UTC midnight) |
 * | interval              | its text       | PostgresInterval    | text                 |
 * | timestamptz           | Date           | Date                | Date                 |
 * | json, jsonb           | parsed value   | parsed value        | parsed value         |
 * | numeric               | string         | string              | string               |
 *
 * The differences on the right are why this file exists: a `Uint8Array` ignores `toString`'s
 * arguments, so a sample file cut from a bytea on PGlite handed out the whole ground truth (issue 30).
 * Event positions and counts stay far below 2^53, so int8 as a number is exact and simpler than bigint.
 * `services/kit/test/driver-contract.int.test.ts` runs the same queries on both drivers and checks
 * the values are identical, for any bytes, integers, times and JSON (fast-check).
 */

const OIDS = { bytea: 17, int8: 20, date: 1082, interval: 1186, int8Array: 1016 } as const;

const toNumber = (text: string) => Number(text);
const asText = (text: string) => text;

let pgConfigured = false;
/** Sets `pg`'s parsers (process-wide; idempotent). */
export function configurePgTypes(): void {
  if (pgConfigured) return;
  pgConfigured = true;
  pg.types.setTypeParser(OIDS.int8, toNumber);
  // int8[]: pg's own int4[] parser (numbers); the typings know only the TypeId enum's scalar types.
  const integerArray = pg.types.getTypeParser(1007 as TypeId);
  pg.types.setTypeParser(OIDS.int8Array as TypeId, integerArray);
  pg.types.setTypeParser(OIDS.date, asText);
  pg.types.setTypeParser(OIDS.interval, asText);
}

/** A bytea in PostgreSQL's hex output (`\x…`, PGlite's default) as a Buffer. */
function byteaFromHex(text: string): Buffer {
  if (!text.startsWith('\\x'))
    throw new Error('bytea_output must be hex: the embedded database returned another bytea format');
  return Buffer.from(text.slice(2), 'hex');
}

/** The parsers PGlite is opened with (its parsers apply to array elements too: bytea[], int8[]). */
export const pgliteParsers: Record<number, (text: string) => unknown> = {
  [OIDS.bytea]: byteaFromHex,
  [OIDS.int8]: toNumber,
  [OIDS.date]: asText,
  [OIDS.interval]: asText,
};
