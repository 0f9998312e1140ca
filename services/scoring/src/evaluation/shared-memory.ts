import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * Arrays in shared memory (SharedArrayBuffer), so the scan pool's threads (scan-pool.ts) read and write
 * them where they are, without a copy per thread.
 */

export const isShared = (array: ArrayBufferView) => array.buffer instanceof SharedArrayBuffer;

type Typed = Uint8Array | Int32Array | Float64Array;

/** A new array of `length` zeros in shared memory (pages never written are never in memory). */
export function sharedArray<T extends Typed>(
  kind: { BYTES_PER_ELEMENT: number; new (buffer: SharedArrayBuffer): T },
  length: number,
): T {
  return new kind(new SharedArrayBuffer(length * kind.BYTES_PER_ELEMENT));
}

/** The array itself when it is in shared memory, else a copy there. */
export function inSharedMemory<T extends Typed>(array: T): T {
  if (isShared(array)) return array;
  // A Buffer is copied into a plain Uint8Array (Buffer's own constructor is not one for memory).
  const kind = array instanceof Uint8Array ? Uint8Array : array.constructor;
  const copy = new (kind as new (buffer: SharedArrayBuffer) => T)(new SharedArrayBuffer(array.byteLength));
  copy.set(array as never);
  return copy;
}

/**
 * A file read straight into shared memory (as `readFileSync`, without the copy the scan pool would make
 * of a Buffer): for callers that read submissions or ground truths from disk.
 */
export function readFileShared(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const bytes = sharedArray(Uint8Array, size);
    let at = 0;
    while (at < size) {
      const read = readSync(fd, bytes, at, size - at, at);
      if (read === 0) break;
      at += read;
    }
    return at === size ? bytes : bytes.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * Gives a buffer's memory back now instead of at the garbage collector's next full collection, which
 * may come only after the next big allocation: a ground truth's CSV once parsed, before a submission is
 * read (a 1,000,000-row file is ~25 MB of the worker's peak). Detaches the buffer
 * (`ArrayBuffer#transfer(0)`): every view of it reads as empty afterwards, so only for bytes nothing
 * will read again. Does nothing to shared memory (which cannot be detached) or to a view of part of a
 * buffer (a Buffer from Node's pool shares it with others). True when the memory was given back.
 */
export function release(bytes: Uint8Array): boolean {
  const buffer = bytes.buffer;
  if (
    buffer instanceof SharedArrayBuffer ||
    buffer.byteLength === 0 || // nothing to give back, or given back already
    bytes.byteOffset !== 0 ||
    bytes.byteLength !== buffer.byteLength
  )
    return false;
  // ES2024 (Node 22+), beyond the project's `lib` (ES2023).
  (buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
  return true;
}
