import type { GroundTruth, Metric } from './ground-truth.ts';
import { loadGroundTruth } from './load-truth.ts';
import { type ParallelOptions, scanPool } from './scan-pool.ts';
import { scoreSubmission } from './score.ts';
import { release, sharedArray } from './shared-memory.ts';
import { decodeTruthForm, encodeTruthForm } from './truth-form.ts';

/**
 * Compiles the scoring code before the first real submission: a process that scores (the scoring
 * workers at start, the benchmark's child likewise) reads and scores small made-up files through the
 * paths a real one takes, often enough for V8 to optimise them. Without it a fresh worker's first
 * 1,000,000-row submission ran 40–90 ms slower than its next ones, compiling as it went (decision 0015,
 * fourth pass). What is warmed: reading a ground truth (integer ids: direct index; text ids: hash
 * index, with ids whose hashes are equal), its stored form written and mapped, and scoring a file given
 * as a Buffer (as from PostgreSQL) and in shared memory (as read by readFileShared), with negative
 * values and decimals (a branch that never ran is code thrown away when it first does) — on one thread,
 * then, when the process started the scan pool, on the pool too: its threads compile their own code.
 * Numeric metric only (RMSE): the label metrics code labels per submission, a small part of their time.
 */

/** Rows of each made-up file: 2^12, so `i * STRIDE` modulo it orders the submission's rows apart. */
const ROWS = 1 << 12;
const STRIDE = 40_503;
/** Files scored on one thread per kind of id. */
const ROUNDS = 8;
/** Files scored on the pool per kind of id: its threads take only some of each file's chunks. */
const POOL_ROUNDS = 16;
/** Times each made-up ground truth is read. */
const TRUTH_ROUNDS = 4;
/** Tiny chunks, so that a pool's threads take many of a small file (the caller's thread takes the rest). */
const CHUNK_BYTES = 1 << 10;

const identity = {
  sha256: 'warm-up',
  metric: 'rmse' as Metric,
  publicPercent: 50,
  splitKeySha256: 'warm-up',
};
/** Every other row public: the made-up files need a split, not a keyed one (split.ts). */
const halfPublic = new Uint8Array(ROWS / 8).fill(0x55);

const HEX = '0123456789abcdef';
/**
 * Text ids whose FNV-1a hashes are equal in pairs (c2ya8 and czki6, …; found by a birthday search as in
 * score-reference.unit.test.ts): a million real ids have about a hundred such pairs, and a lookup that
 * passes a record with its id's hash but other bytes runs code no other id runs.
 */
const COLLIDING = ['c2ya8', 'czki6', 'c2ya9', 'czki7', 'c2ya6', 'czki8', 'c2ya7', 'czki9'];
const FRACTIONS = ['', '.125', '.25', '.375', '.5', '.625', '.75', '.875'];

/** Writes the decimal digits of a non-negative integer at `at`; returns where they end. */
function digits(bytes: Buffer, at: number, n: number): number {
  let end = at;
  for (let rest = n; end === at || rest > 0; rest = Math.floor(rest / 10)) end++;
  for (let rest = n, i = end - 1; i >= at; rest = Math.floor(rest / 10), i--) bytes[i] = 48 + (rest % 10);
  return end;
}

/**
 * A made-up file `id,target` of ROWS rows, written byte by byte into one Buffer: no strings per row,
 * whose garbage made V8 grow its young generation (~13 MB more peak memory, measured). Text ids are
 * `w` + 8 hex digits + the row (as the benchmark's); values are eighths from −120 to 130.
 */
function csvOf(kind: 'int' | 'string', submission: boolean): Buffer {
  const bytes = Buffer.allocUnsafeSlow(ROWS * 40 + 16);
  let at = bytes.write('id,target\n', 0, 'latin1');
  for (let row = 0; row < ROWS; row++) {
    const i = submission ? (row * STRIDE) % ROWS : row;
    if (kind === 'string' && i < COLLIDING.length) at += bytes.write(COLLIDING[i]!, at, 'latin1');
    else if (kind === 'string') {
      bytes[at++] = 0x77; // w
      const hash = Math.imul(i, 0x9e3779b1) >>> 0;
      for (let shift = 28; shift >= 0; shift -= 4) bytes[at++] = HEX.charCodeAt((hash >>> shift) & 15);
    }
    if (kind === 'int' || i >= COLLIDING.length) at = digits(bytes, at, i);
    bytes[at++] = 0x2c; // ,
    const eighths = ((i * 7_919) % 2_000) - 960 + (submission ? (i % 9) * 2 - 8 : 0);
    if (eighths < 0) bytes[at++] = 0x2d; // -
    at = digits(bytes, at, Math.floor(Math.abs(eighths) / 8));
    const fraction = FRACTIONS[Math.abs(eighths) % 8]!;
    for (let c = 0; c < fraction.length; c++) bytes[at++] = fraction.charCodeAt(c);
    bytes[at++] = 0x0a;
  }
  return bytes.subarray(0, at);
}

/** What the warm-up did: its time (from its start to its end), the time it ran, the files it scored. */
export interface WarmUp {
  ms: number;
  busyMs: number;
  files: number;
}

/**
 * Warms the scoring code of this process in steps (a ground truth read, a file scored: a few ms each
 * once compiled, ~30 ms the first times), so a service can let other work run between them: see
 * warmUpScoring. Start the scan pool first when the process uses one, so its threads warm too. A score
 * the threads and one thread disagree on is a bug: it throws.
 */
export function* warmUpSteps(): Generator<void, WarmUp, void> {
  const started = performance.now();
  let busyMs = 0;
  const steps = warmUpWork();
  for (;;) {
    const stepStart = performance.now();
    const next = steps.next();
    busyMs += performance.now() - stepStart;
    if (next.done) return { ms: performance.now() - started, busyMs, files: next.value };
    yield;
  }
}

/** The warm-up's work, yielding between its steps; returns the files it scored. */
function* warmUpWork(): Generator<void, number, void> {
  const pooled = scanPool() !== null;
  let files = 0;
  const score = (bytes: Uint8Array, truth: GroundTruth, options?: ParallelOptions) => {
    const { publicScore, rows } = scoreSubmission(bytes, truth, options);
    if (rows !== ROWS || !(publicScore > 0)) throw new Error('scoring warm-up: a made-up file misread');
    files++;
    return publicScore;
  };
  const made: { truth: GroundTruth; files: Uint8Array[]; publicScore: number }[] = [];
  // Text ids last: their truth's shape is the one a first real submission most likely meets.
  for (const kind of ['int', 'string'] as const) {
    const csv = csvOf(kind, false);
    // Read a few times: reading a ground truth is half of a fresh worker's first scoring.
    let truth = loadGroundTruth(csv, identity.metric, halfPublic);
    for (let again = 1; again < TRUTH_ROUNDS; again++) {
      yield;
      truth = loadGroundTruth(csv, identity.metric, halfPublic);
    }
    const form = encodeTruthForm(truth, identity);
    decodeTruthForm(form, identity);
    release(form);
    // The same file as a Buffer (as from PostgreSQL) and in shared memory (as read by readFileShared):
    // real submissions come as both.
    const buffer = csvOf(kind, true);
    const shared = sharedArray(Uint8Array, buffer.length);
    shared.set(buffer);
    let publicScore = 0;
    for (let round = 0; round < ROUNDS; round++) {
      yield;
      publicScore = score(round % 2 === 0 ? buffer : shared, truth);
    }
    made.push({ truth, files: [buffer, shared], publicScore });
  }
  // Then on the pool, when there is one: its threads have started by now (they start with the pool,
  // and a thread not yet up when the first jobs come would take none of their chunks).
  for (const { truth, files: both, publicScore } of pooled ? made : []) {
    for (let round = 0; round < POOL_ROUNDS; round++) {
      yield;
      const pooledScore = score(both[round % 2]!, truth, { minBytes: 0, chunkBytes: CHUNK_BYTES });
      if (pooledScore !== publicScore)
        throw new Error('scoring warm-up: the threads and one thread disagree');
    }
  }
  return files;
}

/** The whole warm-up at once (synchronous): the benchmark's child, and tests. */
export function warmUpScoring(): WarmUp {
  const steps = warmUpSteps();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
