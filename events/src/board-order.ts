/**
 * The boards' order, stated (decision 0029): the one list the scoring service ranks by (in TypeScript
 * and in SQL, services/scoring/src/domain/ranking.ts), the API returns with every page, and the portal
 * and the CLI show in words beside the board. Each step breaks the ties of the ones before; the last is
 * a unique key, so the order is total and a board's ranks never depend on the order rows were read in.
 */
export const boardOrder = ['score', 'submittedAt', 'teamId'] as const;
export type BoardOrderKey = (typeof boardOrder)[number];

type Locale = 'en' | 'zh-CN';

const words: Record<
  Locale,
  { label: string; join: string; score: Record<'higher' | 'lower' | 'unknown', string> } & Record<
    Exclude<BoardOrderKey, 'score'>,
    string
  >
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
  },
  'zh-CN': {
    label: '排名规则：',
    join: '；',
    score: { higher: '分数高者在前', lower: '分数低者在前', unknown: '按指标方向，分数更优者在前' },
    submittedAt: '同分时提交较早者在前（团队最佳提交的时间，精确到毫秒）',
    teamId: '仍相同时按团队 ID 的字符顺序（唯一，任何两行名次都不同）',
  },
};

/**
 * The order in words, one clause per step of `boardOrder`: `higherIsBetter` is the board's metric's
 * direction (the first step's words), null when it is not known yet (a board without rows).
 */
export function boardOrderText(locale: Locale, higherIsBetter: boolean | null): string {
  const w = words[locale];
  const score = w.score[higherIsBetter === null ? 'unknown' : higherIsBetter ? 'higher' : 'lower'];
  return w.label + boardOrder.map((key) => (key === 'score' ? score : w[key])).join(w.join);
}
