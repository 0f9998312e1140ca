import { InvalidFile, canonicalInteger, fnv1a, text } from './csv.ts';
import { type MetricName, metricOf } from './metrics.ts';
import {
  type IntegerRows,
  type KeyedRows,
  isPublicHash,
  readIntegerRows,
  readKeyedRows,
} from './truth-read.ts';

export type Metric = MetricName;

/** A ground truth the metric cannot score on one of its parts (an empty part; AUC: one class only). */
export class UnscorableSplit extends InvalidFile {}

/** Int32 fields per record of the hash index: the id's FNV-1a hash, its byte range, its position. */
export const RECORD = 4;

const EMPTY_KEYS = new Uint8Array(0);
/** What the loads ahead of the inserts read, kept so they are not optimised away. */
let touched = 0;
export const touchedSink = () => touched;

/**
 * Ground truth cached in typed arrays. Every test id has a position: the index of its row in `ordered`,
 * the true values in split order (the public rows first, then the private ones, each in file order), so
 * a submission's values are stored by position and each split is a plain subarray for the metric.
 * When every id is a canonical non-negative integer (digits, no leading zero) in a compact range,
 * `positions[id - directBase]` is its position: ids map straight to slots, no hashing, and the file's
 * bytes are not kept. Otherwise an open-addressing hash table (FNV-1a of the id's bytes, linear
 * probing) holds a record per id — its hash, its byte range in `keys` (the ids' bytes, unquoted, one
 * after another) and its position, side by side in one array — so a lookup reads one record (one cache line) and the id's bytes, and a record of
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
  /** Hash index: the ids' bytes (unquoted), which the records' byte ranges point into. */
  keys: Uint8Array;
  /** Hash index: records of RECORD int32s [hash, id start, id end, position]; position -1: empty. */
  table: Int32Array;
  /** Hash index: records in the table - 1. */
  mask: number;
  /** For label metrics: the label (normalised as the metric compares labels) behind each value code. */
  labels: string[];
}

/** Public or private by a hash of the id, so the split is stable and needs no extra column. */
export function isPublicId(bytes: Uint8Array, start: number, end: number, publicPercent: number): boolean {
  return isPublicHash(fnv1a(bytes, start, end), publicPercent);
}

const duplicate = (id: string) => new InvalidFile(`Ground truth id "${id}" appears twice.`);

/** Direct index: positions by id, so scoring reads one slot per row and keeps no bytes. */
export function directTruth(rows: IntegerRows, metric: Metric): GroundTruth {
  const size = rows.max - rows.min + 1;
  const ordered = new Float64Array(rows.count);
  const positions = new Int32Array(size).fill(-1);
  let publicNext = 0;
  let privateNext = rows.publicRows;
  for (let r = 0; r < rows.count; r++) {
    const position = rows.isPublic[r] ? publicNext++ : privateNext++;
    ordered[position] = rows.values[r]!;
    const slot = rows.ids[r]! - rows.min;
    if (positions[slot] !== -1) throw duplicate(String(rows.ids[r]));
    positions[slot] = position;
  }
  return {
    metric,
    target: rows.target,
    rows: rows.count,
    publicRows: rows.publicRows,
    labels: rows.labels,
    ordered,
    positions,
    direct: true,
    directBase: rows.min,
    keys: EMPTY_KEYS,
    table: new Int32Array(0),
    mask: 0,
  };
}

/** Records in a hash index for `rows` ids: a power of two, at least twice as many. */
export function tableRecords(rows: number): number {
  let size = 1;
  while (size < rows * 2) size <<= 1;
  return size;
}

const INSERT_BATCH = 256;

/** Hash index: an open-addressing table of records pointing into the ids' bytes, probed linearly. */
export function hashedTruth(rows: KeyedRows, metric: Metric): GroundTruth {
  const size = tableRecords(rows.count);
  const table = new Int32Array(size * RECORD);
  for (let record = 3; record < table.length; record += RECORD) table[record] = -1;
  const { keys, keyStart, hashes, positions } = rows;
  const mask = size - 1;
  let sink = 0;
  for (let r = 0; r < rows.count; r++) {
    // Loads of the next rows' records first, a batch at a time, so the inserts find them in the cache.
    if ((r & (INSERT_BATCH - 1)) === 0)
      for (let k = r; k < Math.min(rows.count, r + INSERT_BATCH); k++)
        sink ^= table[(hashes[k]! & mask) * RECORD]!;
    const start = keyStart[r]!;
    const end = keyStart[r + 1]!;
    const hash = hashes[r]!;
    let at = (hash & mask) * RECORD;
    while (table[at + 3] !== -1) {
      if (table[at] === hash && sameBytes(keys, table[at + 1]!, table[at + 2]!, keys, start, end))
        throw duplicate(text(keys, start, end));
      at = (at + RECORD) & (table.length - 1);
    }
    table[at] = hash;
    table[at + 1] = start;
    table[at + 2] = end;
    table[at + 3] = positions[r]!;
  }
  touched = sink;
  return {
    metric,
    target: rows.target,
    rows: rows.count,
    publicRows: rows.publicRows,
    labels: rows.labels,
    ordered: rows.ordered,
    positions: new Int32Array(0),
    direct: false,
    directBase: 0,
    keys,
    table,
    mask,
  };
}

/**
 * Reads `id,<target>` ground truth. The public part is `publicPercent` of the ids (chosen by hash);
 * the rest is private. Canonical integer ids in a compact range get the direct index (read in one
 * pass); any other ids the hash index (read again, keeping the ids' bytes). Fields may be quoted
 * (fields.ts): an id is what is between its quotes. A ground truth the metric
 * cannot score on one of its parts is refused (UnscorableSplit), so every score is defined.
 */
export function loadGroundTruth(bytes: Uint8Array, metric: Metric, publicPercent = 50): GroundTruth {
  return readGroundTruth(bytes, metric, publicPercent).truth;
}

/** As loadGroundTruth, also returning the rows read for a hash index (what its stored form keeps). */
export function readGroundTruth(
  bytes: Uint8Array,
  metric: Metric,
  publicPercent: number,
): { truth: GroundTruth; keyed: KeyedRows | null } {
  const integers = readIntegerRows(bytes, metric, publicPercent);
  const keyed =
    integers && integers.max - integers.min + 1 <= integers.count * 4
      ? null
      : readKeyedRows(bytes, metric, publicPercent);
  const truth = keyed ? hashedTruth(keyed, metric) : directTruth(integers!, metric);
  const problem = unscorablePart(truth, publicPercent);
  if (problem !== null) throw new UnscorableSplit(problem);
  return { truth, keyed };
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
    if (table[at] === key && sameBytes(truth.keys, table[at + 1]!, table[at + 2]!, bytes, start, end))
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
    if (table[at + 3] === position) return text(truth.keys, table[at + 1]!, table[at + 2]!);
  return '';
}
