import {
  InvalidFile,
  canonicalInteger,
  fnv1a,
  estimateLines,
  openLines,
  parseNumber,
  plain,
  text,
  twoColumns,
} from './csv.ts';

export type Metric = 'rmse' | 'mae' | 'accuracy';

/** Flags of a slot: a test id, on the public leaderboard; scoring adds SEEN in its own copy. */
export const TEST_ID = 1;
export const PUBLIC = 2;
export const SEEN = 4;

/**
 * Ground truth cached in typed arrays. Every test id has a slot holding its true value and flags.
 * When every id is a canonical non-negative integer (digits, no leading zero) in a compact range, the
 * slot is `id - directBase`: ids map straight to slots, no hashing, and the file's bytes are not kept.
 * Otherwise slots are those of an open-addressing hash table (FNV-1a of the id's bytes, linear probing),
 * each holding its id's byte range in the kept file next to its value and flags, so a lookup reads one
 * slot and the id's bytes.
 */
export interface GroundTruth {
  metric: Metric;
  target: string;
  rows: number;
  publicRows: number;
  /** True value by slot (for accuracy: the code of the label in `labels`). */
  values: Float64Array;
  /** TEST_ID | PUBLIC by slot; 0 for a slot that holds no test id. */
  flags: Uint8Array;
  direct: boolean;
  directBase: number;
  /** Without the direct index: the file and, by slot, the byte range of the slot's id in it. */
  bytes: Uint8Array | null;
  idStart: Int32Array;
  idEnd: Int32Array;
  /** Without the direct index: table size - 1. */
  mask: number;
  /** For accuracy: the label behind each value code. */
  labels: string[];
}

/** Public or private by a hash of the id, so the split is stable and needs no extra column. */
export function isPublicId(bytes: Uint8Array, start: number, end: number, publicPercent: number): boolean {
  return (fnv1a(bytes, start, end) ^ 0x5bd1e995) % 100 < publicPercent;
}

/** The rows of a ground-truth file, in file order. */
interface Rows {
  target: string;
  count: number;
  publicRows: number;
  /** Each row's id as a canonical integer (when reading for the direct index). */
  ids: Int32Array;
  /** Each row's id by byte range (when reading for the hash index). */
  idStart: Int32Array;
  idEnd: Int32Array;
  values: Float64Array;
  flags: Uint8Array;
  labels: string[];
  min: number;
  max: number;
}

/**
 * Reads the rows, checking each has an id and a value. `integerIds`: read for the direct index, noting
 * each id's integer (and the range); null at the first id that is not a canonical integer. Otherwise
 * note each id's byte range, for the hash index.
 */
function readRows(
  bytes: Uint8Array,
  metric: Metric,
  publicPercent: number,
  integerIds: boolean,
): Rows | null {
  const lines = openLines(bytes);
  const header = text(bytes, lines.start, lines.end).split(',');
  if (header.length !== 2 || header[0] !== 'id')
    throw new InvalidFile('The ground truth header must be "id,<target>".');
  let capacity = estimateLines(bytes);
  const none = new Int32Array(0);
  const rows: Rows = {
    target: header[1]!,
    count: 0,
    publicRows: 0,
    ids: integerIds ? new Int32Array(capacity) : none,
    idStart: integerIds ? none : new Int32Array(capacity),
    idEnd: integerIds ? none : new Int32Array(capacity),
    values: new Float64Array(capacity),
    flags: new Uint8Array(capacity),
    labels: [],
    min: Number.MAX_SAFE_INTEGER,
    max: -1,
  };
  const labelCodes = new Map<string, number>();
  const numeric = metric !== 'accuracy';
  for (;;) {
    let comma: number;
    let id: number;
    const row = rows.count;
    if (row === capacity) {
      capacity = Math.ceil(capacity * 1.5);
      grow(rows, capacity);
    }
    if (numeric && lines.nextPlain()) {
      ({ comma, id } = plain);
      rows.values[row] = plain.value;
    } else {
      if (!lines.next()) break;
      comma = twoColumns(bytes, lines.start, lines.end);
      if (comma <= lines.start)
        throw new InvalidFile(`Ground truth line ${lines.number} does not have an id and a value.`);
      id = canonicalInteger(bytes, lines.start, comma);
      if (numeric) {
        rows.values[row] = parseNumber(bytes, comma + 1, lines.end);
        if (Number.isNaN(rows.values[row]))
          throw new InvalidFile(`Ground truth line ${lines.number} has no numeric value.`);
      } else {
        const label = text(bytes, comma + 1, lines.end).trim();
        let code = labelCodes.get(label);
        if (code === undefined) {
          code = rows.labels.push(label) - 1;
          labelCodes.set(label, code);
        }
        rows.values[row] = code;
      }
    }
    const start = lines.start;
    if (integerIds) {
      if (id < 0) return null;
      rows.ids[row] = id;
      if (id < rows.min) rows.min = id;
      if (id > rows.max) rows.max = id;
    } else {
      rows.idStart[row] = start;
      rows.idEnd[row] = comma;
    }
    const isPublic = isPublicId(bytes, start, comma, publicPercent);
    rows.flags[row] = isPublic ? TEST_ID | PUBLIC : TEST_ID;
    if (isPublic) rows.publicRows += 1;
    rows.count += 1;
  }
  if (rows.count < 1) throw new InvalidFile('The ground truth has no rows.');
  return rows;
}

function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, capacity: number): T {
  if (array.length === 0) return array;
  const bigger = new (array.constructor as new (length: number) => T)(capacity);
  bigger.set(array);
  return bigger;
}

/** Gives the per-row arrays room for `capacity` rows (when the estimate of the line count was short). */
function grow(rows: Rows, capacity: number) {
  rows.ids = grown(rows.ids, capacity);
  rows.idStart = grown(rows.idStart, capacity);
  rows.idEnd = grown(rows.idEnd, capacity);
  rows.values = grown(rows.values, capacity);
  rows.flags = grown(rows.flags, capacity);
}

const duplicate = (id: string) => new InvalidFile(`Ground truth id "${id}" appears twice.`);

const common = (rows: Rows, metric: Metric) => ({
  metric,
  target: rows.target,
  rows: rows.count,
  publicRows: rows.publicRows,
  labels: rows.labels,
});

/** Direct index: values and flags by id, so scoring reads one slot per row and keeps no bytes. */
function directTruth(rows: Rows, metric: Metric): GroundTruth {
  const size = rows.max - rows.min + 1;
  const values = new Float64Array(size);
  const flags = new Uint8Array(size);
  for (let row = 0; row < rows.count; row++) {
    const slot = rows.ids[row]! - rows.min;
    if (flags[slot] !== 0) throw duplicate(String(rows.ids[row]));
    values[slot] = rows.values[row]!;
    flags[slot] = rows.flags[row]!;
  }
  const none = new Int32Array(0);
  return {
    ...common(rows, metric),
    values,
    flags,
    direct: true,
    directBase: rows.min,
    bytes: null,
    idStart: none,
    idEnd: none,
    mask: 0,
  };
}

/** Hash index: slots of an open-addressing table twice the rows' size, probed linearly. */
function hashedTruth(bytes: Uint8Array, rows: Rows, metric: Metric): GroundTruth {
  let size = 1;
  while (size < rows.count * 2) size <<= 1;
  const values = new Float64Array(size);
  const flags = new Uint8Array(size);
  const idStart = new Int32Array(size);
  const idEnd = new Int32Array(size);
  const hashed: GroundTruth = {
    ...common(rows, metric),
    values,
    flags,
    direct: false,
    directBase: 0,
    bytes,
    idStart,
    idEnd,
    mask: size - 1,
  };
  for (let row = 0; row < rows.count; row++) {
    const start = rows.idStart[row]!;
    const end = rows.idEnd[row]!;
    const slot = probe(hashed, fnv1a(bytes, start, end), bytes, start, end);
    if (flags[slot] !== 0) throw duplicate(text(bytes, start, end));
    values[slot] = rows.values[row]!;
    flags[slot] = rows.flags[row]!;
    idStart[slot] = start;
    idEnd[slot] = end;
  }
  return hashed;
}

/**
 * Reads `id,<target>` ground truth. The public part is `publicPercent` of the ids (chosen by hash);
 * the rest is private. Canonical integer ids in a compact range get the direct index (read in one
 * pass); any other ids the hash index (read again, keeping byte ranges).
 */
export function loadGroundTruth(bytes: Uint8Array, metric: Metric, publicPercent = 50): GroundTruth {
  const integers = readRows(bytes, metric, publicPercent, true);
  if (integers && integers.max - integers.min + 1 <= integers.count * 4) return directTruth(integers, metric);
  return hashedTruth(bytes, readRows(bytes, metric, publicPercent, false)!, metric);
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

/**
 * In a hash index, the slot holding the id given by byte range (and its FNV-1a hash), or else the
 * empty slot where it would go (flags 0).
 */
export function probe(
  truth: GroundTruth,
  hash: number,
  bytes: Uint8Array,
  start: number,
  end: number,
): number {
  const { flags, idStart, idEnd, mask } = truth;
  let slot = hash & mask;
  while (flags[slot] !== 0 && !sameBytes(truth.bytes!, idStart[slot]!, idEnd[slot]!, bytes, start, end))
    slot = (slot + 1) & mask;
  return slot;
}

/** The slot of an id given by byte range in another buffer, or -1 when it is no test id. */
export function slotOf(truth: GroundTruth, bytes: Uint8Array, start: number, end: number): number {
  if (truth.direct) {
    // Canonical integers are equal exactly when their texts are: the lookup stays exact.
    const id = canonicalInteger(bytes, start, end);
    const slot = id - truth.directBase;
    return id < 0 || slot < 0 || slot >= truth.flags.length || truth.flags[slot] === 0 ? -1 : slot;
  }
  const slot = probe(truth, fnv1a(bytes, start, end), bytes, start, end);
  return truth.flags[slot] === 0 ? -1 : slot;
}

/** The id of a slot, as text. */
export const idOfSlot = (truth: GroundTruth, slot: number) =>
  truth.direct
    ? String(truth.directBase + slot)
    : text(truth.bytes!, truth.idStart[slot]!, truth.idEnd[slot]!);
