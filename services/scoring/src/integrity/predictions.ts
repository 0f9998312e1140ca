/** Near-identical predictions: the threshold and the smallest overlap, documented in decision 0008. */
export const correlationThreshold = 0.98;
export const minSharedRows = 10;

/** `id,value` rows of a CSV (header skipped) as id → value; values that are not numbers are NaN. */
export function readPredictions(bytes: Uint8Array | string): Map<string, number> {
  const values = new Map<string, number>();
  // Decoded explicitly: a bare Uint8Array's toString() is its byte codes joined by commas.
  const lines = (typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes)).split(/\r?\n/);
  for (const line of lines.slice(1)) {
    const comma = line.indexOf(',');
    if (comma <= 0) continue;
    values.set(line.slice(0, comma).trim(), Number(line.slice(comma + 1).trim()));
  }
  return values;
}

/** Ids of the ground truth a file's errors are kept for (a fingerprint): all, up to this many. */
export const fingerprintRows = 2048;

/** FNV-1a (32 bits) of a string: a stable, cheap order for sampling ids. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * The ids of the ground truth (with finite values) that fingerprints keep, in a fixed order: all of
 * them up to `limit`, otherwise the `limit` ids of smallest FNV-1a hash — the same sample for every file
 * of the competition, spread over the file whatever its order.
 */
export function fingerprintIds(truth: ReadonlyMap<string, number>, limit = fingerprintRows): string[] {
  const ids = [...truth].filter(([, value]) => Number.isFinite(value)).map(([id]) => id);
  if (ids.length <= limit) return ids;
  return ids
    .map((id) => ({ id, hash: fnv1a(id) }))
    .sort((a, b) => a.hash - b.hash || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit)
    .map(({ id }) => id);
}

/** A file's errors (prediction − truth) at `ids`; NaN where the file has no finite number. */
export function errorFingerprint(
  file: ReadonlyMap<string, number>,
  truth: ReadonlyMap<string, number>,
  ids: readonly string[],
): Float64Array {
  const errors = new Float64Array(ids.length);
  ids.forEach((id, i) => {
    const value = file.get(id);
    errors[i] = value !== undefined && Number.isFinite(value) ? value - truth.get(id)! : NaN;
  });
  return errors;
}

/**
 * Pearson correlation of two fingerprints (errors at the same ids), over the positions both have.
 * Accurate models agree with the truth and so with each other; their errors are independent unless one
 * copied the other, so errors, not predictions, are compared. Null when fewer than `minSharedRows`
 * positions are shared or an error column is constant.
 */
export function fingerprintCorrelation(
  a: Float64Array,
  b: Float64Array,
): { correlation: number; rows: number } | null {
  let n = 0;
  let sx = 0;
  let sy = 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    if (Number.isNaN(a[i]!) || Number.isNaN(b[i]!)) continue;
    n++;
    sx += a[i]!;
    sy += b[i]!;
  }
  if (n < minSharedRows) return null;
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < length; i++) {
    if (Number.isNaN(a[i]!) || Number.isNaN(b[i]!)) continue;
    const dx = a[i]! - mx;
    const dy = b[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return { correlation: sxy / Math.sqrt(sxx * syy), rows: n };
}
