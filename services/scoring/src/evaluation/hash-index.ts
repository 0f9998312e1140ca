import { sharedArray } from './shared-memory.ts';

/**
 * The hash index of ids that are not compact integers: an open-addressing table (linear probing, at
 * most LOAD full, any number of records) of records of RECORD int32s [hash, id start, id end, position] —
 * the id's FNV-1a hash, its byte range in the ground truth's `keys` (the ids' bytes, unquoted, one
 * after another) and its position in split order plus one, so 0 marks an empty record (and a new table
 * needs no filling: its zero pages are not even in memory until written). A lookup reads one
 * record (one cache line) and the id's bytes, and passes over another id's record by its hash.
 */

/** Int32s per record. */
export const RECORD = 4;
const POSITION = 3;

/**
 * How full a table may be: 7 ids in 10 records. Was half full in a power of two of records (the home
 * record `hash & (records - 1)`): for 1,000,000 ids 2^21 records, 32 MiB, a sixth of a worker's peak
 * memory, and for 600,000 ids the same table a quarter full. At 0.7, 1,000,000 ids take 22 MiB; a
 * lookup reads 2.2 records on average instead of 1.5, most in the same cache line (four records in
 * 64 bytes), and the batched lookups (Batch#probeAll) load each id's record ahead anyway (decision 0015,
 * fifth pass).
 */
const LOAD_IDS = 7;
const LOAD_RECORDS = 10;

/** Records for `rows` ids: at most LOAD full (and at least one empty record). */
export const tableRecords = (rows: number): number =>
  Math.max(rows + 1, Math.ceil((rows * LOAD_RECORDS) / LOAD_IDS));

/** Whether `ids` ids fit a table of `records` records (at most LOAD full). */
export const fits = (ids: number, records: number): boolean => ids * LOAD_RECORDS <= records * LOAD_IDS;

/** 2^-32, exactly: a multiplication (the compiler need not turn a division into one). */
const TWO_TO_MINUS_32 = 2 ** -32;

/**
 * The record where the probe for `hash` starts, as an index into `table` (record × RECORD): the hash's
 * place in [0, records) by its high bits (multiply and shift, "fastrange"), so a table of any number of
 * records spreads the hashes evenly. Exact below 2^21 records; above, the product is rounded the same
 * way every time (the same record for the same hash in every thread) and stays below `records`.
 */
export const home = (hash: number, records: number): number =>
  (((hash >>> 0) * records * TWO_TO_MINUS_32) | 0) * RECORD;

/** The record after `at` in a probe: the next one, the first after the last. */
export const next = (at: number, length: number): number => (at + RECORD === length ? 0 : at + RECORD);

/** A table of `records` empty records. */
/** In shared memory: the scan pool's threads probe it too. */
export const emptyTable = (records: number) => sharedArray(Int32Array, records * RECORD);

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
 * Inserts the id keys[start…end) with its hash and position (any number but -1: stored plus one); false, and nothing
 * inserted, when that id is in the table already.
 */
export function insert(
  table: Int32Array,
  keys: Uint8Array,
  hash: number,
  start: number,
  end: number,
  position: number,
): boolean {
  let at = home(hash, table.length / RECORD);
  while (table[at + POSITION] !== 0) {
    if (table[at] === hash && sameBytes(keys, table[at + 1]!, table[at + 2]!, keys, start, end)) return false;
    at = next(at, table.length);
  }
  table[at] = hash;
  table[at + 1] = start;
  table[at + 2] = end;
  table[at + POSITION] = position + 1;
  return true;
}

/**
 * Puts an id known to be in the table no more (its hash, byte range and position) into `table` without
 * comparing ids. Ids put in the order of a table of the same size each land where they were: the writes
 * run in order.
 */
export function place(table: Int32Array, hash: number, start: number, end: number, position: number): void {
  let at = home(hash, table.length / RECORD);
  while (table[at + POSITION] !== 0) at = next(at, table.length);
  table[at] = hash;
  table[at + 1] = start;
  table[at + 2] = end;
  table[at + POSITION] = position + 1;
}

/** A table twice as big with the same records (when more ids came than the table was sized for). */
export function grownTable(table: Int32Array): Int32Array {
  const bigger = emptyTable((table.length / RECORD) * 2);
  for (let at = 0; at < table.length; at += RECORD)
    if (table[at + POSITION] !== 0)
      place(bigger, table[at]!, table[at + 1]!, table[at + 2]!, table[at + POSITION]! - 1);
  return bigger;
}

/** Bytes and a DataView over the same bytes, for comparing four bytes at a time. */
export interface Viewed {
  bytes: Uint8Array;
  view: DataView;
}

export const viewed = (bytes: Uint8Array): Viewed => ({
  bytes,
  view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
});

/**
 * Whether a.bytes[aStart…) and b.bytes[bStart…) are equal over `length` bytes: four at a time through
 * the DataViews (half the time of a byte loop for ids of 11–36 bytes), then byte by byte.
 */
function equalBytes(a: Viewed, aStart: number, b: Viewed, bStart: number, length: number): boolean {
  let i = 0;
  // Little-endian: the processor's own order, no byte swap (equality does not care which).
  for (; i + 4 <= length; i += 4)
    if (a.view.getInt32(aStart + i, true) !== b.view.getInt32(bStart + i, true)) return false;
  for (; i < length; i++) if (a.bytes[aStart + i] !== b.bytes[bStart + i]) return false;
  return true;
}

/**
 * The record holding the id id.bytes[start…end) with its hash (its index in the table, times RECORD),
 * or else the empty record where it would go. For a finished table (every position ≥ 0). `from`: where
 * the probe starts, the id's home record unless the caller knows no record before `from` on the
 * probe's way has the id's hash (Batch#lookUp).
 */
export function probe(
  table: Int32Array,
  keys: Viewed,
  hash: number,
  id: Viewed,
  start: number,
  end: number,
  from = home(hash, table.length / RECORD),
): number {
  const length = end - start;
  let at = from;
  for (;;) {
    if (table[at + POSITION] === 0) return at;
    if (table[at] === hash) {
      const key = table[at + 1]!;
      if (table[at + 2]! - key === length && equalBytes(keys, key, id, start, length)) return at;
    }
    at = next(at, table.length);
  }
}

const BATCH = 256;

/**
 * Inserts ids a batch at a time, in the order given: first the batch's records are loaded (independent
 * loads the processor overlaps), then the inserts find them in the cache — one insert right after each
 * row is read waits for its record every time. The table grows (twice the records) when it would be
 * more than LOAD full.
 */
export class BatchedInserts {
  table: Int32Array;
  readonly #hashes = new Int32Array(BATCH);
  readonly #starts = new Int32Array(BATCH);
  readonly #ends = new Int32Array(BATCH);
  readonly #positions = new Int32Array(BATCH);
  #size = 0;
  #inserted = 0;
  /** What the loads ahead of the inserts read, kept so they are not optimised away. */
  touched = 0;

  readonly keys: Uint8Array;
  readonly duplicate: (start: number, end: number) => Error;

  constructor(records: number, keys: Uint8Array, duplicate: (start: number, end: number) => Error) {
    this.table = emptyTable(records);
    this.keys = keys;
    this.duplicate = duplicate;
  }

  add(hash: number, start: number, end: number, position: number): void {
    const at = this.#size++;
    this.#hashes[at] = hash;
    this.#starts[at] = start;
    this.#ends[at] = end;
    this.#positions[at] = position;
    if (this.#size === BATCH) this.flush();
  }

  /** Inserts what is pending; throws `duplicate(…)` for the first id already in the table. */
  flush(): void {
    const size = this.#size;
    this.#size = 0;
    if (!fits(this.#inserted + size, this.table.length / RECORD)) this.table = grownTable(this.table);
    const { table, keys } = this;
    const records = table.length / RECORD;
    let sink = 0;
    for (let i = 0; i < size; i++) sink ^= table[home(this.#hashes[i]!, records)]!;
    this.touched = sink;
    for (let i = 0; i < size; i++) {
      const start = this.#starts[i]!;
      const end = this.#ends[i]!;
      if (!insert(table, keys, this.#hashes[i]!, start, end, this.#positions[i]!))
        throw this.duplicate(start, end);
      this.#inserted++;
    }
  }
}
