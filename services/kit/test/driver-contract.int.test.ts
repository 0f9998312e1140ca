// One storage contract for both drivers (issue 30): the same rows written to real PostgreSQL and to the
// embedded PGlite of `npm start` come back as identical JavaScript values — a bytea as a Buffer, an int8
// as a number, a date as its text — for any bytes, integers, times and JSON (fast-check).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/index.ts';
import { copyPgliteTemplate, freshDatabase } from '../src/testing/index.ts';

let postgres: Awaited<ReturnType<typeof freshDatabase>>;
let embedded: Database;
let folder: string;

const table = sql`
  create table contract (
    n int primary key, b bytea, i8 bigint, d date, iv interval, tz timestamptz, j jsonb, num numeric,
    f double precision, yes boolean, i8s bigint[], bs bytea[]
  )`;

beforeAll(async () => {
  postgres = await freshDatabase('contract');
  folder = await mkdtemp(join(tmpdir(), 'sais-contract-'));
  await copyPgliteTemplate(join(folder, 'pg'));
  embedded = await openDatabase({ kind: 'pglite', dataDir: join(folder, 'pg') });
  await table.execute(postgres.database.db);
  await table.execute(embedded.db);
});

afterAll(async () => {
  await embedded?.close();
  await postgres?.drop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const both = () =>
  [
    ['PostgreSQL', postgres.database],
    ['embedded', embedded],
  ] as const;

// Whole milliseconds (what both drivers keep of a timestamptz), within PostgreSQL's range.
const instant = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => new Date(Math.floor(date.getTime())));
const json = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const row = fc.record({
  b: fc.uint8Array({ maxLength: 64 }),
  i8: fc.maxSafeInteger(),
  d: fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2999-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10)),
  days: fc.integer({ min: 0, max: 1000 }),
  tz: instant,
  j: json,
  num: fc.integer({ min: -1_000_000, max: 1_000_000 }).map((cents) => (cents / 100).toFixed(2)),
  f: fc.double({ noNaN: true, noDefaultInfinity: true }),
  yes: fc.boolean(),
  i8s: fc.array(fc.maxSafeInteger(), { maxLength: 5 }),
  bs: fc.array(fc.uint8Array({ maxLength: 8 }), { maxLength: 3 }),
});

describe('the storage contract, on PostgreSQL and on the embedded default', () => {
  it('gives back the same values of every column type the services read', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(row, async (value) => {
        n += 1;
        const read = [];
        for (const [, database] of both()) {
          await sql`
            insert into contract (n, b, i8, d, iv, tz, j, num, f, yes, i8s, bs) values (
              ${n}, ${Buffer.from(value.b)}, ${value.i8}, ${value.d}::date, ${`${value.days} days`}::interval,
              ${value.tz}, ${JSON.stringify(value.j)}::jsonb, ${value.num}::numeric, ${value.f},
              ${value.yes}, ${value.i8s}::bigint[], ${value.bs.map((bytes) => Buffer.from(bytes))}::bytea[]
            )`.execute(database.db);
          const result = await sql<Record<string, unknown>>`
            select b, i8, d, iv, tz, j, num, f, yes, i8s, bs, (select count(*) from contract) as rows
            from contract where n = ${n}`.execute(database.db);
          read.push(result.rows[0]!);
        }
        const [fromPostgres, fromEmbedded] = read;
        expect(fromEmbedded).toEqual(fromPostgres);
        for (const got of read) {
          expect(Buffer.isBuffer(got.b)).toBe(true);
          expect(got.b).toEqual(Buffer.from(value.b));
          expect(got.i8).toBe(value.i8);
          expect(got.d).toBe(value.d);
          expect((got.tz as Date).getTime()).toBe(value.tz.getTime());
          expect(got.j).toEqual(value.j);
          expect(got.num).toBe(value.num);
          expect(got.i8s).toEqual(value.i8s);
          expect((got.bs as unknown[]).every((bytes) => Buffer.isBuffer(bytes))).toBe(true);
          expect(got.rows).toBe(n);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("runs PostgreSQL's statements without JIT, on every connection of the pool (decision 0052)", async () => {
    // Several at once, so the pool opens more than one connection.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        sql<{ jit: string; pid: number }>`select current_setting('jit') as jit, pg_backend_pid() as pid,
          pg_sleep(0.05)`.execute(postgres.database.db),
      ),
    );
    const rows = settings.map((result) => result.rows[0]!);
    expect(new Set(rows.map((row) => row.pid)).size).toBeGreaterThan(1);
    expect(rows.map((row) => row.jit)).toEqual(['off', 'off', 'off', 'off']);
  });

  it('cuts a bytea the way Buffer does (the sample-file leak of issue 30)', async () => {
    for (const [mode, database] of both()) {
      const result = await sql<{
        b: Buffer;
      }>`select ${Buffer.from('id,yield\nr1,64.19\n')}::bytea as b`.execute(database.db);
      expect(result.rows[0]!.b.toString('utf8', 0, 2), mode).toBe('id');
    }
  });
});
