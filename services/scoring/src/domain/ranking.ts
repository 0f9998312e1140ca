import { type RawBuilder, sql } from 'kysely';
import { higherIsBetterMetrics, lowerIsBetter } from '../evaluation/metrics.ts';

/**
 * Ranking, the one place that says what "best" means (decision 0010 for the metrics' directions): best
 * score first in the metric's direction (the metric registry's `higherIsBetter`; an unknown metric
 * ranks as an error, lower first), equal scores to the earlier submission. The boards' projection, the
 * leaderboard reads and a team's final selection all rank through it, in TypeScript or in SQL.
 */

/** How a ranked item gives its metric, its score and when it was submitted. */
export interface RankedBy<T> {
  metric: (item: T) => string;
  score: (item: T) => number | null;
  submittedAt: (item: T) => Date | string;
}

/** +1 when lower scores are better for the metric (errors, an unknown name), −1 when higher are. */
export const direction = (metric: string): 1 | -1 => (lowerIsBetter(metric) ? 1 : -1);

/**
 * The comparator for `Array.prototype.sort`: best score first in `a`'s metric's direction, equal
 * scores to the earlier submission. Items compared are of one metric (one competition's boards).
 */
export function bestFirst<T>(by: RankedBy<T>): (a: T, b: T) => number {
  return (a, b) =>
    direction(by.metric(a)) * (by.score(a)! - by.score(b)!) ||
    new Date(by.submittedAt(a)).getTime() - new Date(by.submittedAt(b)).getTime();
}

/** How many of its best public submissions make a team's private row when it selected none that count. */
export const DEFAULT_FINAL_COUNT = 2;

/**
 * A team's final submissions, the ones whose private scores make its private row: those of its
 * selection that still count (present in `rankedByPublic`: scored, not disqualified), else — no
 * selection, or none of it still counts — its `DEFAULT_FINAL_COUNT` best public. `rankedByPublic` is
 * best first (`bestFirst` on the public score); the result keeps that order.
 */
export function finalSubmissions<T>(
  rankedByPublic: readonly T[],
  selection: readonly string[] | undefined,
  idOf: (item: T) => string,
): { submissions: T[]; isDefault: boolean } {
  const chosen = selection ? rankedByPublic.filter((item) => selection.includes(idOf(item))) : [];
  return chosen.length > 0
    ? { submissions: chosen, isDefault: false }
    : { submissions: rankedByPublic.slice(0, DEFAULT_FINAL_COUNT), isDefault: true };
}

/**
 * The score as an SQL sort key, ascending = best first: the score for error metrics (and unknown
 * names), its negation for metrics whose higher scores are better.
 */
export function scoreKeySql(metric: RawBuilder<unknown>, score: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`case when ${metric} = any(${higherIsBetterMetrics}::text[]) then -${score} else ${score} end`;
}

/**
 * `bestFirst` as an SQL `order by` list (for a window's `order by` or a query's): the score key, then
 * the submission time. Columns are given as references, e.g. `bestFirstSql('l.metric', 'l.best_score',
 * 'l.submitted_at')`.
 */
export function bestFirstSql(metric: string, score: string, submittedAt: string): RawBuilder<unknown> {
  return sql`${scoreKeySql(sql.ref(metric), sql.ref(score))}, ${sql.ref(submittedAt)}`;
}
