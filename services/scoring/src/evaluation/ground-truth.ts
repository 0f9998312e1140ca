import { InvalidFile, canonicalInteger, text } from './csv.ts';
import { type MetricName, metricOf } from './metrics.ts';
import { RECORD, type Viewed, probe, viewed } from './hash-index.ts';
import { sharedArray } from './shared-memory.ts';
import type { HashedRows, IntegerRows } from './truth-read.ts';

export type Metric = MetricName;

/** A ground truth the metric cannot score on one of its parts (an empty part; AUC: one class only). */
export class UnscorableSplit extends InvalidFile {}

export { RECORD };

const EMPTY_KEYS = new Uint8Array(0);

/**
 * Ground truth cached in typed arrays. Every test id has a position: the index of its row in `ordered`,
 * the true values in split order (the public rows first, then the private ones, each in file order), so
 * a submission's values are stored by position and each split is a plain subarray for the metric.
 * When every id is a canonical non-negative integer (digits, no leading zero) in a compact range,
 * `positions[id - directBase]` is its position: ids map straight to slots, no hashing, and the file's
 * bytes are not kept. Otherwise a hash index (hash-index.ts) holds a record per id: its hash, its byte
 * range in `keys` (the ids' bytes, unquoted, one after another) and its position.
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
  /** `keys` with a DataView over them (probes compare ids four bytes at a time). */
  keyView: Viewed;
  /** Hash index: records of RECORD int32s [hash, id start, id end, position + 1]; 0 there: empty. */
  table: Int32Array;
  /** For label metrics: the label (normalised as the metric compares labels) behind each value code. */
  labels: string[];
}

const duplicate = (id: string) => new InvalidFile(`Ground truth id "${id}" appears twice.`);

/**
 * Direct index: positions by id, so scoring reads one slot per row and keeps no bytes. In file order
 * (every row counted public) until the split is applied (split.ts).
 */
export function directTruth(rows: IntegerRows, metric: Metric): GroundTruth {
  const size = rows.max - rows.min + 1;
  // In shared memory: the scan pool's threads read them too.
  const ordered = sharedArray(Float64Array, rows.count);
  const positions = sharedArray(Int32Array, size).fill(-1);
  for (let r = 0; r < rows.count; r++) {
    ordered[r] = rows.values[r]!;
    const slot = rows.ids[r]! - rows.min;
    if (positions[slot] !== -1) throw duplicate(String(rows.ids[r]));
    positions[slot] = r;
  }
  return {
    metric,
    target: rows.target,
    rows: rows.count,
    publicRows: rows.count,
    labels: rows.labels,
    ordered,
    positions,
    direct: true,
    directBase: rows.min,
    keys: EMPTY_KEYS,
    keyView: viewed(EMPTY_KEYS),
    table: new Int32Array(0),
  };
}

/** Hash index: the table built as the rows were read, pointing into the ids' bytes (file order, as above). */
export function hashedTruth(rows: HashedRows, metric: Metric): GroundTruth {
  return {
    metric,
    target: rows.target,
    rows: rows.count,
    publicRows: rows.count,
    labels: rows.labels,
    ordered: rows.ordered,
    positions: new Int32Array(0),
    direct: false,
    directBase: 0,
    keys: rows.keys,
    keyView: viewed(rows.keys),
    table: rows.table,
  };
}

/** Why the metric cannot score the public or the private part of a ground truth; null when it can score both. */
export function unscorablePart(truth: GroundTruth): string | null {
  const definition = metricOf(truth.metric);
  const parts = [
    ['public', truth.ordered.subarray(0, truth.publicRows)],
    ['private', truth.ordered.subarray(truth.publicRows)],
  ] as const;
  for (const [part, values] of parts) {
    if (values.length === 0)
      return `The ${part} part of the ground truth is empty (${truth.rows} rows, ${truth.publicRows} public): both parts need rows to be scored.`;
    const why = definition.refuseSplit?.(values) ?? null;
    if (why !== null) return `The ${part} part of the ground truth has ${why}.`;
  }
  return null;
}

/**
 * Why `metric` cannot be a secondary metric of this ground truth (decision 0046), else null: it must read
 * the same kind of target as the primary (numbers, or labels compared the same way, so the parsed values
 * and label codes serve both), accept every true value, and score both parts.
 */
export function secondaryProblem(truth: GroundTruth, metric: Metric): string | null {
  const primary = metricOf(truth.metric);
  const other = metricOf(metric);
  if (primary.target !== other.target || primary.normalize !== other.normalize)
    return `${metric} reads ${other.target === 'label' ? 'labels' : 'numbers'}${other.normalize ? ' compared its own way' : ''}, ${truth.metric} ${primary.target === 'label' ? 'labels' : 'numbers'}${primary.normalize ? ' compared another way' : ''}.`;
  if (other.refuseTrueValue)
    for (const value of truth.ordered) {
      const why = other.refuseTrueValue(value);
      if (why !== null) return `${why} (found ${value}).`;
    }
  for (const [part, values] of [
    ['public', truth.ordered.subarray(0, truth.publicRows)],
    ['private', truth.ordered.subarray(truth.publicRows)],
  ] as const) {
    const why = other.refuseSplit?.(values) ?? null;
    if (why !== null) return `The ${part} part of the ground truth has ${why}.`;
  }
  return null;
}

/** In a hash index, the position of the id given by byte range and its FNV-1a hash; -1 when it is no test id. */
export const hashedPosition = (
  truth: GroundTruth,
  hash: number,
  id: Viewed,
  start: number,
  end: number,
): number => truth.table[probe(truth.table, truth.keyView, hash, id, start, end) + 3]! - 1;

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
    if (table[at + 3] === position + 1) return text(truth.keys, table[at + 1]!, table[at + 2]!);
  return '';
}
