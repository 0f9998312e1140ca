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
import { type MetricName, metricOf } from './metrics.ts';

export type Metric = MetricName;

/** A ground truth the metric cannot score on one of its parts (an empty part; AUC: one class only). */
export class UnscorableSplit extends InvalidFile {}

/** Flags of a row while reading: a test id, on the public leaderboard. */
const TEST_ID = 1;
const PUBLIC = 2;

/** Int32 fields per record of the hash index: the id's FNV-1a hash, its byte range, its position. */
export const RECORD = 4;

/**
 * Ground truth cached in typed arrays. Every test id has a position: the index of its row in `ordered`,
 * the true values in split order (the public rows first, then the private ones, each in file order), so
 * a submission's values are stored by position and each split is a plain subarray for the metric.
 * When every id is a canonical non-negative integer (digits, no leading zero) in a compact range,
 * `positions[id - directBase]` is its position: ids map straight to slots, no hashing, and the file's
 * bytes are not kept. Otherwise an open-addressing hash table (FNV-1a of the id's bytes, linear
 * probing) holds a record per id — its hash, its byte range in the kept file and its position, side by
 * side in one array — so a lookup reads one record (one cache line) and the id's bytes, and a record of
 * another id is passed over by its hash without reading its bytes.
 */
export interface GroundTruth {
  metric: Metric;
  target: string;
  rows: number;
  publicRows: number;
  /** True values in split order: public `[0, publicRows)`, private `[publicRows, rows)` (labels: codes in `labels`). */
  ordered: Float64Array;
  /** Direct index: by slot (`id - directBase`), the index of that id's row in `ordered`; -1 for no test id. */
  positions: Int32Array;
  direct: boolean;
  directBase: number;
  /** Hash index: the ground-truth file, which the records' byte ranges point into. */
  bytes: Uint8Array | null;
  /** Hash index: records of RECORD int32s [hash, id start, id end, position]; position -1: empty. */
  table: Int32Array;
  /** Hash index: records in the table - 1. */
  mask: number;
  /** For label metrics: the label (normalised as the metric compares labels) behind each value code. */
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
  const definition = metricOf(metric);
  const numeric = definition.target === 'numeric';
  const normalize = definition.normalize ?? ((label: string) => label);
  const refuse = definition.refuseTrueValue;
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
        const label = normalize(text(bytes, comma + 1, lines.end));
        let code = labelCodes.get(label);
        if (code === undefined) {
          code = rows.labels.push(label) - 1;
          labelCodes.set(label, code);
        }
        rows.values[row] = code;
      }
    }
    const why = refuse?.(rows.values[row]!) ?? null;
    if (why !== null) {
      const found = text(bytes, comma + 1, lines.end)
        .trim()
        .slice(0, 40);
      throw new InvalidFile(`Ground truth line ${lines.number}: ${why}, found "${found}".`);
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

/**
 * Puts the rows in split order: each row's position (public rows first, then private, each in file
 * order) and the true values at those positions.
 */
function splitOrder(rows: Rows): { ordered: Float64Array; rowPositions: Int32Array } {
  const ordered = new Float64Array(rows.count);
  const rowPositions = new Int32Array(rows.count);
  let publicNext = 0;
  let privateNext = rows.publicRows;
  for (let row = 0; row < rows.count; row++) {
    const position = rows.flags[row]! & PUBLIC ? publicNext++ : privateNext++;
    rowPositions[row] = position;
    ordered[position] = rows.values[row]!;
  }
  return { ordered, rowPositions };
}

/** Direct index: positions by id, so scoring reads one slot per row and keeps no bytes. */
function directTruth(rows: Rows, metric: Metric): GroundTruth {
  const size = rows.max - rows.min + 1;
  const { ordered, rowPositions } = splitOrder(rows);
  const positions = new Int32Array(size).fill(-1);
  for (let row = 0; row < rows.count; row++) {
    const slot = rows.ids[row]! - rows.min;
    if (positions[slot] !== -1) throw duplicate(String(rows.ids[row]));
    positions[slot] = rowPositions[row]!;
  }
  return {
    ...common(rows, metric),
    ordered,
    positions,
    direct: true,
    directBase: rows.min,
    bytes: null,
    table: new Int32Array(0),
    mask: 0,
  };
}

/** Hash index: an open-addressing table of at least twice the rows' records, probed linearly. */
function hashedTruth(bytes: Uint8Array, rows: Rows, metric: Metric): GroundTruth {
  let size = 1;
  while (size < rows.count * 2) size <<= 1;
  const { ordered, rowPositions } = splitOrder(rows);
  const table = new Int32Array(size * RECORD);
  for (let record = 3; record < table.length; record += RECORD) table[record] = -1;
  const hashed: GroundTruth = {
    ...common(rows, metric),
    ordered,
    positions: new Int32Array(0),
    direct: false,
    directBase: 0,
    bytes,
    table,
    mask: size - 1,
  };
  for (let row = 0; row < rows.count; row++) {
    const start = rows.idStart[row]!;
    const end = rows.idEnd[row]!;
    const hash = fnv1a(bytes, start, end);
    const at = probe(hashed, hash, bytes, start, end) * RECORD;
    if (table[at + 3] !== -1) throw duplicate(text(bytes, start, end));
    table[at] = hash;
    table[at + 1] = start;
    table[at + 2] = end;
    table[at + 3] = rowPositions[row]!;
  }
  return hashed;
}

/**
 * Reads `id,<target>` ground truth. The public part is `publicPercent` of the ids (chosen by hash);
 * the rest is private. Canonical integer ids in a compact range get the direct index (read in one
 * pass); any other ids the hash index (read again, keeping byte ranges). A ground truth the metric
 * cannot score on one of its parts is refused (UnscorableSplit), so every score is defined.
 */
export function loadGroundTruth(bytes: Uint8Array, metric: Metric, publicPercent = 50): GroundTruth {
  const integers = readRows(bytes, metric, publicPercent, true);
  const truth =
    integers && integers.max - integers.min + 1 <= integers.count * 4
      ? directTruth(integers, metric)
      : hashedTruth(bytes, readRows(bytes, metric, publicPercent, false)!, metric);
  const problem = unscorablePart(truth, publicPercent);
  if (problem !== null) throw new UnscorableSplit(problem);
  return truth;
}

/** Why the metric cannot score the public or the private part of a ground truth; null when it can score both. */
export function unscorablePart(truth: GroundTruth, publicPercent: number): string | null {
  const definition = metricOf(truth.metric);
  const parts = [
    ['public', truth.ordered.subarray(0, truth.publicRows)],
    ['private', truth.ordered.subarray(truth.publicRows)],
  ] as const;
  for (const [part, values] of parts) {
    if (values.length === 0)
      return `The ${part} part of the ground truth is empty (${truth.rows} rows, public share ${publicPercent} %): both parts need rows to be scored.`;
    const why = definition.refuseSplit?.(values) ?? null;
    if (why !== null) return `The ${part} part of the ground truth has ${why}.`;
  }
  return null;
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
 * In a hash index, the record (its index; times RECORD for its place in the table) holding the id given
 * by byte range and its FNV-1a hash, or else the empty record where it would go.
 */
function probe(truth: GroundTruth, hash: number, bytes: Uint8Array, start: number, end: number): number {
  const { table, mask } = truth;
  const key = hash | 0;
  let record = hash & mask;
  for (;;) {
    const at = record * RECORD;
    if (table[at + 3]! < 0) return record;
    if (table[at] === key && sameBytes(truth.bytes!, table[at + 1]!, table[at + 2]!, bytes, start, end))
      return record;
    record = (record + 1) & mask;
  }
}

/** In a hash index, the position of the id given by byte range and its FNV-1a hash; -1 when it is no test id. */
export const hashedPosition = (
  truth: GroundTruth,
  hash: number,
  bytes: Uint8Array,
  start: number,
  end: number,
): number => truth.table[probe(truth, hash, bytes, start, end) * RECORD + 3]!;

/** In a direct index, the slot of an id given by byte range in another buffer; -1 when it is no test id. */
export function directSlot(truth: GroundTruth, bytes: Uint8Array, start: number, end: number): number {
  // Canonical integers are equal exactly when their texts are: the lookup stays exact.
  const id = canonicalInteger(bytes, start, end);
  const slot = id - truth.directBase;
  return id < 0 || slot < 0 || slot >= truth.positions.length || truth.positions[slot] === -1 ? -1 : slot;
}

/** The id whose row is at `position` in split order, as text (for messages: a scan of the index). */
export function idAt(truth: GroundTruth, position: number): string {
  if (truth.direct) return String(truth.directBase + truth.positions.indexOf(position));
  const { table } = truth;
  for (let at = 0; at < table.length; at += RECORD)
    if (table[at + 3] === position) return text(truth.bytes!, table[at + 1]!, table[at + 2]!);
  return '';
}
