/**
 * Several metrics per board (decision 0046), pure parts: for any rows with any secondary columns the
 * ranking is a total order and agrees, pair by pair, with the stated tie-break chain (`boardOrderSteps`,
 * step by step by name); the secondary steps leave boards without secondary scores as they were; the
 * order in words in both languages; the compiled SQL has one step per column.
 */
import { boardOrderSteps, boardOrderText } from '@sais/events';
import { sql } from 'kysely';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestFirst, bestFirstSql } from '../../src/boards/ranking.ts';
import {
  type ScoredRankRow,
  byStatedSteps,
  rankRows,
  scoredBestFirst,
  scoredRankRows,
  sqlCompiler,
} from './ranking-rows.ts';

const withSecondary = scoredBestFirst();
const primaryOnly = bestFirst<ScoredRankRow>({
  metric: (r) => r.metric,
  score: (r) => r.score,
  submittedAt: (r) => r.at,
  key: (r) => r.id,
});

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

describe('the ranking with secondary metric columns', () => {
  it('is a total order for any rows: antisymmetric, transitive, no two rows equal, one result for any input order', () => {
    fc.assert(
      fc.property(scoredRankRows(20), fc.nat(), ({ rows }, turn) => {
        for (const a of rows)
          for (const b of rows) {
            const ab = sign(withSecondary(a, b));
            expect(ab).toBe(-sign(withSecondary(b, a)) || 0);
            if (a !== b) expect(ab).not.toBe(0);
          }
        const sorted = [...rows].sort(withSecondary);
        // Transitive: every earlier row is before every later one.
        for (let i = 0; i < sorted.length; i++)
          for (let j = i + 1; j < sorted.length; j++) expect(withSecondary(sorted[i]!, sorted[j]!)).toBe(-1);
        // Another input order (reversed and rotated): the same result.
        const k = rows.length === 0 ? 0 : turn % rows.length;
        const other = [...rows].reverse();
        const moved = [...other.slice(k), ...other.slice(0, k)];
        expect(moved.sort(withSecondary).map((r) => r.id)).toEqual(sorted.map((r) => r.id));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the stated tie-break chain, step by step, for any rows', () => {
    fc.assert(
      fc.property(scoredRankRows(20), ({ columns, rows }) => {
        const stated = byStatedSteps(columns);
        for (const a of rows)
          for (const b of rows) expect(sign(withSecondary(a, b))).toBe(sign(stated(a, b)));
        expect([...rows].sort(withSecondary).map((r) => r.id)).toEqual(
          [...rows].sort(stated).map((r) => r.id),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a board without secondary scores in the order of decision 0029', () => {
    fc.assert(
      fc.property(rankRows(20), ({ rows }) => {
        const plain = rows.map((r) => ({ ...r, scores: null }));
        expect([...plain].sort(withSecondary).map((r) => r.id)).toEqual(
          [...plain].sort(primaryOnly).map((r) => r.id),
        );
      }),
    );
  });

  it('breaks a primary tie by the secondary score before the submission time, each in its direction', () => {
    const row = (id: string, at: string, scores: ScoredRankRow['scores']): ScoredRankRow => ({
      id,
      metric: 'mae',
      score: 1,
      at,
      scores,
    });
    const early = row('early', '2027-01-01T00:00:00Z', [{ metric: 'r2', score: 0.5 }]);
    const late = row('late', '2027-01-02T00:00:00Z', [{ metric: 'r2', score: 0.9 }]);
    const none = row('none', '2026-12-01T00:00:00Z', null);
    expect([early, none, late].sort(withSecondary).map((r) => r.id)).toEqual(['late', 'early', 'none']);
    const rmse = (id: string, score: number) => row(id, '2027-01-01T00:00:00Z', [{ metric: 'rmse', score }]);
    expect([rmse('a', 2), rmse('b', 1)].sort(withSecondary).map((r) => r.id)).toEqual(['b', 'a']);
  });
});

describe('the order in words (both languages)', () => {
  it('says each secondary step after the score, in order and direction', () => {
    const columns = [
      { metric: 'rmse', higherIsBetter: false },
      { metric: 'r2', higherIsBetter: true },
    ];
    expect(boardOrderText('en', false, columns)).toBe(
      'Order: lower score first; then the lower rmse (a row without it after those with it); then the higher r2 (a row without it after those with it); ' +
        'then the earlier submission (the time of the team’s best, to the millisecond); then the team ID in character order (unique, so no two rows share a rank)',
    );
    expect(boardOrderText('zh-CN', true, columns)).toBe(
      '排名规则：分数高者在前；仍相同时按 rmse 低者在前（无该指标的行排在有该指标的行之后）；仍相同时按 r2 高者在前（无该指标的行排在有该指标的行之后）；' +
        '同分时提交较早者在前（团队最佳提交的时间，精确到毫秒）；仍相同时按团队 ID 的字符顺序（唯一，任何两行名次都不同）',
    );
    // Without columns: the text of decision 0029, unchanged.
    expect(boardOrderText('en', true, [])).toBe(boardOrderText('en', true));
    expect(boardOrderSteps([])).toEqual(['score', 'submittedAt', 'teamId']);
  });
});

describe('bestFirstSql with secondary scores', () => {
  const db = sqlCompiler();
  it('has a step per possible column between the score and the time, nulls last; none without', () => {
    const compiled = sql`order by ${bestFirstSql('l.metric', 'l.best_score', 'l.submitted_at', 'l.team_id', {
      column: 'l.scores',
      field: 'score',
    })}`.compile(db).sql;
    expect(compiled.match(/nulls last/g)).toHaveLength(4);
    expect(compiled.indexOf('"l"."scores"->0')).toBeGreaterThan(compiled.indexOf('"l"."best_score"'));
    expect(compiled.indexOf('"l"."submitted_at"')).toBeGreaterThan(compiled.indexOf('"l"."scores"->3'));
    expect(
      sql`order by ${bestFirstSql('l.metric', 'l.best_score', 'l.submitted_at', 'l.team_id')}`.compile(db)
        .sql,
    ).not.toContain('scores');
  });
});
