/**
 * The boards' order, stated (decision 0029): the one list the scoring service ranks by (in TypeScript
 * and in SQL, services/scoring/src/domain/ranking.ts), the API returns with every page, and the portal
 * and the CLI show in words beside the board. Each step breaks the ties of the ones before; the last is
 * a unique key, so the order is total and a board's ranks never depend on the order rows were read in.
 */
export const boardOrder = ['score', 'submittedAt', 'teamId'] as const;
export type BoardOrderKey = (typeof boardOrder)[number];

/**
 * Several metrics (decision 0046): a ground truth may name up to `maxSecondaryMetrics` secondary metrics
 * besides its primary one; each is a column of the board and a step of its order, in the order named,
 * between the primary score and the submission time: `score`, `scores.<metric>`…, `submittedAt`,
 * `teamId`. A board without secondary metrics has exactly `boardOrder`.
 */
export const maxSecondaryMetrics = 4;
export type BoardOrderStep = BoardOrderKey | `scores.${string}`;

/** A secondary metric column: its name and direction. */
export interface MetricColumn {
  metric: string;
  higherIsBetter: boolean;
}

/** A step an organiser may put first (issue 37): the primary score or a secondary metric's. */
export type BoardMetricStep = 'score' | `scores.${string}`;

/** How many steps an organiser-chosen order may name: the primary score and every secondary metric. */
export const maxChosenSteps = 1 + maxSecondaryMetrics;

/** Whether a step names a metric (the primary score or a secondary one), not the time or the team. */
export const isMetricStep = (step: string): step is BoardMetricStep =>
  step === 'score' || (step.startsWith('scores.') && step.length > 'scores.'.length);

/**
 * The steps of a board's order: `boardOrder` with a `scores.<metric>` step per secondary column after
 * `score`. With an organiser-chosen order (the board options' `order`, issue 37) its steps come first,
 * in the order chosen, then the metric steps it left out in their usual order, then `submittedAt` and
 * `teamId`: the last two always end it, so the order stays total. A chosen step naming a metric the
 * columns do not have stays where it was put (rows without that score tie on it).
 */
export function boardOrderSteps(
  columns: readonly Pick<MetricColumn, 'metric'>[] = [],
  chosen: readonly BoardMetricStep[] | null = null,
): BoardOrderStep[] {
  const usual: BoardMetricStep[] = ['score', ...columns.map((c) => `scores.${c.metric}` as const)];
  const first = [...new Set(chosen ?? [])];
  return [...first, ...usual.filter((step) => !first.includes(step)), 'submittedAt', 'teamId'];
}

type Locale = 'en' | 'zh-CN';

const words: Record<
  Locale,
  {
    label: string;
    join: string;
    score: Record<'higher' | 'lower' | 'unknown', string>;
    /** The score's clause when a chosen order puts it after another metric. */
    thenScore: Record<'higher' | 'lower' | 'unknown', string>;
    /** A secondary metric's clause; `higher` null: a metric the columns lack (its direction not stated). */
    secondary: (metric: string, higher: boolean | null) => string;
    /** A secondary metric's clause when a chosen order puts it first. */
    firstSecondary: (metric: string, higher: boolean | null) => string;
  } & Record<Exclude<BoardOrderKey, 'score'>, string>
> = {
  en: {
    label: 'Order: ',
    join: '; ',
    score: {
      higher: 'higher score first',
      lower: 'lower score first',
      unknown: "better score first (in the metric's direction)",
    },
    thenScore: {
      higher: 'then the higher score',
      lower: 'then the lower score',
      unknown: "then the better score (in the metric's direction)",
    },
    firstSecondary: (metric, higher) =>
      `${higher === null ? 'better' : higher ? 'higher' : 'lower'} ${metric} first (a row without it after those with it)`,
    submittedAt: 'then the earlier submission (the time of the team’s best, to the millisecond)',
    teamId: 'then the team ID in character order (unique, so no two rows share a rank)',
    secondary: (metric, higher) =>
      `then the ${higher === null ? 'better' : higher ? 'higher' : 'lower'} ${metric} (a row without it after those with it)`,
  },
  'zh-CN': {
    label: '排名规则：',
    join: '；',
    score: { higher: '分数高者在前', lower: '分数低者在前', unknown: '按指标方向，分数更优者在前' },
    thenScore: {
      higher: '仍相同时分数高者在前',
      lower: '仍相同时分数低者在前',
      unknown: '仍相同时按指标方向，分数更优者在前',
    },
    firstSecondary: (metric, higher) =>
      `按 ${metric} ${higher === null ? '更优者' : higher ? '高者' : '低者'}在前（无该指标的行排在有该指标的行之后）`,
    submittedAt: '同分时提交较早者在前（团队最佳提交的时间，精确到毫秒）',
    teamId: '仍相同时按团队 ID 的字符顺序（唯一，任何两行名次都不同）',
    secondary: (metric, higher) =>
      `仍相同时按 ${metric} ${higher === null ? '更优者' : higher ? '高者' : '低者'}在前（无该指标的行排在有该指标的行之后）`,
  },
};

/**
 * The order in words, one clause per step of the board's order: `higherIsBetter` is the board's metric's
 * direction (the score's words), null when it is not known yet (a board without rows); `columns` the
 * secondary metrics (decision 0046); `steps` the board's steps (`order.steps` of a page, an organiser's
 * chosen order first, issue 37), by default `boardOrderSteps(columns)`. A secondary step takes its
 * metric's direction from `columns`; a metric they lack (the ground truth changed after the order was
 * chosen) is "the better" one, in its own direction.
 */
export function boardOrderText(
  locale: Locale,
  higherIsBetter: boolean | null,
  columns: readonly MetricColumn[] = [],
  steps: readonly string[] = boardOrderSteps(columns),
): string {
  const w = words[locale];
  const key = higherIsBetter === null ? 'unknown' : higherIsBetter ? 'higher' : 'lower';
  const clauses = steps.map((step, i) => {
    if (step === 'score') return (i === 0 ? w.score : w.thenScore)[key];
    if (step === 'submittedAt' || step === 'teamId') return w[step];
    const metric = step.slice('scores.'.length);
    const higher = columns.find((c) => c.metric === metric)?.higherIsBetter ?? null;
    return (i === 0 ? w.firstSecondary : w.secondary)(metric, higher);
  });
  return w.label + clauses.join(w.join);
}
