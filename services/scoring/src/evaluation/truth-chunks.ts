import { Lines, fnv1a, plain } from './csv.ts';
import { row, unquote } from './fields.ts';
import { RECORD, fits, home, next, sameBytes } from './hash-index.ts';
import type { MetricName } from './metrics.ts';
import { Values, nextGeneral } from './truth-read.ts';

/**
 * Reading a ground truth's chunks on the scan pool's threads (truth-parallel.ts): each thread reads
 * whole lines of its chunks as truth-read.ts does, puts each id in the one shared hash table (a record
 * claimed with an atomic compare-and-swap, so two threads never take the same one, and published only
 * once it is whole), and keeps the chunk's values in file order in its own region of a shared array. A
 * record's position is the chunk's own count (row n: n + 1) until all chunks are read and
 * truth-parallel.ts knows where each chunk's rows go (file order; the split is applied afterwards).
 * Anything wrong in a chunk (a row refused, a value the metric refuses, an id twice) and it stops: the
 * file is read again on one thread, which reports the first problem exactly.
 */

/** A record being written by a thread (its position field, until the record is published). */
export const CLAIMED = -1;
const POSITION = 3;
const PENDING = 256;
/** What the loads ahead of the inserts read, kept so they are not optimised away. */
export let touched = 0;

/** In a truth job's control array: next chunk, chunks done, chunks by the pool, ids inserted, then per chunk [rows, ok]. */
export const T_NEXT = 0;
export const T_DONE = 1;
export const T_BY_POOL = 2;
export const T_INSERTED = 3;
export const T_RESULTS = 4;
export const T_FIELDS = 2;
/** A chunk's fields: its rows, and 1 when read whole (-1: the one-thread reader reports its problem). */
export const T_ROWS = 0;
export const T_OK = 1;

/** A ground truth's reading, sent to the pool's threads. */
export interface TruthJob {
  kind: 'truth';
  bytes: Uint8Array;
  /** Chunk bounds in `bytes` (whole lines); chunk c's ids go to keys from `bounds[c] - bounds[0]`. */
  bounds: number[];
  /** Chunk c's values go to `values` from `regions[c]` to `regions[c + 1]`. */
  regions: number[];
  keys: Uint8Array;
  table: Int32Array;
  values: Float64Array;
  control: Int32Array;
  metric: MetricName;
}

/** Inserts keys[start…end) with a chunk position (never 0 or CLAIMED); false when the id is there already. */
function insertShared(
  table: Int32Array,
  keys: Uint8Array,
  hash: number,
  start: number,
  end: number,
  position: number,
) {
  let at = home(hash, table.length / RECORD);
  for (;;) {
    const found = Atomics.load(table, at + POSITION);
    if (found === 0) {
      if (Atomics.compareExchange(table, at + POSITION, 0, CLAIMED) !== 0) continue;
      table[at] = hash;
      table[at + 1] = start;
      table[at + 2] = end;
      Atomics.store(table, at + POSITION, position);
      return true;
    }
    // Another thread is writing this record: its id is needed to compare (a few instructions' wait).
    if (found === CLAIMED) continue;
    if (table[at] === hash && sameBytes(keys, table[at + 1]!, table[at + 2]!, keys, start, end)) return false;
    at = next(at, table.length);
  }
}

/**
 * Ids read and not yet inserted, a batch at a time (at most PENDING): one per thread, made once and reused
 * for every chunk (a closure per chunk would be a new function each time, and the optimised reader,
 * which inlines it, would be thrown away at every chunk: measured 23 deoptimisations for 25 chunks).
 */
class Pending {
  readonly hashes = new Int32Array(PENDING);
  readonly starts = new Int32Array(PENDING);
  readonly ends = new Int32Array(PENDING);
  readonly positions = new Int32Array(PENDING);
  size = 0;

  /** Inserts the pending ids into the job's table; false when one is there already or the table is full. */
  flush(job: TruthJob): boolean {
    const { table, keys, control } = job;
    const { hashes, starts, ends, positions } = this;
    const size = this.size;
    this.size = 0;
    // More ids than the table was made for (it was sized from an estimate of the lines): the one-thread
    // reader grows it. Some slack over LOAD, so an estimate a little short still reads here (the caller
    // checks the count against LOAD at the end); never near full, where probes would run long.
    const records = table.length / RECORD;
    if (!fits(Atomics.add(control, T_INSERTED, size) + size, records * 1.2)) return false;
    let sink = 0;
    // Each pending id's record loaded first (loads that overlap), then the inserts find them in the cache.
    for (let i = 0; i < size; i++) sink ^= table[home(hashes[i]!, records)]!;
    touched = sink;
    for (let i = 0; i < size; i++)
      if (!insertShared(table, keys, hashes[i]!, starts[i]!, ends[i]!, positions[i]!)) return false;
    return true;
  }
}

let pendingOfThread: Pending | null = null;

/** Reads chunk `c`; its row count or null when anything in it is wrong. */
export function readTruthChunk(job: TruthJob, c: number): number | null {
  const { bytes, bounds, regions, keys, values: out } = job;
  const chunk = bytes.subarray(bounds[c]!, bounds[c + 1]!);
  const lines = new Lines(chunk, false);
  const values = new Values(job.metric);
  if (!values.numeric) return null;
  const pending = (pendingOfThread ??= new Pending());
  pending.size = 0;
  const { hashes, starts, ends, positions } = pending;
  let used = bounds[c]! - bounds[0]!;
  const front = regions[c]!;
  const capacity = regions[c + 1]! - front;
  let rows = 0;
  for (;;) {
    const from = used;
    let hash: number;
    let value: number;
    if (lines.nextKeyedInto(keys, used)) {
      const end = plain.comma;
      used += end - lines.start;
      hash = plain.hash;
      // Throws (the chunk stops) for a value the metric refuses.
      value = values.check(plain.value, chunk, end + 1, lines.end, 0);
    } else {
      if (!nextGeneral(lines)) break;
      const { idStart, idEnd } = row;
      if (row.idEscaped) used = unquote(chunk, idStart, idEnd, keys, used);
      else for (let i = idStart; i < idEnd; i++) keys[used++] = chunk[i]!;
      hash = fnv1a(keys, from, used);
      value = values.read(chunk, row.valueStart, row.valueEnd, row.valueEscaped, 0);
    }
    if (rows === capacity) return null;
    const at = pending.size++;
    hashes[at] = hash | 0;
    starts[at] = from;
    ends[at] = used;
    positions[at] = rows + 1;
    if (at + 1 === PENDING && !pending.flush(job)) return null;
    out[front + rows++] = value;
  }
  if (pending.size > 0 && !pending.flush(job)) return null;
  return rows;
}

/** Takes chunks of a truth job until none is left (as takeChunks in scan.ts). */
export function takeTruthChunks(job: TruthJob, pooled: boolean): void {
  const { control, bounds } = job;
  const chunks = bounds.length - 1;
  for (;;) {
    const c = Atomics.add(control, T_NEXT, 1);
    if (c >= chunks) return;
    let rows: number | null;
    try {
      rows = readTruthChunk(job, c);
    } catch {
      // A refused row (InvalidFile) or anything else: the one-thread reader reports it.
      rows = null;
    }
    const at = T_RESULTS + c * T_FIELDS;
    if (rows !== null) {
      control[at + T_ROWS] = rows;
      control[at + T_OK] = 1;
    } else control[at + T_OK] = -1;
    if (pooled) Atomics.add(control, T_BY_POOL, 1);
    Atomics.add(control, T_DONE, 1);
    Atomics.notify(control, T_DONE);
  }
}
