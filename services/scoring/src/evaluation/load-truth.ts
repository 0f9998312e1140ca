// The entry point that reads a ground truth (apart from ground-truth.ts, whose layout the scan threads
// import: reading in parallel needs the scan pool, and the pool needs the layout).
import {
  type GroundTruth,
  type Metric,
  UnscorableSplit,
  directTruth,
  hashedTruth,
  unscorablePart,
} from './ground-truth.ts';
import type { ParallelOptions } from './scan-pool.ts';
import { type PublicMask, applySplit, publicMaskOf } from './split.ts';
import { readHashedRowsInParallel } from './truth-parallel.ts';
import { readHashedRows, readIntegerRows } from './truth-read.ts';

/**
 * Reads `id,<target>` ground truth in file order (every row counted public: no split yet). Canonical
 * integer ids in a compact range get the direct index (read in one pass); any other ids the hash index
 * (read again, keeping the ids' bytes: hash-index.ts). Fields may be quoted (fields.ts): an id is what
 * is between its quotes.
 */
export function readGroundTruth(bytes: Uint8Array, metric: Metric, options?: ParallelOptions): GroundTruth {
  const integers = readIntegerRows(bytes, metric);
  // Ids for the hash index: on this thread, unless the caller asks for the scan pool's threads
  // (`options.minBytes`, truth-parallel.ts) and the file is clean; the problems always reported from here.
  return integers && integers.max - integers.min + 1 <= integers.count * 4
    ? directTruth(integers, metric)
    : hashedTruth(readHashedRowsInParallel(bytes, metric, options) ?? readHashedRows(bytes, metric), metric);
}

/**
 * The ground truth in split order: read (above), then the split kept for it (split.ts: which rows are
 * public, computed once when it was set). A ground truth the metric cannot score on one of its parts
 * is refused (UnscorableSplit), so every score is defined.
 */
export function loadGroundTruth(
  bytes: Uint8Array,
  metric: Metric,
  mask: PublicMask,
  options?: ParallelOptions,
): GroundTruth {
  return checkedSplit(applySplit(readGroundTruth(bytes, metric, options), mask));
}

/**
 * A ground truth split anew under `key` (split.ts), as setting one does: the truth in split order and
 * the split it made, to be kept.
 */
export function splitGroundTruth(
  bytes: Uint8Array,
  metric: Metric,
  key: Uint8Array,
  publicPercent: number,
  options?: ParallelOptions,
): { truth: GroundTruth; mask: PublicMask } {
  const truth = readGroundTruth(bytes, metric, options);
  const mask = publicMaskOf(truth, key, publicPercent);
  return { truth: checkedSplit(applySplit(truth, mask)), mask };
}

/** The truth, if the metric can score both its parts; else UnscorableSplit saying why. */
export function checkedSplit(truth: GroundTruth): GroundTruth {
  const problem = unscorablePart(truth);
  if (problem !== null) throw new UnscorableSplit(problem);
  return truth;
}
