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
import { readHashedRowsInParallel } from './truth-parallel.ts';
import { readHashedRows, readIntegerRows } from './truth-read.ts';

/**
 * Reads `id,<target>` ground truth. The public part is `publicPercent` of the ids (chosen by hash);
 * the rest is private. Canonical integer ids in a compact range get the direct index (read in one
 * pass); any other ids the hash index (read again, keeping the ids' bytes: hash-index.ts). Fields may be quoted
 * (fields.ts): an id is what is between its quotes. A ground truth the metric
 * cannot score on one of its parts is refused (UnscorableSplit), so every score is defined.
 */
export function loadGroundTruth(
  bytes: Uint8Array,
  metric: Metric,
  publicPercent = 50,
  options?: ParallelOptions,
): GroundTruth {
  const integers = readIntegerRows(bytes, metric, publicPercent);
  // Ids for the hash index: on this thread, unless the caller asks for the scan pool's threads
  // (`options.minBytes`, truth-parallel.ts) and the file is clean; the problems always reported from here.
  const truth =
    integers && integers.max - integers.min + 1 <= integers.count * 4
      ? directTruth(integers, metric)
      : hashedTruth(
          readHashedRowsInParallel(bytes, metric, publicPercent, options) ??
            readHashedRows(bytes, metric, publicPercent),
          metric,
        );
  const problem = unscorablePart(truth, publicPercent);
  if (problem !== null) throw new UnscorableSplit(problem);
  return truth;
}
