import { type RawBuilder, sql } from 'kysely';
import { type BoardOrderKey, boardOrder, maxChosenSteps, maxSecondaryMetrics } from '@sais/events';
import { higherIsBetterMetrics, lowerIsBetter } from '../evaluation/metrics.ts';

/**
 * Ranking, the one place that implements what "best" means, step by step as `boardOrder` (@sais/events,
 * decision 0029) states it: best score first in the metric's direction (the metric registry's
 * `higherIsBetter`, decision 0010; an unknown metric ranks as an error, lower first), then the earlier
 * submission, then a unique key in character order (a board's team id; among one team's submissions,
 * the submission id), so the order is total. The boards' projection, the leaderboard reads and a team's
 * final selection all rank through it, in TypeScript or in SQL.
 */

/** How a ranked item gives its metric, its score, when it was submitted and its unique key. */
export interface RankedBy<T> {
  metric: (item: T) => string;
  score: (item: T) => number | null;
  submittedAt: (item: T) => Date | string;
  /** Unique among the items ranked together: the team id on a board, the submission id within a team. */
  key: (item: T) => string;
  /**
   * The item's secondary scores in the ground truth's order (decision 0046): step i after the primary
   * score compares the i-th, best first in its own metric's direction; an item without an i-th comes
   * after those with one. Absent or null: none.
   */
  secondary?: (item: T) => readonly { metric: string; score: number }[] | null | undefined;
}

/** How many secondary steps every ranking has (those beyond an item's list compare as equal). */
export const SECONDARY_STEPS = maxSecondaryMetrics;

/** The i-th secondary score as a sort key, ascending = best first (its metric's direction); null: none. */
export function secondaryKey(
  scores: readonly { metric: string; score: number }[] | null | undefined,
  i: number,
): number | null {
  const entry = scores?.[i];
  return entry === undefined ? null : direction(entry.metric) * entry.score;
}

/** +1 when lower scores are better for the metric (errors, an unknown name), −1 when higher are. */
export const direction = (metric: string): 1 | -1 => (lowerIsBetter(metric) ? 1 : -1);

const compareNumbers = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Two texts in Unicode code point order, the order of their UTF-8 bytes: PostgreSQL's `collate "C"`
 * (JavaScript's `<` compares UTF-16 units, which puts U+10000 and above before U+E000–U+FFFF).
 */
export function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // Surrogates (U+10000 and above) after U+E000–U+FFFF, as their code points are.
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x < y ? -1 : 1;
  }
  return compareNumbers(a.length, b.length);
}

/** A score by its metric's name in a list of secondary scores, as a sort key (ascending = best); null: none. */
export function namedKey(
  scores: readonly { metric: string; score: number }[] | null | undefined,
  metric: string,
): number | null {
  const entry = scores?.find((s) => s.metric === metric);
  return entry === undefined ? null : direction(metric) * entry.score;
}

/** Two sort keys, a missing one after any present one (SQL: nulls last). */
const compareKeysOrNull = (x: number | null, y: number | null) =>
  x === null ? (y === null ? 0 : 1) : y === null ? -1 : compareNumbers(x, y);

/**
 * The comparator for `Array.prototype.sort`, one step per `boardOrder` entry: best score first in
 * `a`'s metric's direction, then the earlier submission, then the key. Items compared are of one
 * metric (one competition's boards) and have scores.
 *
 * `chosen` (issue 37): an organiser-chosen order's metric steps (`score`, `scores.<metric>`), compared
 * first, each by name (a `scores.<metric>` step: that metric's score, best first in its direction, an
 * item without it after those with it); then the usual chain above, whose steps already compared
 * change nothing. So the order is the stated `boardOrderSteps(columns, chosen)` read by name whenever
 * an item's secondary scores are the columns in order, as the projection keeps them.
 */
export function bestFirst<T>(by: RankedBy<T>, chosen?: readonly string[] | null): (a: T, b: T) => number {
  const time = (item: T) => new Date(by.submittedAt(item)).getTime();
  const steps: Record<BoardOrderKey, (a: T, b: T) => number> = {
    score: (a, b) => direction(by.metric(a)) * compareNumbers(by.score(a)!, by.score(b)!),
    submittedAt: (a, b) => compareNumbers(time(a), time(b)),
    teamId: (a, b) => compareKeys(by.key(a), by.key(b)),
  };
  const secondary = (i: number) => (a: T, b: T) =>
    compareKeysOrNull(secondaryKey(by.secondary?.(a), i), secondaryKey(by.secondary?.(b), i));
  const named = (step: string) =>
    step === 'score'
      ? steps.score
      : (a: T, b: T) => {
          const metric = step.slice('scores.'.length);
          return compareKeysOrNull(namedKey(by.secondary?.(a), metric), namedKey(by.secondary?.(b), metric));
        };
  const chain = [
    ...(chosen ?? []).map(named),
    ...boardOrder.flatMap((step) =>
      step === 'score' && by.secondary
        ? [steps.score, ...Array.from({ length: SECONDARY_STEPS }, (_, i) => secondary(i))]
        : [steps[step]],
    ),
  ];
  return (a, b) => {
    for (const step of chain) {
      const order = step(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
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
 * `bestFirst` as an SQL `order by` list (for a window's `order by` or a query's), step by step: the
 * score key, the submission time, the key as text in `collate "C"` (code point order, as
 * `compareKeys`). Columns are given as references, e.g. `bestFirstSql('l.metric', 'l.best_score',
 * 'l.submitted_at', 'l.team_id')`.
 */
export function bestFirstSql(
  metric: string,
  score: string,
  submittedAt: string,
  key: string,
  /**
   * The secondary scores (decision 0046): a jsonb column of `[{metric, <field>}]` and the field holding
   * the score (`score` on boards, `public` / `private` on submissions). Absent: no secondary steps.
   */
  secondary?: { column: string; field: string },
  /**
   * An organiser-chosen order (issue 37), compared first as `bestFirst`'s `chosen`: a `text[]` column
   * holding its steps per row (a board options row joined; null: none), read position by position
   * (`maxChosenSteps` positions; a position past the list ties every row). Needs `secondary`.
   */
  chosen?: { column: string },
): RawBuilder<unknown> {
  const steps: Record<BoardOrderKey, RawBuilder<unknown>> = {
    score: scoreKeySql(sql.ref(metric), sql.ref(score)),
    submittedAt: sql.ref(submittedAt),
    teamId: sql`${sql.ref(key)}::text collate "C"`,
  };
  const secondarySteps = secondary
    ? Array.from({ length: SECONDARY_STEPS }, (_, i) => {
        const entry = sql`${sql.ref(secondary.column)}->${sql.lit(i)}`;
        return sql`${scoreKeySql(sql`(${entry}->>'metric')`, sql`((${entry}->>${sql.lit(secondary.field)})::float8)`)} nulls last`;
      })
    : [];
  const chosenSteps = chosen && secondary ? chosenSql(chosen, steps.score, secondary) : [];
  return sql.join([
    ...chosenSteps,
    ...boardOrder.flatMap((step) => (step === 'score' ? [steps.score, ...secondarySteps] : [steps[step]])),
  ]);
}

/** The chosen order's steps as SQL sort keys (ascending = best, nulls last), by metric name. */
function chosenSql(
  chosen: { column: string },
  score: RawBuilder<unknown>,
  secondary: { column: string; field: string },
): RawBuilder<unknown>[] {
  const named = (step: RawBuilder<unknown>) => {
    const metric = sql`substr(${step}, ${sql.lit('scores.'.length + 1)})`;
    const value = sql`(select (e->>${sql.lit(secondary.field)})::float8 from jsonb_array_elements(${sql.ref(secondary.column)}) e
      where e->>'metric' = ${metric} limit 1)`;
    return sql`case when ${step} = 'score' then ${score} else ${scoreKeySql(metric, value)} end nulls last`;
  };
  return Array.from({ length: maxChosenSteps }, (_, i) =>
    named(sql`${sql.ref(chosen.column)}[${sql.lit(i + 1)}]`),
  );
}
