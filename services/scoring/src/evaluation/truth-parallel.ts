import { estimateLines } from './csv.ts';
import { RECORD, emptyTable, fits, tableRecords } from './hash-index.ts';
import { type MetricName, metricOf } from './metrics.ts';
import { type ParallelOptions, afterHeader, chunkBounds, scanPool, waitForChunks } from './scan-pool.ts';
import { inSharedMemory, sharedArray } from './shared-memory.ts';
import {
  T_BY_POOL,
  T_DONE,
  T_FIELDS,
  T_OK,
  T_RESULTS,
  T_ROWS,
  type TruthJob,
  takeTruthChunks,
} from './truth-chunks.ts';
import { type HashedRows, open } from './truth-read.ts';

/**
 * Below this size a ground truth is read on one thread: by default every ground truth (third pass of
 * issue 23, docs/benchmarks.md). Read on the pool, a ground truth of 1,000,000 text ids cost ~1.5× the
 * CPU time of one thread once warm (atomic claims, a pass setting positions, values copied once more)
 * and ~1.7× in a fresh process (the pool's thread compiles its own code as it goes), ~8 MB more peak
 * memory (the ids' bytes laid out with gaps), and on this 2-core host, never idle, no less wall time.
 * A caller passes `minBytes` to read on the pool anyway (the tests do, so the path stays exact).
 */
export const PARALLEL_TRUTH_MIN_BYTES = Number.POSITIVE_INFINITY;

/** Chunks the pool's threads read of ground truths (the caller's thread reads the others). */
export const truthCounts = { parallel: 0, chunksByPool: 0 };

/**
 * Reads a ground truth for the hash index on the scan pool's threads and the caller's (truth-chunks.ts),
 * to the same result as readHashedRows: the same ids, positions and values, in the same file order
 * (the ids' bytes laid out by chunk, with gaps: truth-form.ts stores them packed). Null when it is not
 * for this path (a label metric: labels are coded in order of first appearance; small; no pool) or
 * anything in the file is wrong, and readHashedRows reads it on one thread and reports the problem.
 */
export function readHashedRowsInParallel(
  bytes: Uint8Array,
  metric: MetricName,
  options: ParallelOptions = {},
): HashedRows | null {
  if (metricOf(metric).target !== 'numeric') return null;
  if (bytes.length < (options.minBytes ?? PARALLEL_TRUTH_MIN_BYTES)) return null;
  const pool = scanPool();
  if (pool === null) return null;
  let target: string;
  try {
    ({ target } = open(bytes));
  } catch {
    return null;
  }
  const body = afterHeader(bytes);
  if (body === -1 || body >= bytes.length) return null;
  const file = inSharedMemory(bytes);
  const bounds = chunkBounds(file, body, Math.max(1, options.chunkBytes ?? 1 << 20));
  const chunks = bounds.length - 1;
  // Chunk c's values from regions[c]: room for a row per 4 bytes (`a,1` and a line feed) and 2 more.
  const regions = bounds.map((bound, c) => Math.floor((bound - body) / 4) + 2 * c);
  const job: TruthJob = {
    kind: 'truth',
    bytes: file,
    bounds,
    regions,
    // Pages never written are never in memory: the ids take what they take, the rest stays virtual.
    keys: sharedArray(Uint8Array, bytes.length),
    table: emptyTable(tableRecords(estimateLines(bytes))),
    values: sharedArray(Float64Array, regions[chunks]!),
    control: new Int32Array(new SharedArrayBuffer((T_RESULTS + chunks * T_FIELDS) * 4)),
    metric,
  };
  if (chunks > 1) pool.post(job);
  takeTruthChunks(job, false);
  waitForChunks(job.control, T_DONE, chunks);
  truthCounts.chunksByPool += Atomics.load(job.control, T_BY_POOL);
  const { control, table, values } = job;
  const rowsBefore = new Int32Array(chunks);
  let count = 0;
  for (let c = 0; c < chunks; c++) {
    const at = T_RESULTS + c * T_FIELDS;
    if (control[at + T_OK] !== 1) return null;
    rowsBefore[c] = count;
    count += control[at + T_ROWS]!;
  }
  // None, or more than the table was made for (LOAD full at most): the one-thread reader.
  if (count < 1 || !fits(count, table.length / RECORD)) return null;
  // Each record's chunk position becomes its position in file order (plus one), the chunk found by
  // where its id's bytes are.
  const keyStarts = bounds.map((bound) => bound - body);
  // The chunk of an id's bytes: the first chunk in its 4 KiB of `keys`, then onwards (chunks are
  // usually far bigger: one step at most), not a search per record.
  const CELL = 12;
  const firstChunk = new Int32Array((keyStarts[chunks]! >> CELL) + 1);
  for (let c = chunks - 1; c >= 0; c--)
    firstChunk.fill(c, keyStarts[c]! >> CELL, (keyStarts[c + 1]! >> CELL) + 1);
  for (let at = 0; at < table.length; at += RECORD) {
    const local = table[at + 3]!;
    if (local === 0) continue;
    const start = table[at + 1]!;
    let c = firstChunk[start >> CELL]!;
    while (keyStarts[c + 1]! <= start) c++;
    table[at + 3] = rowsBefore[c]! + local;
  }
  const ordered = sharedArray(Float64Array, count);
  for (let c = 0; c < chunks; c++)
    ordered.set(
      values.subarray(regions[c]!, regions[c]! + control[T_RESULTS + c * T_FIELDS + T_ROWS]!),
      rowsBefore[c]!,
    );
  truthCounts.parallel++;
  return {
    target,
    count,
    keys: job.keys.subarray(0, keyStarts[chunks]!),
    table,
    ordered,
    labels: [],
  };
}
