/**
 * Ranking (src/boards/ranking.ts): best first in the metric registry's direction, ties to the earlier
 * submission; the default final selection; the same order as SQL.
 */
import { sql } from 'kysely';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FINAL_COUNT,
  bestFirst,
  bestFirstSql,
  compareKeys,
  direction,
  finalSubmissions,
} from '../../src/boards/ranking.ts';
import { higherIsBetterMetrics, metrics } from '../../src/evaluation/metrics.ts';
import { rankRows, sqlCompiler } from './ranking-rows.ts';

interface Entry {
  id: string;
  metric: string;
  score: number | null;
  at: string;
}
const entry = (id: string, metric: string, score: number | null, at = '2026-03-01T00:00:00Z'): Entry => ({
  id,
  metric,
  score,
  at,
});
const byScore = bestFirst<Entry>({
  metric: (e) => e.metric,
  score: (e) => e.score,
  submittedAt: (e) => e.at,
  key: (e) => e.id,
});
const ranked = (...entries: Entry[]) => [...entries].sort(byScore).map((e) => e.id);
const idOf = (e: Entry) => e.id;

describe('direction', () => {
  it('follows the metric registry: errors lower first, the others higher first', () => {
    for (const [name, metric] of Object.entries(metrics))
      expect(direction(name), name).toBe(metric.higherIsBetter ? -1 : 1);
  });
  it('ranks an unknown metric as an error (lower first)', () => {
    expect(direction('no-such-metric')).toBe(1);
  });
});

describe('bestFirst', () => {
  it('given an error metric (rmse), puts the lowest score first', () => {
    expect(ranked(entry('a', 'rmse', 0.5), entry('b', 'rmse', 0.2), entry('c', 'rmse', 0.9))).toEqual([
      'b',
      'a',
      'c',
    ]);
  });
  it('given a higher-is-better metric (accuracy), puts the highest score first', () => {
    expect(
      ranked(entry('a', 'accuracy', 0.5), entry('b', 'accuracy', 0.2), entry('c', 'accuracy', 0.9)),
    ).toEqual(['c', 'a', 'b']);
  });
  it('given equal scores, puts the earlier submission first (dates or ISO texts)', () => {
    const later = entry('later', 'r2', 0.8, '2026-03-02T00:00:00Z');
    const earlier = entry('earlier', 'r2', 0.8, '2026-03-01T12:00:00Z');
    expect(ranked(later, earlier)).toEqual(['earlier', 'later']);
    const withDates = bestFirst<Entry>({
      metric: (e) => e.metric,
      score: (e) => e.score,
      submittedAt: (e) => new Date(e.at),
      key: (e) => e.id,
    });
    expect([later, earlier].sort(withDates).map(idOf)).toEqual(['earlier', 'later']);
  });
  it('compares negative scores (r2 can be below 0) in the right direction', () => {
    expect(ranked(entry('a', 'r2', -0.5), entry('b', 'r2', -0.1), entry('c', 'r2', -3))).toEqual([
      'b',
      'a',
      'c',
    ]);
  });
  it('given equal scores and equal times, puts the smaller key first (total: never the input order)', () => {
    const at = '2026-03-01T00:00:00.123Z';
    expect(ranked(entry('b', 'rmse', 0.5, at), entry('a', 'rmse', 0.5, at))).toEqual(['a', 'b']);
    expect(ranked(entry('a', 'rmse', 0.5, at), entry('b', 'rmse', 0.5, at))).toEqual(['a', 'b']);
  });
  it('treats 0 and -0 as one score and compares extreme scores without overflow', () => {
    expect(ranked(entry('b', 'rmse', 0), entry('a', 'rmse', -0))).toEqual(['a', 'b']);
    expect(
      ranked(entry('max', 'accuracy', Number.MAX_VALUE), entry('min', 'accuracy', -Number.MAX_VALUE)),
    ).toEqual(['max', 'min']);
  });
});

describe('compareKeys', () => {
  it('orders by code point (UTF-8 bytes, PostgreSQL collate "C"), not by UTF-16 unit', () => {
    expect(compareKeys('\u{1F600}', '\uFFFD')).toBe(1); // U+1F600 after U+FFFD, though its unit D83D is before
    expect(compareKeys('a', 'ab')).toBe(-1);
    expect(compareKeys('B', 'a')).toBe(-1);
    expect(compareKeys('x', 'x')).toBe(0);
  });
  it('agrees with comparing the code point arrays, for any texts', () => {
    const byPoints = (a: string, b: string) => {
      const [x, y] = [[...a].map((c) => c.codePointAt(0)!), [...b].map((c) => c.codePointAt(0)!)];
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
      return Math.sign(x.length - y.length);
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(compareKeys(a, b)).toBe(byPoints(a, b));
      }),
    );
  });
});

describe('the stated order (boardOrder) as a total order, for any rows', () => {
  const rowsArb = rankRows();
  it('is antisymmetric, transitive and total on the rows', () => {
    fc.assert(
      fc.property(rowsArb, ({ rows }) => {
        for (const a of rows)
          for (const b of rows) {
            const ab = byScore(a, b);
            expect(Math.sign(ab) + Math.sign(byScore(b, a))).toBe(0);
            if (a !== b) expect(ab).not.toBe(0); // keys are unique: no two rows tie
            for (const c of rows) if (ab < 0 && byScore(b, c) < 0) expect(byScore(a, c)).toBeLessThan(0);
          }
      }),
    );
  });
  it('gives one ranking whatever order the rows come in', () => {
    fc.assert(
      fc.property(
        rowsArb.chain(({ rows }) =>
          fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length })),
        ),
        ([rows, shuffled]) => {
          expect([...shuffled].sort(byScore).map(idOf)).toEqual([...rows].sort(byScore).map(idOf));
        },
      ),
    );
  });
  it('ranks by each step of the chain in turn: score, then time, then key', () => {
    fc.assert(
      fc.property(rowsArb, ({ rows }) => {
        const sorted = [...rows].sort(byScore);
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          const d = direction(a.metric);
          expect(d * a.score! <= d * b.score! || (a.score === 0 && b.score === 0)).toBe(true);
          if (a.score === b.score) {
            expect(Date.parse(a.at)).toBeLessThanOrEqual(Date.parse(b.at));
            if (a.at === b.at) expect(compareKeys(a.id, b.id)).toBe(-1);
          }
        }
      }),
    );
  });
});

describe('finalSubmissions', () => {
  const best = [entry('s1', 'rmse', 0.1), entry('s2', 'rmse', 0.2), entry('s3', 'rmse', 0.3)];
  it('given no selection, takes the team’s best public submissions (the default)', () => {
    expect(DEFAULT_FINAL_COUNT).toBe(2);
    const { submissions, isDefault } = finalSubmissions(best, undefined, idOf);
    expect({ ids: submissions.map(idOf), isDefault }).toEqual({ ids: ['s1', 's2'], isDefault: true });
  });
  it('given a selection, takes it, in public rank order, however it was listed', () => {
    const { submissions, isDefault } = finalSubmissions(best, ['s3', 's2'], idOf);
    expect({ ids: submissions.map(idOf), isDefault }).toEqual({ ids: ['s2', 's3'], isDefault: false });
  });
  it('given a selection of which nothing still counts (disqualified, unscored), falls back to the default', () => {
    const { submissions, isDefault } = finalSubmissions(best, ['gone'], idOf);
    expect({ ids: submissions.map(idOf), isDefault }).toEqual({ ids: ['s1', 's2'], isDefault: true });
  });
  it('given an empty selection ([] = back to the default), takes the default', () => {
    expect(finalSubmissions(best, [], idOf).isDefault).toBe(true);
  });
  it('given one submission that still counts of two selected, keeps just that one', () => {
    expect(finalSubmissions(best, ['s3', 'gone'], idOf).submissions.map(idOf)).toEqual(['s3']);
  });
  it('given fewer submissions than the default count, takes what there is', () => {
    expect(finalSubmissions(best.slice(0, 1), undefined, idOf).submissions.map(idOf)).toEqual(['s1']);
    expect(finalSubmissions([], undefined, idOf)).toEqual({ submissions: [], isDefault: true });
  });
});

describe('bestFirstSql', () => {
  const db = sqlCompiler();
  it('orders by the score negated for higher-is-better metrics (from the registry), then by time, then by key', () => {
    const compiled =
      sql`order by ${bestFirstSql('l.metric', 'l.best_score', 'l.submitted_at', 'l.team_id')}`.compile(db);
    expect(compiled.sql).toBe(
      'order by case when "l"."metric" = any($1::text[]) then -"l"."best_score" else "l"."best_score" end, "l"."submitted_at", "l"."team_id"::text collate "C"',
    );
    expect(compiled.parameters).toEqual([higherIsBetterMetrics]);
  });
});
