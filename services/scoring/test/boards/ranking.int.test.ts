/**
 * The SQL ordering of src/boards/ranking.ts ranks as its comparator does, on real storage in both
 * modes (PostgreSQL and the embedded PGlite, a describe each): for every metric of the registry (and an
 * unknown name), scores with ties, negatives and equal times; and, for any rows (fast-check: ties on
 * score and time, any Unicode team id, ±Infinity, −0, the extreme doubles), the boards' own ranking
 * query (`Leaderboards.ranking` over `scoring.leaderboard`) gives the order of the stated chain, also
 * with secondary columns and in any organiser-chosen order (issue 37) kept in `scoring.board_options`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { type Database, migrateSchema, openDatabase } from '@sais/kit/db';
import { copyPgliteTemplate, freshDatabase } from '@sais/kit/testing';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoringMigrations } from '../../src/db/migrations.ts';
import { bestFirst, bestFirstSql } from '../../src/boards/ranking.ts';
import { metrics } from '../../src/evaluation/metrics.ts';
import { Leaderboards } from '../../src/boards/leaderboards.ts';
import {
  type RankRow,
  type ScoredRankRow,
  byStatedSteps,
  chosenOrderOf,
  rankRows,
  scoredBestFirst,
  scoredRankRows,
} from './ranking-rows.ts';

const byComparator = bestFirst<RankRow>({
  metric: (r) => r.metric,
  score: (r) => r.score,
  submittedAt: (r) => r.at,
  key: (r) => r.id,
});
/** With secondary metric columns (decision 0046). */
const bySecondary = scoredBestFirst();

describe.each([
  ['the embedded PGlite (npm start)', true],
  ['PostgreSQL', false],
])('the boards’ ranking in SQL, on %s', (_mode, embedded) => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    if (embedded) {
      const dir = await mkdtemp(join(tmpdir(), 'sais-ranking-'));
      await copyPgliteTemplate(join(dir, 'pg'));
      database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'pg') });
      close = async () => {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      };
    } else {
      const fresh = await freshDatabase('ranking');
      database = fresh.database;
      close = fresh.drop;
    }
    await migrateSchema(database.db, 'scoring', scoringMigrations);
  }, 120_000);
  afterAll(async () => close?.());

  /** A board's rows with their secondary scores, straight into `scoring.leaderboard`. */
  async function insertScoredRows(competitionId: string, rows: readonly ScoredRankRow[]) {
    if (rows.length === 0) return;
    await sql`insert into scoring.leaderboard
      (competition_id, phase, team_id, metric, best_score, submission_id, submitted_at, scores)
      select ${competitionId}::uuid, 'p', v.team_id, v.metric, v.score, gen_random_uuid(), v.at, v.scores
      from unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.metric)}::text[],
        ${rows.map((r) => r.score)}::float8[], ${rows.map((r) => r.at)}::timestamptz[],
        ${rows.map((r) => (r.scores ? JSON.stringify(r.scores) : null))}::jsonb[])
        as v(team_id, metric, score, at, scores)`.execute(database.db);
  }

  const scores = [0.25, -1.5, 0.75, 0.25, 3, 0, -1.5, 0.75];
  const rowsOf = (metric: string): RankRow[] =>
    scores.map((score, i) => ({
      id: `s${i}`,
      metric,
      score,
      // s0 and s3 tie on score and s3 is earlier; s1 and s6 tie on both but s1 is earlier by a second;
      // s2 and s7 tie on score and time: the key decides.
      at: new Date(Date.UTC(2026, 2, 1, 0, 0, i === 3 ? 0 : i === 7 ? 12 : i + 10)).toISOString(),
    }));

  for (const metric of [...Object.keys(metrics), 'not-a-metric'])
    it(`orders ${metric} as the comparator does`, async () => {
      const rows = rowsOf(metric);
      const { rows: ranked } = await sql<{ id: string }>`
        select v.id from unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.metric)}::text[],
          ${rows.map((r) => r.score)}::float8[], ${rows.map((r) => r.at)}::timestamptz[]) as v(id, metric, score, at)
        order by ${bestFirstSql('v.metric', 'v.score', 'v.at', 'v.id')}`.execute(database.db);
      expect(ranked.map((r) => r.id)).toEqual([...rows].sort(byComparator).map((r) => r.id));
    });

  it('ranks any board as the stated chain does (the query the boards and the seal read)', async () => {
    const boards = new Leaderboards(database.db);
    await fc.assert(
      fc.asyncProperty(rankRows(25), async ({ rows }) => {
        const competitionId = randomUUID();
        if (rows.length > 0)
          await sql`insert into scoring.leaderboard
            (competition_id, phase, team_id, metric, best_score, submission_id, submitted_at)
            select ${competitionId}::uuid, 'p', v.team_id, v.metric, v.score, gen_random_uuid(), v.at
            from unnest(${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.metric)}::text[],
              ${rows.map((r) => r.score)}::float8[], ${rows.map((r) => r.at)}::timestamptz[])
              as v(team_id, metric, score, at)`.execute(database.db);
        const ranking = await boards.ranking(competitionId, 'p', 'leaderboard');
        const expected = [...rows].sort(byComparator);
        expect(ranking.map((r) => r.teamId)).toEqual(expected.map((r) => r.id));
        expect(ranking.map((r) => r.rank)).toEqual(expected.map((_, i) => i + 1));
        // −0 is 0 to both (a driver may read it back as 0): `+ 0` makes them one value for toEqual.
        expect(ranking.map((r) => r.score + 0)).toEqual(expected.map((r) => r.score + 0));
      }),
      { numRuns: 60 },
    );
  });

  it('ranks any board with secondary metric columns as the stated chain does (decision 0046)', async () => {
    const boards = new Leaderboards(database.db);
    await fc.assert(
      fc.asyncProperty(scoredRankRows(20), async ({ rows }) => {
        const competitionId = randomUUID();
        await insertScoredRows(competitionId, rows);
        const ranking = await boards.ranking(competitionId, 'p', 'leaderboard');
        expect(ranking.map((r) => r.teamId)).toEqual([...rows].sort(bySecondary).map((r) => r.id));
      }),
      { numRuns: 60 },
    );
  });

  it('ranks any board in any organiser-chosen order as the comparator and the stated steps do (issue 37)', async () => {
    const boards = new Leaderboards(database.db);
    const withChosen = scoredRankRows(16).chain((board) =>
      chosenOrderOf(board.columns).map((chosen) => ({ ...board, chosen })),
    );
    await fc.assert(
      fc.asyncProperty(withChosen, async ({ columns, rows, chosen }) => {
        const competitionId = randomUUID();
        await sql`insert into scoring.board_options (competition_id, phase, ladder_step, blind, order_steps)
          values (${competitionId}, 'p', null, false, ${chosen}::text[])`.execute(database.db);
        await insertScoredRows(competitionId, rows);
        const ranking = (await boards.ranking(competitionId, 'p', 'leaderboard')).map((r) => r.teamId);
        expect(ranking).toEqual([...rows].sort(scoredBestFirst(chosen)).map((r) => r.id));
        expect(ranking).toEqual([...rows].sort(byStatedSteps(columns, chosen)).map((r) => r.id));
      }),
      { numRuns: 40 },
    );
  });
});
