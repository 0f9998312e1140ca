import { sharedArray } from './shared-memory.ts';

/**
 * The hash index of ids that are not compact integers: an open-addressing table (linear probing, a power
 * of two records, at most half full) of records of RECORD int32s [hash, id start, id end, position] —
 * the id's FNV-1a hash, its byte range in the ground truth's `keys` (the ids' bytes, unquoted, one
 * after another) and its position in split order plus one, so 0 marks an empty record (and a new table
 * needs no filling: its zero pages are not even in memory until written). A lookup reads one
 * record (one cache line) and the id's bytes, and passes over another id's record by its hash.
 */

/** Int32s per record (the code finds a record by `hash << 2`, so 4). */
export const RECORD = 4;
const POSITION = 3;

/** Records for `rows` ids: a power of two, at least twice as many. */
export function tableRecords(rows: number): number {
  let size = 1;
  while (size < rows * 2) size <<= 1;
  return size;
}

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
  const last = table.length - 1;
  let at = (hash << 2) & last;
  while (table[at + POSITION] !== 0) {
    if (table[at] === hash && sameBytes(keys, table[at + 1]!, table[at + 2]!, keys, start, end)) return false;
    at = (at + RECORD) & last;
  }
  table[at] = hash;
  table[at + 1] = start;
  table[at + 2] = end;
  table[at + POSITION] = position + 1;
  return true;
}

/**
 * Puts records (RECORD int32s each, ids known to be distinct) into `table` without comparing ids. Given
 * in the order of a table of the same size, each lands where it was: the writes run in order.
 */
export function insertDistinct(table: Int32Array, records: Int32Array): void {
  const last = table.length - 1;
  for (let from = 0; from < records.length; from += RECORD) {
    let at = (records[from]! << 2) & last;
    while (table[at + POSITION] !== 0) at = (at + RECORD) & last;
    table[at] = records[from]!;
    table[at + 1] = records[from + 1]!;
    table[at + 2] = records[from + 2]!;
    table[at + POSITION] = records[from + POSITION]!;
  }
}

/** The occupied records of a table, in table order, one after another. */
export function denseRecords(table: Int32Array, rows: number): Int32Array {
  const dense = new Int32Array(rows * RECORD);
  let to = 0;
  for (let at = 0; at < table.length && to < dense.length; at += RECORD) {
    if (table[at + POSITION] === 0) continue;
    dense.set(table.subarray(at, at + RECORD), to);
    to += RECORD;
  }
  return dense;
}

/** A table twice as big with the same records (when more ids came than the table was sized for). */
export function grownTable(table: Int32Array, rows: number): Int32Array {
  const bigger = emptyTable((table.length / RECORD) * 2);
  insertDistinct(bigger, denseRecords(table, rows));
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
  from = (hash << 2) & (table.length - 1),
): number {
  const last = table.length - 1;
  const length = end - start;
  let at = from;
  for (;;) {
    if (table[at + POSITION] === 0) return at;
    if (table[at] === hash) {
      const key = table[at + 1]!;
      if (table[at + 2]! - key === length && equalBytes(keys, key, id, start, length)) return at;
    }
    at = (at + RECORD) & last;
  }
}

const BATCH = 256;

/**
 * Inserts ids a batch at a time, in the order given: first the batch's records are loaded (independent
 * loads the processor overlaps), then the inserts find them in the cache — one insert right after each
 * row is read waits for its record every time. The table grows (twice the records) when it would be
 * more than half full.
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
    if ((this.#inserted + size) * 2 > this.table.length / RECORD)
      this.table = grownTable(this.table, this.#inserted);
    const { table, keys } = this;
    const last = table.length - 1;
    let sink = 0;
    for (let i = 0; i < size; i++) sink ^= table[(this.#hashes[i]! << 2) & last]!;
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
