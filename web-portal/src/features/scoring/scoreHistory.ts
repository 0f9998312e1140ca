/** One scored submission on the chart, with the team's best public score up to and including it. */
export interface ChartPoint {
  submittedAt: string;
  score: number;
  best: number;
}

/**
 * The scored submissions in time order with the best-so-far score after each, the metric's direction
 * deciding what "best" is.
 */
export function scoreHistory(
  history: readonly { score: number; submittedAt: string }[],
  higherIsBetter: boolean,
): ChartPoint[] {
  const sorted = [...history].sort((a, b) => Date.parse(a.submittedAt) - Date.parse(b.submittedAt));
  let best: number | null = null;
  return sorted.map(({ score, submittedAt }) => {
    best = best === null ? score : higherIsBetter ? Math.max(best, score) : Math.min(best, score);
    return { submittedAt, score, best };
  });
}
