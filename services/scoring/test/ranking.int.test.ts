/**
 * The SQL ordering of src/domain/ranking.ts ranks as its comparator does, in PostgreSQL itself: for every
 * metric of the registry (and an unknown name), scores with ties, negatives and equal times.
 */
import { type Database, openDatabase } from '@sais/kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bestFirst, bestFirstSql } from '../src/domain/ranking.ts';
import { metrics } from '../src/evaluation/metrics.ts';

interface Row {
  id: string;
  metric: string;
  score: number;
  at: string;
}

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'postgres', url: inject('databaseUrl')!, poolSize: 1 });
});
afterAll(async () => database?.close());

describe('bestFirstSql in PostgreSQL', () => {
  const scores = [0.25, -1.5, 0.75, 0.25, 3, 0, -1.5];
  const rowsOf = (metric: string): Row[] =>
    scores.map((score, i) => ({
      id: `s${i}`,
      metric,
      score,
      // s0 and s3 tie on score and s3 is earlier; s1 and s6 tie on both but s1 is earlier by a second.
      at: new Date(Date.UTC(2026, 2, 1, 0, 0, i === 3 ? 0 : i + 10)).toISOString(),
    }));
  const byComparator = bestFirst<Row>({
    metric: (r) => r.metric,
    score: (r) => r.score,
    submittedAt: (r) => r.at,
  });

  for (const metric of [...Object.keys(metrics), 'not-a-metric'])
    it(`orders ${metric} as the comparator does`, async () => {
      const rows = rowsOf(metric);
      const { rows: ranked } = await sql<{ id: string }>`
        select v.id from unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.metric)}::text[],
          ${rows.map((r) => r.score)}::float8[], ${rows.map((r) => r.at)}::timestamptz[]) as v(id, metric, score, at)
        order by ${bestFirstSql('v.metric', 'v.score', 'v.at')}`.execute(database.db);
      expect(ranked.map((r) => r.id)).toEqual([...rows].sort(byComparator).map((r) => r.id));
    });
});
