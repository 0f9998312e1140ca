/**
 * Baselines on a board (decision 0050, `@sais/events` scoring/baselines.ts): for any rows and any
 * baselines, placing the baselines leaves every team's rank and order as they are without them; each
 * baseline sits after the teams better or equal and before the worse ones; paged, each is on one page.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoring } from '@sais/events';
import { bestFirst, direction } from '../../src/boards/ranking.ts';
import { rankRows, type RankRow } from './ranking-rows.ts';

const ranked = (rows: readonly RankRow[]) =>
  [...rows]
    .sort(
      bestFirst<RankRow>({
        metric: (r) => r.metric,
        score: (r) => r.score,
        submittedAt: (r) => r.at,
        key: (r) => r.id,
      }),
    )
    .map((row, i) => ({ ...row, rank: i + 1 }));

/** Baselines of a board's metric, scored anywhere (also equal to teams' scores), best first. */
const baselinesOf = (metric: string, teams: readonly { score: number }[], scores: readonly number[]) => {
  const higherIsBetter = direction(metric) === -1;
  return scores
    .map((score, i) => ({
      baseline: true as const,
      name: `b${i}`,
      score,
      teamsAhead: scoring.teamsAheadOf(
        teams.map((t) => t.score),
        score,
        higherIsBetter,
      ),
    }))
    .sort((a, b) => (higherIsBetter ? b.score - a.score : a.score - b.score) || a.teamsAhead - b.teamsAhead);
};

const board = rankRows().chain(({ metric, rows }) =>
  fc.record({
    metric: fc.constant(metric),
    rows: fc.constant(rows),
    scores: fc.array(
      fc.oneof(
        fc.double({ noNaN: true }),
        rows.length > 0 ? fc.constantFrom(...rows.map((r) => r.score)) : fc.constant(0),
      ),
      { maxLength: 8 },
    ),
  }),
);

describe('baselines placed on a board', () => {
  it('for any rows and baselines, the teams’ ranks equal the ranks without baselines', () => {
    fc.assert(
      fc.property(board, ({ metric, rows, scores }) => {
        const teams = ranked(rows);
        const baselines = baselinesOf(metric, teams, scores);
        const merged = scoring.withBaselines(teams, baselines);
        expect(merged).toHaveLength(teams.length + baselines.length);
        const teamRows = merged.filter((row) => !('baseline' in row));
        // The same rows, in the same order, with the same ranks, as without baselines.
        expect(teamRows).toEqual(teams);
        expect(ranked(rows)).toEqual(teams);
        // Each baseline after every team better or equal, before every worse one; no rank of its own.
        const higherIsBetter = direction(metric) === -1;
        merged.forEach((row, i) => {
          if (!('baseline' in row)) return;
          expect('rank' in row).toBe(false);
          for (const before of merged.slice(0, i))
            if (!('baseline' in before))
              expect(higherIsBetter ? before.score >= row.score : before.score <= row.score).toBe(true);
          for (const after of merged.slice(i + 1))
            if (!('baseline' in after))
              expect(higherIsBetter ? after.score < row.score : after.score > row.score).toBe(true);
        });
      }),
    );
  });

  it('paged, each baseline is on exactly one page, the page of its place', () => {
    fc.assert(
      fc.property(board, fc.integer({ min: 1, max: 7 }), ({ metric, rows, scores }, pageSize) => {
        const teams = ranked(rows);
        const baselines = baselinesOf(metric, teams, scores);
        const pages = Math.max(1, Math.ceil(teams.length / pageSize));
        const shown = Array.from({ length: pages + 1 }, (_, p) =>
          scoring.baselinesOnPage(baselines, p + 1, pageSize, teams.length),
        );
        // Every baseline once, and none past the last page.
        expect(
          shown
            .flat()
            .map((b) => b.name)
            .sort(),
        ).toEqual(baselines.map((b) => b.name).sort());
        expect(shown[pages]).toEqual([]);
        // Read page by page, the board is the whole board read at once.
        const paged = shown
          .slice(0, pages)
          .flatMap((onPage, p) =>
            scoring.withBaselines(teams.slice(p * pageSize, (p + 1) * pageSize), onPage),
          );
        expect(paged).toEqual(scoring.withBaselines(teams, baselines));
      }),
    );
  });
});
