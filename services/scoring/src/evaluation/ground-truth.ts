import { InvalidFile, readLines, fnv1a, parseNumber, text, twoColumns } from './csv.ts';

export type Metric = 'rmse' | 'mae' | 'accuracy';

/** Ground truth cached in typed arrays: ids by byte range and a hash table to find them. */
export interface GroundTruth {
  metric: Metric;
  target: string;
  bytes: Uint8Array;
  rows: number;
  idStart: Int32Array;
  idEnd: Int32Array;
  values: Float64Array;
  /** 1 for rows of the public leaderboard, 0 for the private one. */
  isPublic: Uint8Array;
  publicRows: number;
  table: Int32Array;
  mask: number;
  /**
   * When every id is a canonical non-negative integer (digits, no leading zero) in a compact range,
   * ids map straight to rows: `direct[id - directBase]` is row + 1. No hashing at all.
   */
  direct: Int32Array | null;
  directBase: number;
  /**
   * With the direct index, values and flags by `id - directBase` too (1 = a test id, 2 = public), so
   * scoring reads one slot per row instead of following direct → row (fewer cache misses).
   */
  directValues: Float64Array | null;
  directFlags: Uint8Array | null;
  /** For accuracy: the label behind each value code. */
  labels: string[];
}

/** Public or private by a hash of the id, so the split is stable and needs no extra column. */
export function isPublicId(bytes: Uint8Array, start: number, end: number, publicPercent: number): boolean {
  return (fnv1a(bytes, start, end) ^ 0x5bd1e995) % 100 < publicPercent;
}

/**
 * Reads `id,<target>` ground truth. The public part is `publicPercent` of the ids (chosen by hash);
 * the rest is private.
 */
export function loadGroundTruth(bytes: Uint8Array, metric: Metric, publicPercent = 50): GroundTruth {
  const lines = readLines(bytes);
  const header = text(bytes, lines.starts[0]!, lines.ends[0]!).split(',');
  if (header.length !== 2 || header[0] !== 'id')
    throw new InvalidFile('The ground truth header must be "id,<target>".');
  const rows = lines.count - 1;
  if (rows < 1) throw new InvalidFile('The ground truth has no rows.');
  const idStart = new Int32Array(rows);
  const idEnd = new Int32Array(rows);
  const values = new Float64Array(rows);
  const isPublic = new Uint8Array(rows);
  const labels: string[] = [];
  const labelCodes = new Map<string, number>();
  let publicRows = 0;
  // Canonical integer ids (and their range) are noted on the way: they allow the direct index.
  let canonical = true;
  let min = Number.MAX_SAFE_INTEGER;
  let max = -1;
  for (let row = 0; row < rows; row++) {
    const start = lines.starts[row + 1]!;
    const end = lines.ends[row + 1]!;
    const comma = twoColumns(bytes, start, end);
    if (comma <= start)
      throw new InvalidFile(`Ground truth line ${row + 2} does not have an id and a value.`);
    idStart[row] = start;
    idEnd[row] = comma;
    if (metric === 'accuracy') {
      const label = text(bytes, comma + 1, end).trim();
      let code = labelCodes.get(label);
      if (code === undefined) {
        code = labels.push(label) - 1;
        labelCodes.set(label, code);
      }
      values[row] = code;
    } else {
      values[row] = parseNumber(bytes, comma + 1, end);
      if (Number.isNaN(values[row]!))
        throw new InvalidFile(`Ground truth line ${row + 2} has no numeric value.`);
    }
    if (isPublicId(bytes, start, comma, publicPercent)) {
      isPublic[row] = 1;
      publicRows += 1;
    }
    if (canonical) {
      const value = canonicalInteger(bytes, start, comma);
      if (value < 0) canonical = false;
      else {
        if (value < min) min = value;
        if (value > max) max = value;
      }
    }
  }
  let direct: Int32Array | null = null;
  let directBase = 0;
  let directValues: Float64Array | null = null;
  let directFlags: Uint8Array | null = null;
  let table = new Int32Array(0);
  let mask = 0;
  if (canonical && max - min + 1 <= rows * 4) {
    // Direct index: no hash table at all; a second row with the same id is a duplicate.
    direct = new Int32Array(max - min + 1);
    directValues = new Float64Array(max - min + 1);
    directFlags = new Uint8Array(max - min + 1);
    directBase = min;
    for (let row = 0; row < rows; row++) {
      const index = canonicalInteger(bytes, idStart[row]!, idEnd[row]!) - min;
      if (direct[index] !== 0)
        throw new InvalidFile(`Ground truth id "${text(bytes, idStart[row]!, idEnd[row]!)}" appears twice.`);
      direct[index] = row + 1;
      directValues[index] = values[row]!;
      directFlags[index] = 1 | (isPublic[row]! << 1);
    }
  } else {
    let size = 1;
    while (size < rows * 2) size <<= 1;
    table = new Int32Array(size);
    mask = size - 1;
    for (let row = 0; row < rows; row++) {
      const start = idStart[row]!;
      const comma = idEnd[row]!;
      let slot = fnv1a(bytes, start, comma) & mask;
      while (table[slot] !== 0) {
        const other = table[slot]! - 1;
        if (sameBytes(bytes, idStart[other]!, idEnd[other]!, bytes, start, comma)) {
          throw new InvalidFile(`Ground truth id "${text(bytes, start, comma)}" appears twice.`);
        }
        slot = (slot + 1) & mask;
      }
      table[slot] = row + 1;
    }
  }
  return {
    metric,
    target: header[1]!,
    bytes,
    rows,
    idStart,
    idEnd,
    values,
    isPublic,
    publicRows,
    table,
    mask,
    labels,
    direct,
    directBase,
    directValues,
    directFlags,
  };
}

/** The integer an id spells, if it is canonical (no sign, no leading zero, at most 9 digits); else -1. */
export function canonicalInteger(bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (length < 1 || length > 9 || (length > 1 && bytes[start] === 0x30)) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = bytes[i]! - 0x30;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

export function sameBytes(
  a: Uint8Array,
  aStart: number,
  aEnd: number,
  b: Uint8Array,
  bStart: number,
  bEnd: number,
): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let i = 0; i < aEnd - aStart; i++) if (a[aStart + i] !== b[bStart + i]) return false;
  return true;
}

/** The ground-truth row of an id given by byte range in another buffer, or -1. */
export function findRow(truth: GroundTruth, bytes: Uint8Array, start: number, end: number): number {
  if (truth.direct) {
    // Canonical integers are equal exactly when their texts are: the lookup stays exact.
    const index = canonicalInteger(bytes, start, end) - truth.directBase;
    return index < 0 || index >= truth.direct.length ? -1 : truth.direct[index]! - 1;
  }
  let slot = fnv1a(bytes, start, end) & truth.mask;
  for (;;) {
    const entry = truth.table[slot]!;
    if (entry === 0) return -1;
    const row = entry - 1;
    if (sameBytes(truth.bytes, truth.idStart[row]!, truth.idEnd[row]!, bytes, start, end)) return row;
    slot = (slot + 1) & truth.mask;
  }
}
