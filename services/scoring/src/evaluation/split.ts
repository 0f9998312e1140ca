import { createHash, hash, randomBytes } from 'node:crypto';
import type { GroundTruth } from './ground-truth.ts';
import { RECORD } from './hash-index.ts';

/**
 * The public/private split of a ground truth — its one definition (decision 0024):
 *
 *   Each ground truth gets a fresh random 32-byte split key. Its ids (the bytes of each id as the file
 *   has it, unquoted) are ordered by HMAC-SHA-256(key, id), digests compared as unsigned big-endian
 *   numbers (equal digests, never seen in practice, by the ids' bytes); the first round(n × p / 100) of
 *   them are public, the others private.
 *
 * So the public share is exactly the declared one, and which ids are private cannot be computed without
 * the key: it is kept sealed with the platform's keys (never in an event in clear); the ground-truth
 * event carries its SHA-256 (the commitment), and final publication reveals it, so anyone can recompute
 * the split (the CLI's `verify-score` does, with its own code). The split is computed once, when an
 * operator sets the ground truth, and kept as a bitmap by file row (`scoring.ground_truths.public_mask`)
 * and in the stored form, so scoring never computes a digest.
 */

/** The split's key: 32 random bytes, fresh for every ground truth an operator sets. */
export const newSplitKey = (): Buffer => randomBytes(32);

/** The commitment to a split key: its SHA-256, hex. */
export const splitKeyDigest = (key: Uint8Array): string => createHash('sha256').update(key).digest('hex');

/** Declared public shares an operator may choose (percent): both parts of a board need rows. */
export const PUBLIC_PERCENT_MIN = 1;
export const PUBLIC_PERCENT_MAX = 99;

/** How many of `rows` ids are public at `publicPercent` %: round(n × p / 100), half up. */
export const publicCount = (rows: number, publicPercent: number): number =>
  Math.floor((rows * publicPercent) / 100 + 0.5);

/** A split by file row: bit r (LSB first) of byte r >> 3 set when row r of the file is public. */
export type PublicMask = Uint8Array;

export const isPublicRow = (mask: PublicMask, row: number): boolean =>
  ((mask[row >> 3]! >> (row & 7)) & 1) === 1;

/** The bytes of each id by file row, of a ground truth read in file order (readGroundTruth). */
export function idsByRow(truth: GroundTruth): (row: number) => Uint8Array {
  if (truth.direct) {
    const slotOfRow = new Int32Array(truth.rows);
    const { positions } = truth;
    for (let slot = 0; slot < positions.length; slot++)
      if (positions[slot]! >= 0) slotOfRow[positions[slot]!] = slot;
    return (row) => Buffer.from(String(truth.directBase + slotOfRow[row]!));
  }
  const starts = new Int32Array(truth.rows);
  const ends = new Int32Array(truth.rows);
  const { table, keys } = truth;
  for (let at = 0; at < table.length; at += RECORD) {
    const position = table[at + 3]! - 1;
    if (position < 0) continue;
    starts[position] = table[at + 1]!;
    ends[position] = table[at + 2]!;
  }
  return (row) => keys.subarray(starts[row]!, ends[row]!);
}

/**
 * The split of `rows` ids (by file row) under `key`: exactly publicCount(rows, publicPercent) public.
 * Orders by the digests' first 48 bits (a float64 holds them exactly), and only where those are equal
 * at the boundary by the whole digest and then the id, which is the same order as the definition's.
 */
export function publicMask(
  rows: number,
  idOf: (row: number) => Uint8Array,
  key: Uint8Array,
  publicPercent: number,
): PublicMask {
  const mask = new Uint8Array(Math.ceil(rows / 8));
  const wanted = publicCount(rows, publicPercent);
  if (wanted === 0) return mask;
  if (wanted === rows) {
    for (let row = 0; row < rows; row++) mask[row >> 3]! |= 1 << (row & 7);
    return mask;
  }
  const digest = hmacSha256(key);
  const ranks = new Float64Array(rows);
  for (let row = 0; row < rows; row++) ranks[row] = digest(idOf(row)).readUIntBE(0, 6);
  const boundary = ranks.slice().sort()[wanted - 1]!;
  let taken = 0;
  const tied: number[] = [];
  for (let row = 0; row < rows; row++) {
    if (ranks[row]! < boundary) {
      mask[row >> 3]! |= 1 << (row & 7);
      taken++;
    } else if (ranks[row] === boundary) tied.push(row);
  }
  const order = tied
    .map((row) => ({ row, digest: digest(idOf(row)), id: idOf(row) }))
    .sort((a, b) => Buffer.compare(a.digest, b.digest) || Buffer.compare(a.id, b.id));
  for (const { row } of order.slice(0, wanted - taken)) mask[row >> 3]! |= 1 << (row & 7);
  return mask;
}

/**
 * HMAC-SHA-256 under a 32-byte key (RFC 2104: H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m))) with `crypto.hash`'s
 * one-shot digests: the same bytes as `createHmac('sha256', key)`, at 1.7 µs an id where createHmac
 * takes 9.5 µs on Node 24 (an object and a provider lookup per call; measured, decision 0024), so a
 * 1,000,000-id ground truth is split in under 2 s rather than 10.
 */
export function hmacSha256(key: Uint8Array): (message: Uint8Array) => Buffer {
  if (key.length > 64)
    throw new Error('hmacSha256: a key longer than the block is hashed first; not needed here');
  const inner = Buffer.alloc(64 + 256);
  const outer = Buffer.alloc(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = (key[i] ?? 0) ^ 0x36;
    outer[i] = (key[i] ?? 0) ^ 0x5c;
  }
  let scratch = inner;
  return (message) => {
    if (64 + message.length > scratch.length) {
      scratch = Buffer.alloc(64 + message.length);
      inner.copy(scratch, 0, 0, 64);
    }
    scratch.set(message, 64);
    outer.set(hash('sha256', scratch.subarray(0, 64 + message.length), 'buffer'), 64);
    return hash('sha256', outer, 'buffer');
  };
}

/** The split of a ground truth read in file order (readGroundTruth). */
export const publicMaskOf = (truth: GroundTruth, key: Uint8Array, publicPercent: number): PublicMask =>
  publicMask(truth.rows, idsByRow(truth), key, publicPercent);

/** Which of these ids are public under `key` (tests, the reveal): the definition over a list of ids. */
export function publicIdsOf(ids: readonly string[], key: Uint8Array, publicPercent: number): Set<string> {
  const bytes = ids.map((id) => Buffer.from(id));
  const mask = publicMask(ids.length, (row) => bytes[row]!, key, publicPercent);
  return new Set(ids.filter((_, row) => isPublicRow(mask, row)));
}

/**
 * Puts a ground truth read in file order into split order, in place: the public rows first, then the
 * private ones, each in file order (what `ordered`, `positions` and the table's positions mean).
 */
export function applySplit(truth: GroundTruth, mask: PublicMask): GroundTruth {
  const { rows, ordered } = truth;
  if (mask.length !== Math.ceil(rows / 8))
    throw new Error(`the split has ${mask.length * 8} rows' bits, the ground truth ${rows} rows`);
  // Each row's place in split order; the private values set aside in file order (a stable partition:
  // every pass reads and writes in order, the public values moved forward in place).
  const moved = new Int32Array(rows);
  let publicRows = 0;
  for (let row = 0; row < rows; row++) publicRows += (mask[row >> 3]! >> (row & 7)) & 1;
  const privates = new Float64Array(rows - publicRows);
  let nextPublic = 0;
  let nextPrivate = 0;
  for (let row = 0; row < rows; row++) {
    if ((mask[row >> 3]! >> (row & 7)) & 1) {
      ordered[nextPublic] = ordered[row]!;
      moved[row] = nextPublic++;
    } else {
      privates[nextPrivate] = ordered[row]!;
      moved[row] = publicRows + nextPrivate++;
    }
  }
  ordered.set(privates, publicRows);
  if (truth.direct) {
    const { positions } = truth;
    for (let slot = 0; slot < positions.length; slot++)
      if (positions[slot]! >= 0) positions[slot] = moved[positions[slot]!]!;
  } else {
    const { table } = truth;
    for (let at = RECORD - 1; at < table.length; at += RECORD)
      if (table[at]! > 0) table[at] = moved[table[at]! - 1]! + 1;
  }
  truth.publicRows = publicRows;
  return truth;
}
