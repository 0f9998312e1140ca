import { isUtf8 } from 'node:buffer';
import type { scoring } from '@sais/events';

/**
 * Byte-level CSV reading for scoring: one pass over the Buffer as it came (no copy, no per-row strings),
 * with fast paths for the common rows `<integer id>,<plain decimal>` and `<plain text id>,<plain decimal>`
 * and an exact general path for everything else (quoted fields: fields.ts), so a 1,000,000-row file is
 * read in tens of milliseconds.
 */

/**
 * A file the scorer refuses. A participant's result file is refused with `refusal`, a key of the shared
 * catalogue with its parameters (@sais/events `fileRefusalTexts`), rendered in each reader's language;
 * `message` then only names it (`key {params}`, for the service's own log). A ground truth is refused with
 * an English sentence (the operator's console shows it as is) and `refusal` null.
 */
export class InvalidFile extends Error {
  readonly refusal: scoring.FileRefusal | null;

  constructor(reason: scoring.FileRefusal | string) {
    super(typeof reason === 'string' ? reason : `${reason.key} ${JSON.stringify(reason.params)}`);
    this.refusal = typeof reason === 'string' ? null : reason;
  }
}

/**
 * A refusal with the parameters its key's texts need (the compiler checks them). Built here, not with
 * @sais/events' `fileRefusal`: the scan threads' bundle takes this file and must not take the catalogue.
 */
export function refusal<K extends scoring.FileRefusalKey>(
  key: K,
  params: scoring.FileRefusalParams<K>,
): scoring.FileRefusal {
  return { key, params };
}

const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const ZERO = 0x30;
const MINUS = 0x2d;
const PLUS = 0x2b;
const POINT = 0x2e;
const QUOTE = 0x22;

export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** FNV-1a (32 bits, unsigned) of a byte range: ids' hash, for the public split and the hash index. */
export function fnv1a(bytes: Uint8Array, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, FNV_PRIME);
  return hash >>> 0;
}

const decoder = new TextDecoder();
export const text = (bytes: Uint8Array, start: number, end: number) =>
  decoder.decode(bytes.subarray(start, end));

/** True when every line from `from` on is empty ("" or "\r"): such trailing lines do not count. */
function onlyEmptyLinesFrom(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === LF) continue;
    if (byte !== CR || (i + 1 < bytes.length && bytes[i + 1] !== LF)) return false;
  }
  return true;
}

/**
 * A cursor over the lines of a file: `start`/`end` of the current line (without CR/LF) and its 1-based
 * `number`. A UTF-8 BOM is skipped; trailing empty lines do not count, an empty line before others does
 * (as a line without the expected columns).
 */
export class Lines {
  start = 0;
  end = 0;
  number = 0;
  readonly bytes: Uint8Array;
  private position: number;

  /** `bom`: skip a UTF-8 BOM at the start (false for a chunk from the middle of a file: scan.ts). */
  constructor(bytes: Uint8Array, bom = true) {
    this.bytes = bytes;
    this.position =
      bom && bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  }

  next(): boolean {
    const bytes = this.bytes;
    const length = bytes.length;
    const start = this.position;
    if (start >= length) return false;
    // A plain loop, not Buffer#indexOf: lines are short, and a native call per line costs more than the scan.
    let end = start;
    while (end < length && bytes[end] !== LF) end++;
    this.position = end === length ? length : end + 1;
    if (end > start && bytes[end - 1] === CR) end -= 1;
    if (end === start && onlyEmptyLinesFrom(bytes, this.position)) {
      this.position = length;
      return false;
    }
    this.start = start;
    this.end = end;
    this.number += 1;
    return true;
  }

  /**
   * The fast path: when the next line is the common row `<id>,<value>` (a canonical integer id: digits,
   * no leading zero, at most 9; a plain decimal value) it is read into `plain` in the same pass that
   * finds its end, and the cursor moves past it. Otherwise returns false without moving, and the caller
   * reads that line with `next()` the general way (which refuses it precisely when it is wrong).
   */
  nextPlain(): boolean {
    const bytes = this.bytes;
    const length = bytes.length;
    const start = this.position;
    let i = start;
    let id = 0;
    for (; i < length; i++) {
      const digit = bytes[i]! - ZERO;
      if (digit < 0 || digit > 9) break;
      id = id * 10 + digit;
    }
    const idLength = i - start;
    if (idLength === 0 || idLength > 9 || (idLength > 1 && bytes[start] === ZERO)) return false;
    if (i === length || bytes[i] !== COMMA) return false;
    const comma = i;
    const end = readDecimal(bytes, comma + 1, length);
    if (end === -1) return false;
    let next: number;
    if (end === length) next = length;
    else if (bytes[end] === LF) next = end + 1;
    else if (bytes[end] === CR && (end + 1 === length || bytes[end + 1] === LF))
      next = Math.min(end + 2, length);
    else return false;
    plain.id = id;
    plain.comma = comma;
    this.start = start;
    this.end = end;
    this.position = next;
    this.number += 1;
    return true;
  }

  /**
   * The fast path for text ids: when the next line is `<id>,<plain decimal>` with an id of plain bytes
   * (no quote, no CR or LF) it is read in one pass — the id's FNV-1a hash into `plain.hash` as its bytes
   * go by, the value into `plain.value` — and the cursor moves past it. Otherwise returns false without
   * moving, as nextPlain does.
   */
  nextKeyed(): boolean {
    const bytes = this.bytes;
    const length = bytes.length;
    const start = this.position;
    let hash = FNV_OFFSET;
    let i = start;
    for (; i < length; i++) {
      const byte = bytes[i]!;
      if (byte === COMMA) break;
      if (byte === QUOTE || byte === LF || byte === CR) return false;
      hash = Math.imul(hash ^ byte, FNV_PRIME);
    }
    return this.#keyedValue(start, i, hash);
  }

  /**
   * nextKeyed for a ground truth, which keeps its ids: the id's bytes are also copied to `keys` from
   * `at` as they go by (a second pass copying them took about half as long as reading the rows). On
   * false, bytes after `at` may have been written: the caller's next id goes there.
   */
  nextKeyedInto(keys: Uint8Array, at: number): boolean {
    const bytes = this.bytes;
    const length = bytes.length;
    const start = this.position;
    let hash = FNV_OFFSET;
    let i = start;
    for (let to = at; i < length; i++, to++) {
      const byte = bytes[i]!;
      if (byte === COMMA) break;
      if (byte === QUOTE || byte === LF || byte === CR) return false;
      keys[to] = byte;
      hash = Math.imul(hash ^ byte, FNV_PRIME);
    }
    return this.#keyedValue(start, i, hash);
  }

  /** The rest of nextKeyed once the id start…comma is hashed: the value and the line's end. */
  #keyedValue(start: number, comma: number, hash: number): boolean {
    const bytes = this.bytes;
    const length = bytes.length;
    if (comma === start || comma === length) return false;
    const end = readDecimal(bytes, comma + 1, length);
    if (end === -1) return false;
    let next: number;
    if (end === length) next = length;
    else if (bytes[end] === LF) next = end + 1;
    else if (bytes[end] === CR && (end + 1 === length || bytes[end + 1] === LF))
      next = Math.min(end + 2, length);
    else return false;
    plain.hash = hash >>> 0;
    plain.comma = comma;
    this.start = start;
    this.end = end;
    this.position = next;
    this.number += 1;
    return true;
  }
}

/** The lines of a file after checking it is non-empty UTF-8 text; the current line is the first. */
export function openLines(bytes: Uint8Array): Lines {
  if (!isUtf8(bytes)) throw new InvalidFile(refusal('notUtf8', {}));
  const lines = new Lines(bytes);
  if (!lines.next()) throw new InvalidFile(refusal('emptyFile', {}));
  return lines;
}

/**
 * About how many lines a file has, from the line feeds in its first 64 KiB (exact for smaller files),
 * so per-row arrays are sized without a pass over the whole file; callers grow them when it is short.
 */
export function estimateLines(bytes: Uint8Array): number {
  const sample = Math.min(bytes.length, 65_536);
  let feeds = 0;
  for (let i = 0; i < sample; i++) if (bytes[i] === LF) feeds++;
  if (sample === bytes.length) return feeds + 1;
  return Math.ceil(((feeds + 1) * bytes.length * 1.02) / sample);
}

/** Exact powers of ten: `m / 10^k` is then correctly rounded for m < 2^53, as `Number()` is. */
const POWERS_OF_TEN = new Float64Array(16);
for (let k = 0, power = 1; k < 16; k++, power *= 10) POWERS_OF_TEN[k] = power;

const SIGNS = Float64Array.of(1, -1);

/** What `Lines#nextPlain`, `Lines#nextKeyed` and `readDecimal` read last. */
export const plain = { id: 0, hash: 0, comma: 0, value: 0 };

/**
 * Reads a plain decimal (`[+-]digits[.digits]`, at most 15 digits) from `start` up to the first byte
 * that cannot continue it (or `limit`) into `plain.value`, and returns where it stopped; -1 when there
 * is no such decimal there. For what it accepts the value is exactly `Number()`'s: the integer of the
 * digits is exact below 2^53, and one division by an exact power of ten rounds correctly.
 */
function readDecimal(bytes: Uint8Array, start: number, limit: number): number {
  const sign = bytes[start];
  // No branch of its own (nor a negation below): optimised code compiled before the first signed value
  // came was thrown away at it, in the middle of a file (measured).
  let i = start + (sign === MINUS || sign === PLUS ? 1 : 0);
  let mantissa = 0;
  let digits = 0;
  let point = -1;
  for (; i < limit; i++) {
    const byte = bytes[i]!;
    const digit = byte - ZERO;
    if (digit >= 0 && digit <= 9) {
      mantissa = mantissa * 10 + digit;
      digits++;
    } else if (byte === POINT && point === -1) point = i;
    else break;
  }
  if (digits === 0 || digits > 15) return -1;
  const value = point === -1 ? mantissa : mantissa / POWERS_OF_TEN[i - point - 1]!;
  // Times 1 or -1, so -0 stays -0.
  plain.value = value * SIGNS[+(sign === MINUS)]!;
  return i;
}

/** A plain decimal spanning exactly start…end (see readDecimal); NaN for anything else. */
export function plainDecimal(bytes: Uint8Array, start: number, end: number): number {
  return readDecimal(bytes, start, end) === end ? plain.value : Number.NaN;
}

/** Parses a number from bytes like `Number()` does; NaN for anything that is not a finite number. */
export function parseNumber(bytes: Uint8Array, start: number, end: number): number {
  while (start < end && bytes[start] === SPACE) start++;
  while (end > start && bytes[end - 1] === SPACE) end--;
  if (start === end) return Number.NaN;
  const value = plainDecimal(bytes, start, end);
  if (!Number.isNaN(value)) return value;
  // Exponents, long mantissas and the like: the exact but slower path.
  const parsed = Number(text(bytes, start, end));
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

/** The integer an id spells, if it is canonical (no sign, no leading zero, at most 9 digits); else -1. */
export function canonicalInteger(bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (length < 1 || length > 9 || (length > 1 && bytes[start] === ZERO)) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = bytes[i]! - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}
