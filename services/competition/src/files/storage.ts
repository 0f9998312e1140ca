import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** Competition files on disk under the data folder, named by id; their SHA-256 is recorded in events. */
export class FileStorage {
  constructor(private readonly root: string) {}

  #path(fileId: string) {
    return join(this.root, fileId);
  }

  async put(fileId: string, bytes: Buffer): Promise<{ size: number; sha256: string }> {
    await mkdir(this.root, { recursive: true });
    const temporary = `${this.#path(fileId)}.part`;
    await writeFile(temporary, bytes);
    await rename(temporary, this.#path(fileId));
    return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  async size(fileId: string): Promise<number> {
    return (await stat(this.#path(fileId))).size;
  }

  read(fileId: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.#path(fileId), range);
  }
}

/** Parses a single `bytes=` range (RFC 9110); null when absent, 'invalid' when it cannot be served. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}
