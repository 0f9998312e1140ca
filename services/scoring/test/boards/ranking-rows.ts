/**
 * Boards of any rows for the ranking's property tests (ranking.unit and ranking.int): one metric per
 * board (any of the registry's, or an unknown name), unique keys of any Unicode text (no NUL, which
 * PostgreSQL's text cannot hold), scores and times drawn mostly from small pools so that ties on the
 * score and on both the score and the time are common, besides any double (NaN excepted: ±Infinity,
 * −0, the largest and the smallest) and any millisecond from 1970 to 2200.
 */
import { type BoardMetricStep, boardOrderSteps } from '@sais/events';
import fc from 'fast-check';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { metrics } from '../../src/evaluation/metrics.ts';
import { bestFirst, compareKeys, direction } from '../../src/boards/ranking.ts';

export interface RankRow {
  id: string;
  metric: string;
  score: number;
  at: string;
}

const metricNames = [...Object.keys(metrics), 'not-a-metric'];
const instant = fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }).map((ms) => new Date(ms).toISOString());

export function rankRows(maxLength = 30): fc.Arbitrary<{ metric: string; rows: RankRow[] }> {
  return fc
    .record({
      metric: fc.constantFrom(...metricNames),
      scorePool: fc.array(fc.double({ noNaN: true }), { minLength: 1, maxLength: 4 }),
      timePool: fc.array(instant, { minLength: 1, maxLength: 3 }),
      ids: fc.uniqueArray(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }).filter((id) => !id.includes('\0')),
        { maxLength },
      ),
    })
    .chain(({ metric, scorePool, timePool, ids }) =>
      fc
        .tuple(
          ...ids.map((id) =>
            fc.record({
              id: fc.constant(id),
              metric: fc.constant(metric),
              score: fc.oneof(
                { weight: 4, arbitrary: fc.constantFrom(...scorePool) },
                fc.double({ noNaN: true }),
              ),
              at: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...timePool) }, instant),
            }),
          ),
        )
        .map((rows) => ({ metric, rows })),
    );
}

/** A row with secondary scores (decision 0046): in the board's column order; null (or cut short) where missing. */
export interface ScoredRankRow extends RankRow {
  scores: { metric: string; score: number }[] | null;
}

/**
 * Boards with 0–4 secondary metric columns (distinct registry names, as a ground truth names them): each
 * row's secondary scores (finite doubles, as events hold them, mostly from small pools so ties on every
 * step are common), or none (a row scored before the columns were set), or cut short.
 */
export function scoredRankRows(
  maxLength = 30,
): fc.Arbitrary<{ metric: string; columns: string[]; rows: ScoredRankRow[] }> {
  const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
  return rankRows(maxLength).chain(({ metric, rows }) =>
    fc
      .record({
        columns: fc.uniqueArray(fc.constantFrom(...Object.keys(metrics)), { maxLength: 4 }),
        pool: fc.array(finite, { minLength: 1, maxLength: 3 }),
      })
      .chain(({ columns, pool }) =>
        fc
          .tuple(
            ...rows.map((row) =>
              fc
                .record({
                  values: fc.tuple(
                    ...columns.map(() =>
                      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pool) }, finite),
                    ),
                  ),
                  shape: fc.oneof(
                    { weight: 6, arbitrary: fc.constant(columns.length) },
                    fc.constant(-1),
                    fc.integer({ min: 0, max: columns.length }),
                  ),
                })
                .map(({ values, shape }): ScoredRankRow => ({
                  ...row,
                  scores:
                    shape < 0
                      ? null
                      : columns.slice(0, shape).map((column, i) => ({ metric: column, score: values[i]! })),
                })),
            ),
          )
          .map((scored) => ({ metric, columns, rows: scored })),
      ),
  );
}

/**
 * An organiser-chosen order (issue 37) for a board's columns: any of its metric steps (`score`,
 * `scores.<m>`), each at most once, in any order, 1 to all of them.
 */
export function chosenOrderOf(columns: readonly string[]): fc.Arbitrary<BoardMetricStep[]> {
  const steps: BoardMetricStep[] = ['score', ...columns.map((m) => `scores.${m}` as const)];
  return fc
    .shuffledSubarray(steps, { minLength: 1, maxLength: steps.length })
    .chain((picked) => fc.shuffledSubarray(picked, { minLength: picked.length, maxLength: picked.length }));
}

const compareNumbers = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The stated chain, read by name as the board states it (not the ranking's code): each step of
 * `boardOrderSteps(columns, chosen)` in turn; `scores.<m>` is the row's score for m (best first in m's
 * direction, a row without it after those with it).
 */
export function byStatedSteps(columns: readonly string[], chosen: readonly BoardMetricStep[] | null = null) {
  const steps = boardOrderSteps(
    columns.map((metric) => ({ metric })),
    chosen,
  );
  return (a: ScoredRankRow, b: ScoredRankRow): number => {
    for (const step of steps) {
      let order: number;
      if (step === 'score') order = direction(a.metric) * compareNumbers(a.score, b.score);
      else if (step === 'submittedAt') order = compareNumbers(Date.parse(a.at), Date.parse(b.at));
      else if (step === 'teamId') order = compareKeys(a.id, b.id);
      else {
        const metric = step.slice('scores.'.length);
        const x = a.scores?.find((s) => s.metric === metric);
        const y = b.scores?.find((s) => s.metric === metric);
        order =
          x === undefined
            ? y === undefined
              ? 0
              : 1
            : y === undefined
              ? -1
              : direction(metric) * compareNumbers(x.score, y.score);
      }
      if (order !== 0) return order;
    }
    return 0;
  };
}

/** The ranking's comparator over scored rows, with their secondary scores and an organiser's order. */
export function scoredBestFirst(chosen: readonly string[] | null = null) {
  return bestFirst<ScoredRankRow>(
    {
      metric: (r) => r.metric,
      score: (r) => r.score,
      submittedAt: (r) => r.at,
      key: (r) => r.id,
      secondary: (r) => r.scores,
    },
    chosen,
  );
}

/** A Kysely that only compiles (no database): to read the SQL `bestFirstSql` makes. */
export const sqlCompiler = () =>
  new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
