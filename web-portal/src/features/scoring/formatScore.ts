/** A score as the boards show it: at most 6 decimals, no trailing zeros; "-" when there is none. */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return '-';
  return String(Number(score.toFixed(6)));
}
