import { Batch } from './batch.ts';
import { Lines } from './csv.ts';
import type { GroundTruth } from './ground-truth.ts';
import { viewed } from './hash-index.ts';

/**
 * Scanning one chunk of a submission (whole lines) for the scan pool (scan-pool.ts), on any thread, with
 * `reused` (a batch of the same ground truth) when given:
 * its rows are read and looked up exactly as score.ts does, and each value is stored at its id's
 * position in `predicted` (shared by the threads). It only finds out whether the chunk is clean: every
 * row read on a fast path or the general path without a refusal, and every id a test id. Then the
 * number of rows; -1 at the first thing wrong, and the whole file is scored again on one thread, which
 * names the first problem exactly (scan-pool.ts). Duplicates are not looked for here: a chunk cannot
 * see the others' rows; the pool counts the rows and looks for ids left without a value instead.
 */
export function scanChunk(
  chunk: Uint8Array,
  truth: GroundTruth,
  predicted: Float64Array,
  reused?: Batch,
): number {
  const lines = new Lines(chunk, false);
  let batch: Batch;
  if (reused) {
    reused.restart(lines);
    batch = reused;
  } else batch = new Batch(lines, truth);
  const { slots, values } = batch;
  const file = viewed(chunk);
  let rows = 0;
  while (!batch.done) {
    batch.fill();
    if (batch.refusal !== null) return -1;
    const size = batch.size;
    batch.lookUp(file);
    for (let i = 0; i < size; i++) {
      const position = slots[i]!;
      if (position < 0) return -1;
      predicted[position] = values[i]!;
    }
    rows += size;
  }
  return rows;
}

/**
 * In a job's control array: the next chunk to take, the chunks done, the chunks the pool's threads took
 * (the rest the caller's thread did), then each chunk's rows (-1: not clean).
 */
export const NEXT = 0;
export const DONE = 1;
export const BY_POOL = 2;
export const RESULTS = 3;

/** What a thread needs of a ground truth: its arrays in shared memory (no DataView: made on arrival). */
export type SharedTruth = Omit<GroundTruth, 'keyView'>;

/** A submission's scan: the file and the chunks' bounds in it, the control array, where values go. */
export interface ScanJob {
  kind: 'scan';
  truth: SharedTruth;
  bytes: Uint8Array;
  bounds: number[];
  control: Int32Array;
  predicted: Float64Array;
}

let primed = false;
const EMPTY = new Uint8Array(0);

/**
 * Takes chunks of a job until none is left (every thread of the pool, the caller's too, runs this on
 * the same job: a busy thread simply takes fewer chunks), recording each chunk's rows.
 */
export function takeChunks(job: ScanJob, truth: GroundTruth, pooled: boolean): void {
  const { bytes, bounds, control, predicted } = job;
  const chunks = bounds.length - 1;
  if (!primed) {
    // Once per thread, one batch reads an empty chunk 32 times: the code that ends a chunk has then run
    // before the scanning code is compiled. Otherwise the compiled code, meeting it at the end of the
    // thread's first chunk, was thrown away there, and the next chunks ran slower until compiled again
    // (measured). 32 times: the engine records what code meets only once a function has run a little
    // (lazy feedback). One batch: a batch each time was 3.7 MB of garbage per thread (peak memory).
    primed = true;
    const batch = new Batch(new Lines(EMPTY, false), truth);
    const file = viewed(EMPTY);
    for (let i = 0; i < 32; i++) {
      batch.fill();
      batch.lookUp(file);
    }
  }
  // One batch for the job's chunks (a batch per chunk was ~3 MB of garbage per submission), not kept
  // after it: it would hold the file and the ground truth.
  let batch: Batch | null = null;
  for (;;) {
    const chunk = Atomics.add(control, NEXT, 1);
    if (chunk >= chunks) return;
    let rows: number;
    try {
      batch ??= new Batch(new Lines(EMPTY, false), truth);
      rows = scanChunk(bytes.subarray(bounds[chunk]!, bounds[chunk + 1]!), truth, predicted, batch);
    } catch {
      // Whatever went wrong, the file is scored again on one thread, which reports it.
      rows = -1;
    }
    control[RESULTS + chunk] = rows;
    if (pooled) Atomics.add(control, BY_POOL, 1);
    Atomics.add(control, DONE, 1);
    Atomics.notify(control, DONE);
  }
}
