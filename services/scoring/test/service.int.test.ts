import { sql } from 'kysely';
import { platformForTest } from '@sais/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoringService } from '../src/index.ts';

describe('scoring service shell', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  beforeAll(async () => {
    harness = await platformForTest([scoringService], 'scoring');
  });
  afterAll(() => harness.close());

  it('owns its schema with an event store', async () => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'scoring' order by table_name`.execute(
      harness.platform.database.db,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['events', 'checkpoints']));
  });

  it('says plainly that its calls are not available yet', async () => {
    const response = await harness.platform.app.inject({ method: 'GET', url: '/api/leaderboard/public', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(501);
    expect(response.json()).toEqual({ code: 501, message: 'This feature is not available yet', data: null });
  });
});
