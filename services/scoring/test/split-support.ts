import type { Metric } from '../src/evaluation/ground-truth.ts';
import { splitGroundTruth } from '../src/evaluation/load-truth.ts';
import type { ParallelOptions } from '../src/evaluation/scan-pool.ts';
import { publicIdsOf } from '../src/evaluation/split.ts';

/**
 * A fixed split key for the pure tests (the platform makes a fresh random one per ground truth), chosen
 * so that, at 50 %, ids 1, 2 of 1–4 and a1, a2 of a1–a4 are public: the hand-computed cases assume it.
 */
export const testSplitKey = Buffer.alloc(32, 5);

/** A ground truth split under the test key, as an operator's upload splits it (50 % public unless told). */
export const testTruth = (bytes: Uint8Array, metric: Metric, publicPercent = 50, options?: ParallelOptions) =>
  splitGroundTruth(bytes, metric, testSplitKey, publicPercent, options).truth;

/** Which of `ids` are public under the test key (the split's definition over the whole list of ids). */
export const testPublicIds = (ids: readonly string[], publicPercent = 50) =>
  publicIdsOf(ids, testSplitKey, publicPercent);
