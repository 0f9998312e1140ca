import { isUtf8 } from 'node:buffer';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GroundTruth } from './ground-truth.ts';
import { metricOf } from './metrics.ts';
import { BY_POOL, DONE, RESULTS, type ScanJob, type SharedTruth, takeChunks } from './scan.ts';
import { inSharedMemory, isShared as shared, sharedArray } from './shared-memory.ts';
import type { TruthJob } from './truth-chunks.ts';

/**
 * Scoring a submission on every core: a pool of threads started once per process and reused for every
 * submission (never one per submission), sharing the ground truth, the file and the array of submitted
 * values through shared memory. The file is cut into chunks of whole lines; the caller's thread and the
 * pool's threads take chunks until none is left, each storing values by position. Only a clean file is
 * scored this way: the first chunk with anything wrong in it (a row refused, an id that is no test id),
 * a count of rows other than the ground truth's, or an id left without a value (a duplicate took its
 * place), and the file is scored again on one thread (score.ts), which finds the first problem and
 * refuses it with its line, as it always did. A wrong file costs a second pass, never another message.
 *
 * Why the count and the values suffice: every row of a clean file has a test id and a finite value; if
 * the rows are exactly as many as the test ids and every test id got a value, no id was given twice.
 */

/** Below this size a file is scored on one thread: handing out chunks costs more than it saves (measured: docs/benchmarks.md). */
export const PARALLEL_MIN_BYTES = 2 << 20;
/** About how big a chunk is: small enough for a busy thread to fall behind only a little. */
export const CHUNK_BYTES = 1 << 20;
/** The longest the caller waits for the pool's threads to finish their chunks before giving up. */
const WAIT_MS = 60_000;

const LF = 0x0a;
const CR = 0x0d;

export interface ParallelOptions {
  /** Files smaller than this are scored on one thread (default PARALLEL_MIN_BYTES). */
  minBytes?: number;
  /** Target chunk size (default CHUNK_BYTES; tests use tiny chunks to cut small files at many places). */
  chunkBytes?: number;
}

/**
 * A ground truth's arrays in shared memory, once per ground truth (truths parsed from a CSV are made
 * there already; one mapped from a stored form is copied once).
 */
function sharedTruth(truth: GroundTruth): SharedTruth {
  if (!shared(truth.ordered) || !shared(truth.positions) || !shared(truth.keys) || !shared(truth.table)) {
    truth.ordered = inSharedMemory(truth.ordered);
    truth.positions = inSharedMemory(truth.positions);
    truth.keys = inSharedMemory(truth.keys);
    truth.table = inSharedMemory(truth.table);
    truth.keyView = {
      bytes: truth.keys,
      view: new DataView(truth.keys.buffer, truth.keys.byteOffset, truth.keys.byteLength),
    };
  }
  const { keyView: _, ...rest } = truth;
  return rest;
}

class Pool {
  readonly #workers: Worker[] = [];
  readonly #size: number;

  constructor(size: number) {
    this.#size = size;
    this.fill();
  }

  get size() {
    return this.#size;
  }

  /** Starts threads up to the pool's size (again after one died). */
  fill(): void {
    // The bundle is plain JavaScript (scan-worker.ts, bundled): see there why.
    const url = new URL('./scan-worker.bundle.js', import.meta.url);
    while (this.#workers.length < this.#size) {
      const worker = new Worker(url, { name: 'scoring-scan' });
      // Not a reason to keep the process alive; and a thread that dies is replaced at the next job.
      worker.unref();
      const drop = () => {
        const at = this.#workers.indexOf(worker);
        if (at !== -1) this.#workers.splice(at, 1);
      };
      worker.on('error', drop);
      worker.on('exit', drop);
      this.#workers.push(worker);
    }
  }

  /** The threads' ids (a test checks no thread is started per submission). */
  threadIds(): number[] {
    return this.#workers.map((worker) => worker.threadId);
  }

  post(job: ScanJob | TruthJob): void {
    this.fill();
    for (const worker of this.#workers) worker.postMessage(job);
  }
}

let pool: Pool | null | undefined;

/**
 * Files scored on the threads (`clean`), files found not clean there and scored again on one thread,
 * and the chunks the pool's threads scanned (the caller's thread scans the others).
 */
export const scanCounts = { clean: 0, notClean: 0, chunksByPool: 0 };

/**
 * The process's scan pool, once started by startScanPool (null before, and on a single core: nothing
 * to share). Only processes that score start it (the scoring workers at start, for their warm-up, and
 * GroundTruthCache), so a service that only checks uploads keeps no threads.
 */
export function scanPool(): Pool | null {
  return pool ?? null;
}

/**
 * Starts the pool once per process, ahead of the first submission (its threads start while the ground
 * truth loads). SCORING_SCAN_THREADS sets the pool's size (0: no pool, everything on one thread);
 * without it, `fallback` threads. The scoring workers pass 0: their processes already share the cores
 * (several worker processes, the API), the threads cost 1.2–1.5× the CPU and ~25 MB more per process,
 * and their gain in wall time showed only with a core idle (decision 0015). The benchmark passes the
 * default below: as many as cores but one, at most 3.
 */
export function startScanPool(fallback = Math.min(availableParallelism() - 1, 3)): Pool | null {
  if (pool === undefined) {
    const setting = Number.parseInt(process.env.SCORING_SCAN_THREADS ?? '', 10);
    const helpers = Number.isNaN(setting) ? fallback : Math.max(0, setting);
    pool = helpers > 0 ? new Pool(helpers) : null;
  }
  return pool;
}

/** Waits (blocking, bounded) until `control[done]` reaches `count`: the threads finishing the chunks they took. */
export function waitForChunks(control: Int32Array, done: number, count: number): void {
  const deadline = performance.now() + WAIT_MS;
  for (let now = Atomics.load(control, done); now < count; now = Atomics.load(control, done)) {
    const left = deadline - performance.now();
    if (left <= 0) throw new Error('the scoring threads did not finish their chunks in time');
    Atomics.wait(control, done, now, left);
  }
}

/** Files up to this size are copied into one shared buffer kept for the next (see sharedCopy). */
const REUSED_COPY_BYTES = 64 << 20;
let reusedCopy: Uint8Array | null = null;

/**
 * A submission in shared memory: itself when it is there already; else a copy, into one buffer the
 * process keeps and reuses (scoring is synchronous, one file at a time), so a worker scoring Buffers
 * fetched from PostgreSQL does not leave a new shared buffer per submission for the garbage collector
 * of every thread. Pages of it never written are never in memory; bigger files get a copy of their own.
 */
function sharedCopy(bytes: Uint8Array): Uint8Array {
  if (shared(bytes)) return bytes;
  if (bytes.length > REUSED_COPY_BYTES) return inSharedMemory(bytes);
  if (reusedCopy === null || reusedCopy.length < bytes.length)
    reusedCopy = sharedArray(Uint8Array, Math.min(REUSED_COPY_BYTES, Math.ceil(bytes.length * 1.25)));
  reusedCopy.set(bytes);
  return reusedCopy.subarray(0, bytes.length);
}

/** Where the rows after the header start (after the first line feed); -1 when there is none. */
export function afterHeader(bytes: Uint8Array): number {
  const feed = bytes.indexOf(LF);
  return feed === -1 ? -1 : feed + 1;
}

/** Where the rows after the header start, when the header is exactly `expected`; -1 otherwise. */
function bodyStart(bytes: Uint8Array, expected: string): number {
  let at = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const feed = bytes.indexOf(LF, at);
  if (feed === -1) return -1;
  const end = feed > at && bytes[feed - 1] === CR ? feed - 1 : feed;
  if (end - at !== expected.length) return -1;
  for (let i = 0; i < expected.length; i++, at++) if (bytes[at] !== expected.charCodeAt(i)) return -1;
  return feed + 1;
}

/**
 * Chunk bounds from `start`: each chunk ends right after a line feed that ends a non-empty line, so a
 * chunk never ends in empty lines (a chunk's trailing empty lines would be taken for the file's own).
 */
export function chunkBounds(bytes: Uint8Array, start: number, chunkBytes: number): number[] {
  const bounds = [start];
  let from = start;
  for (;;) {
    let feed = bytes.indexOf(LF, from + chunkBytes);
    for (;;) {
      if (feed === -1) break;
      const end = bytes[feed - 1] === CR ? feed - 1 : feed;
      if (end > bounds[bounds.length - 1]! && bytes[end - 1] !== LF) break;
      feed = bytes.indexOf(LF, feed + 1);
    }
    if (feed === -1 || feed + 1 >= bytes.length) break;
    bounds.push(feed + 1);
    from = feed + 1;
  }
  bounds.push(bytes.length);
  return bounds;
}

/**
 * Scores a clean file on all the pool's threads: the submitted values in split order in `predicted`
 * and the number of rows; null when the file is not for this path (a label metric, small, not UTF-8,
 * another header, no pool) or not clean, and score.ts reads it on one thread.
 */
export function scanInParallel(
  bytes: Uint8Array,
  truth: GroundTruth,
  predicted: Float64Array,
  options: ParallelOptions = {},
): number | null {
  // Labels are coded per submission as they come: threads would code them differently.
  if (metricOf(truth.metric).target !== 'numeric') return null;
  if (bytes.length < (options.minBytes ?? PARALLEL_MIN_BYTES)) return null;
  const threads = scanPool();
  if (threads === null || !shared(predicted)) return null;
  if (!isUtf8(bytes)) return null;
  const start = bodyStart(bytes, `id,${truth.target}`);
  if (start === -1 || start >= bytes.length) return null;
  const file = sharedCopy(bytes);
  const bounds = chunkBounds(file, start, Math.max(1, options.chunkBytes ?? CHUNK_BYTES));
  const chunks = bounds.length - 1;
  const control = new Int32Array(new SharedArrayBuffer((RESULTS + chunks) * 4));
  predicted.fill(Number.NaN);
  const job: ScanJob = { kind: 'scan', truth: sharedTruth(truth), bytes: file, bounds, control, predicted };
  if (chunks > 1) threads.post(job);
  takeChunks(job, truth, false);
  // The threads may still be scanning chunks they took: wait for them (each chunk's end is notified).
  waitForChunks(control, DONE, chunks);
  scanCounts.chunksByPool += Atomics.load(control, BY_POOL);
  const rows = cleanRows(control, chunks, truth, predicted);
  if (rows === null) scanCounts.notClean++;
  else scanCounts.clean++;
  return rows;
}

/** The rows of a scan whose every chunk was clean, as many as the test ids, each of which got a value; else null. */
function cleanRows(control: Int32Array, chunks: number, truth: GroundTruth, predicted: Float64Array) {
  let rows = 0;
  for (let chunk = 0; chunk < chunks; chunk++) {
    const counted = control[RESULTS + chunk]!;
    if (counted < 0) return null;
    rows += counted;
  }
  if (rows !== truth.rows) return null;
  // `x !== x`: NaN, an id without a value (as many rows as ids: another was given twice).
  for (let position = 0; position < rows; position++)
    if (predicted[position] !== predicted[position]) return null;
  return rows;
}
