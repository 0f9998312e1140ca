/** Near-identical predictions: the threshold and the smallest overlap, documented in decision 0008. */
export const correlationThreshold = 0.98;
export const minSharedRows = 10;

/** `id,value` rows of a CSV (header skipped) as id → value; values that are not numbers are NaN. */
export function readPredictions(bytes: Buffer | string): Map<string, number> {
  const values = new Map<string, number>();
  const lines = bytes.toString().split(/\r?\n/);
  for (const line of lines.slice(1)) {
    const comma = line.indexOf(',');
    if (comma <= 0) continue;
    values.set(line.slice(0, comma).trim(), Number(line.slice(comma + 1).trim()));
  }
  return values;
}

/**
 * Pearson correlation of two submissions' errors against the ground truth, over the ids all three
 * have with finite numbers. Accurate models agree with the truth and so with each other; their errors
 * are independent unless one copied the other, so errors, not predictions, are compared. Null when
 * fewer than `minSharedRows` ids are shared or an error column is constant.
 */
export function errorCorrelation(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
  truth: ReadonlyMap<string, number>,
): { correlation: number; rows: number } | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [id, x] of a) {
    const y = b.get(id);
    const t = truth.get(id);
    if (
      y === undefined ||
      t === undefined ||
      !Number.isFinite(x) ||
      !Number.isFinite(y) ||
      !Number.isFinite(t)
    )
      continue;
    xs.push(x - t);
    ys.push(y - t);
  }
  const n = xs.length;
  if (n < minSharedRows) return null;
  const mean = (v: number[]) => v.reduce((sum, value) => sum + value, 0) / n;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return { correlation: sxy / Math.sqrt(sxx * syy), rows: n };
}
