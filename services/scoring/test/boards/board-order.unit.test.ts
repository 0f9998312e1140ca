/**
 * An organiser-chosen ranking order (issue 37, decision 0046), pure parts: for any rows with any
 * secondary columns and any chosen order of their metric steps, the ranking is a total order and agrees,
 * pair by pair, with the stated steps (`boardOrderSteps(columns, chosen)`, read by name); the stated
 * steps; the order in words in both languages; the SQL's chosen steps come first.
 */
import { boardOrderSteps, boardOrderText } from '@sais/events';
import { sql } from 'kysely';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestFirstSql } from '../../src/boards/ranking.ts';
import {
  type ScoredRankRow,
  byStatedSteps,
  chosenOrderOf,
  scoredBestFirst,
  scoredRankRows,
  sqlCompiler,
} from './ranking-rows.ts';

const chosenBy = scoredBestFirst;

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Rows with columns and a chosen order of their metric steps. */
const boards = scoredRankRows(16).chain((board) =>
  chosenOrderOf(board.columns).map((chosen) => ({ ...board, chosen })),
);

describe('the ranking in an organiser-chosen order', () => {
  it('is a total order consistent with the stated steps, for any rows and any chosen order', () => {
    fc.assert(
      fc.property(boards, fc.nat(), ({ columns, rows, chosen }, turn) => {
        const compare = chosenBy(chosen);
        const stated = byStatedSteps(columns, chosen);
        for (const a of rows)
          for (const b of rows) {
            const ab = sign(compare(a, b));
            expect(ab).toBe(-sign(compare(b, a)) || 0);
            if (a !== b) expect(ab).not.toBe(0);
            expect(ab).toBe(sign(stated(a, b)));
          }
        const sorted = [...rows].sort(compare);
        for (let i = 0; i < sorted.length; i++)
          for (let j = i + 1; j < sorted.length; j++) expect(compare(sorted[i]!, sorted[j]!)).toBe(-1);
        const k = rows.length === 0 ? 0 : turn % rows.length;
        const other = [...rows].reverse();
        expect([...other.slice(k), ...other.slice(0, k)].sort(compare).map((r) => r.id)).toEqual(
          sorted.map((r) => r.id),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('is the usual order when the chosen one is the usual steps, or none', () => {
    fc.assert(
      fc.property(scoredRankRows(16), ({ columns, rows }) => {
        const usual = [...rows].sort(chosenBy(null)).map((r) => r.id);
        const same = ['score', ...columns.map((m) => `scores.${m}`)];
        expect([...rows].sort(chosenBy(same)).map((r) => r.id)).toEqual(usual);
        expect([...rows].sort(chosenBy([])).map((r) => r.id)).toEqual(usual);
      }),
    );
  });

  it('ranks a secondary metric first when chosen so, in its direction', () => {
    const row = (id: string, score: number, r2: number | null): ScoredRankRow => ({
      id,
      metric: 'mae',
      score,
      at: '2027-01-01T00:00:00Z',
      scores: r2 === null ? null : [{ metric: 'r2', score: r2 }],
    });
    const rows = [row('a', 1, 0.5), row('b', 2, 0.9), row('c', 0.5, null), row('d', 3, 0.9)];
    expect([...rows].sort(chosenBy(['scores.r2'])).map((r) => r.id)).toEqual(['b', 'd', 'a', 'c']);
    expect([...rows].sort(chosenBy(null)).map((r) => r.id)).toEqual(['c', 'a', 'b', 'd']);
  });
});

describe('the stated steps and the words of a chosen order', () => {
  const columns = [
    { metric: 'rmse', higherIsBetter: false },
    { metric: 'r2', higherIsBetter: true },
  ];
  it('puts the chosen steps first, then the others in their usual order, then the time and the team', () => {
    expect(boardOrderSteps(columns, ['scores.r2'])).toEqual([
      'scores.r2',
      'score',
      'scores.rmse',
      'submittedAt',
      'teamId',
    ]);
    expect(boardOrderSteps(columns, ['scores.rmse', 'score', 'scores.r2'])).toEqual([
      'scores.rmse',
      'score',
      'scores.r2',
      'submittedAt',
      'teamId',
    ]);
    expect(boardOrderSteps(columns, null)).toEqual(boardOrderSteps(columns));
    // A metric the columns no longer have stays where it was put (rows without it tie on it).
    expect(boardOrderSteps([], ['scores.f1'])).toEqual(['scores.f1', 'score', 'submittedAt', 'teamId']);
  });

  it('says the steps in the chosen order, in both languages', () => {
    const steps = boardOrderSteps(columns, ['scores.r2']);
    expect(boardOrderText('en', false, columns, steps)).toBe(
      'Order: higher r2 first (a row without it after those with it); then the lower score; then the lower rmse (a row without it after those with it); ' +
        'then the earlier submission (the time of the team’s best, to the millisecond); then the team ID in character order (unique, so no two rows share a rank)',
    );
    expect(boardOrderText('zh-CN', false, columns, steps)).toBe(
      '排名规则：按 r2 高者在前（无该指标的行排在有该指标的行之后）；仍相同时分数低者在前；仍相同时按 rmse 低者在前（无该指标的行排在有该指标的行之后）；' +
        '同分时提交较早者在前（团队最佳提交的时间，精确到毫秒）；仍相同时按团队 ID 的字符顺序（唯一，任何两行名次都不同）',
    );
    // The usual steps: the text of before, byte for byte.
    expect(boardOrderText('en', true, columns, boardOrderSteps(columns))).toBe(
      boardOrderText('en', true, columns),
    );
    expect(boardOrderText('en', true, [], ['scores.f1', 'score', 'submittedAt', 'teamId'])).toContain(
      'better f1 first',
    );
  });
});

describe('bestFirstSql with a chosen order', () => {
  const db = sqlCompiler();
  it('reads the chosen steps by name before the usual chain, five positions, nulls last', () => {
    const compiled = sql`order by ${bestFirstSql(
      'l.metric',
      'l.best_score',
      'l.submitted_at',
      'l.team_id',
      { column: 'l.scores', field: 'score' },
      { column: 'o.order_steps' },
    )}`.compile(db).sql;
    expect(compiled.match(/nulls last/g)).toHaveLength(5 + 4);
    expect(compiled.indexOf('"o"."order_steps"[5]')).toBeLessThan(compiled.indexOf('"l"."scores"->0'));
    expect(
      sql`order by ${bestFirstSql('l.metric', 'l.best_score', 'l.submitted_at', 'l.team_id')}`.compile(db)
        .sql,
    ).not.toContain('order_steps');
  });
});
