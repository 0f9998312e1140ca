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

/** The steps of a board's order: `boardOrder` with a `scores.<metric>` step per secondary column after `score`. */
export function boardOrderSteps(columns: readonly Pick<MetricColumn, 'metric'>[] = []): BoardOrderStep[] {
  return ['score', ...columns.map((c) => `scores.${c.metric}` as const), 'submittedAt', 'teamId'];
}

type Locale = 'en' | 'zh-CN';

const words: Record<
  Locale,
  {
    label: string;
    join: string;
    score: Record<'higher' | 'lower' | 'unknown', string>;
    secondary: (metric: string, higher: boolean) => string;
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
    submittedAt: 'then the earlier submission (the time of the team’s best, to the millisecond)',
    teamId: 'then the team ID in character order (unique, so no two rows share a rank)',
    secondary: (metric, higher) =>
      `then the ${higher ? 'higher' : 'lower'} ${metric} (a row without it after those with it)`,
  },
  'zh-CN': {
    label: '排名规则：',
    join: '；',
    score: { higher: '分数高者在前', lower: '分数低者在前', unknown: '按指标方向，分数更优者在前' },
    submittedAt: '同分时提交较早者在前（团队最佳提交的时间，精确到毫秒）',
    teamId: '仍相同时按团队 ID 的字符顺序（唯一，任何两行名次都不同）',
    secondary: (metric, higher) =>
      `仍相同时按 ${metric} ${higher ? '高者' : '低者'}在前（无该指标的行排在有该指标的行之后）`,
  },
};

/**
 * The order in words, one clause per step of the board's order: `higherIsBetter` is the board's metric's
 * direction (the first step's words), null when it is not known yet (a board without rows); `columns`
 * the secondary metrics (decision 0046), each a clause after the score's, in their order.
 */
export function boardOrderText(
  locale: Locale,
  higherIsBetter: boolean | null,
  columns: readonly MetricColumn[] = [],
): string {
  const w = words[locale];
  const score = w.score[higherIsBetter === null ? 'unknown' : higherIsBetter ? 'higher' : 'lower'];
  const clauses = boardOrder.flatMap((key) =>
    key === 'score' ? [score, ...columns.map((c) => w.secondary(c.metric, c.higherIsBetter))] : [w[key]],
  );
  return w.label + clauses.join(w.join);
}
