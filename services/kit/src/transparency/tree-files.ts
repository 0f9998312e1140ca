/**
 * A log's Merkle tree kept in files outside the database: one append-only file per level, `tree/level-<k>`,
 * holding the 32-byte roots of the perfect subtrees of 2^k leaves in order (level 0: the leaf hashes).
 * About 64 bytes per event in all. Proofs read O(log n) nodes; appending never recomputes old nodes.
 * Only the checkpointer holding its log's lock writes (`repair`, `append`); any process reads the nodes
 * below a signed checkpoint's size, which never change.
 */
import { type FileHandle, mkdir, open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Hash, MerkleFrontier, type NodeSource, hashChildren } from './merkle-tree.ts';

const hashBytes = 32;

export class TreeFiles implements NodeSource {
  readonly #dir: string;
  readonly #readOnly: boolean;
  /** Opening handles by level (a promise, so two reads at once open a file once). */
  readonly #handles = new Map<number, Promise<FileHandle>>();
  /** Levels written since the last `sync`: only those are flushed. */
  readonly #dirty = new Set<number>();
  #frontier = new MerkleFrontier();

  private constructor(dir: string, readOnly: boolean) {
    this.#dir = dir;
    this.#readOnly = readOnly;
  }

  /**
   * Opens a log's tree without reading anything yet; the writer calls `repair` first. Read-only (a
   * verifier reading a mirror's copy) touches nothing on disk.
   */
  static async open(logDir: string, options: { readOnly?: boolean } = {}): Promise<TreeFiles> {
    const dir = join(logDir, 'tree');
    if (!options.readOnly) await mkdir(dir, { recursive: true, mode: 0o755 });
    return new TreeFiles(dir, options.readOnly ?? false);
  }

  /** Leaves appended through this object (after `repair`/`reload`: all the files hold). */
  get size(): number {
    return this.#frontier.size;
  }

  root(): Hash {
    return this.#frontier.root();
  }

  #file(level: number): string {
    return join(this.#dir, `level-${String(level).padStart(2, '0')}`);
  }

  #handle(level: number): Promise<FileHandle> {
    let handle = this.#handles.get(level);
    if (!handle) {
      const file = this.#file(level);
      handle = this.#readOnly
        ? open(file, 'r')
        : open(file, 'r+').catch(async (error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
            await (await open(file, 'a', 0o644)).close();
            return open(file, 'r+');
          });
      this.#handles.set(level, handle);
      handle.catch(() => this.#handles.delete(level));
    }
    return handle;
  }

  async #count(level: number): Promise<number> {
    const info = await stat(this.#file(level)).catch(() => null);
    return info ? Math.floor(info.size / hashBytes) : 0;
  }

  /** How many leaves the level-0 file holds (another process may have appended). */
  async storedLeaves(): Promise<number> {
    return this.#count(0);
  }

  async node(level: number, index: number): Promise<Hash> {
    const buffer = Buffer.alloc(hashBytes);
    const { bytesRead } = await (await this.#handle(level)).read(buffer, 0, hashBytes, index * hashBytes);
    if (bytesRead !== hashBytes) throw new RangeError(`no node ${index} at level ${level} in ${this.#dir}`);
    return buffer;
  }

  /** `count` leaf hashes from `start`, concatenated (the mirrors' copy). */
  async leafHashes(start: number, count: number): Promise<Buffer> {
    const buffer = Buffer.alloc(count * hashBytes);
    const { bytesRead } = await (await this.#handle(0)).read(buffer, 0, buffer.length, start * hashBytes);
    if (bytesRead !== buffer.length) throw new RangeError(`leaves ${start}+${count} are not all stored`);
    return buffer;
  }

  /**
   * Makes the files whole after a crash between writes: cuts partial records, drops nodes above what the
   * level below supports, and computes the parents a crash left out. Then loads the frontier.
   */
  async repair(): Promise<void> {
    let below = await this.#count(0);
    await (await this.#handle(0)).truncate(below * hashBytes);
    for (let level = 1; ; level++) {
      const expected = Math.floor(below / 2);
      const present = await this.#count(level);
      if (expected === 0 && present === 0) break;
      const handle = await this.#handle(level);
      if (present > expected) await handle.truncate(expected * hashBytes);
      else await handle.truncate(present * hashBytes);
      for (let index = Math.min(present, expected); index < expected; index++) {
        const parent = hashChildren(
          await this.node(level - 1, 2 * index),
          await this.node(level - 1, 2 * index + 1),
        );
        await handle.write(parent, 0, hashBytes, index * hashBytes);
        this.#dirty.add(level);
      }
      below = expected;
    }
    await this.reload();
  }

  /** Drops every leaf from `size` on (a mirror's leaves that no verified checkpoint covers). */
  async truncate(size: number): Promise<void> {
    for (let level = 0, count = size; ; level++, count = Math.floor(count / 2)) {
      if ((await this.#count(level)) === 0 && count === 0) break;
      await (await this.#handle(level)).truncate(count * hashBytes);
    }
    await this.reload();
  }

  /** Reads the frontier of what the files hold (after another process appended). */
  async reload(): Promise<void> {
    this.#frontier = await MerkleFrontier.load(await this.#count(0), this);
  }

  /** Appends leaf hashes: each level's new nodes in one positional write (level 0 first). */
  async append(leafHashes: readonly Hash[]): Promise<void> {
    if (leafHashes.length === 0) return;
    const added: { start: number; nodes: Hash[] }[] = [];
    for (const leaf of leafHashes) {
      this.#frontier.append(leaf, (level, index, node) => {
        const at = (added[level] ??= { start: index, nodes: [] });
        at.nodes.push(node);
      });
    }
    for (const [level, { start, nodes }] of added.entries()) {
      const bytes = Buffer.concat(nodes);
      await (await this.#handle(level)).write(bytes, 0, bytes.length, start * hashBytes);
      this.#dirty.add(level);
    }
  }

  /** Flushes every level to disk: a checkpoint is written only after the nodes it covers are durable. */
  async sync(): Promise<void> {
    for (const level of [...this.#dirty]) {
      await (await this.#handle(level)).datasync();
      this.#dirty.delete(level);
    }
  }

  async close(): Promise<void> {
    const handles = [...this.#handles.values()];
    this.#handles.clear();
    await Promise.all(
      handles.map((handle) => handle.then((opened) => opened.close()).catch(() => undefined)),
    );
  }
}
