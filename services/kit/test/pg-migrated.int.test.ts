/**
 * Test platforms start on a copy of a migrated template database (testing/pg-migrated.ts). A process may
 * use two servers: the shared one, then one a fault test starts and stops (that file once found the
 * template "made" because this process had made it on the shared server, and its `create database …
 * template` failed on its own). Here: a template on each server, several test processes' worth of
 * copies made at once on a server that has none yet, and the second server stopped
 * afterwards with nothing of this process left connected to it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InterruptibleServer, startPostgres } from '../../../infra/test/containers.ts';
import { freshDatabase } from '../src/testing/index.ts';
import type { MigratedSchema } from '../src/testing/pglite-migrated.ts';

const service: MigratedSchema = {
  schema: 'templated',
  migrations: {
    '2026-11-29-01-notes': {
      async up(db) {
        await db.schema
          .createTable('templated.notes')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .execute();
      },
    },
  },
};

async function hasNotes(database: Awaited<ReturnType<typeof freshDatabase>>): Promise<boolean> {
  const { rows } = await sql<{
    found: string | null;
  }>`select to_regclass('templated.notes')::text as found`.execute(database.database.db);
  return rows[0]?.found === 'templated.notes';
}

describe('migrated templates, one per server', () => {
  let own: InterruptibleServer & { url: string };
  const shared = process.env.DATABASE_URL;
  const restore = () => {
    if (shared === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = shared;
  };

  beforeAll(async () => {
    own = await startPostgres();
  }, 120_000);

  afterAll(async () => {
    restore();
    await own?.stop();
  }, 60_000);

  it('a copy on the shared server, then copies on a second server made at once, each migrated', async () => {
    const first = await freshDatabase('tpl', { migrated: [service] });
    try {
      expect(await hasNotes(first)).toBe(true);
    } finally {
      await first.drop();
    }
    // As a fault test does: this process's servers are now another's.
    process.env.DATABASE_URL = own.url;
    try {
      const copies = await Promise.all([1, 2, 3].map(() => freshDatabase('tpl', { migrated: [service] })));
      try {
        expect(await Promise.all(copies.map(hasNotes))).toEqual([true, true, true]);
        expect(new Set(copies.map((copy) => new URL(copy.url).host))).toEqual(
          new Set([new URL(own.url).host]),
        );
      } finally {
        await Promise.all(copies.map((copy) => copy.drop()));
      }
    } finally {
      restore();
    }
  }, 120_000);
});
