/**
 * The Merkle tree of RFC 9162 §2.1 on the server side (node:crypto, synchronous for speed): hashing, the
 * frontier that appends leaves and answers the root without recomputing the tree, and the proofs, built
 * from the stored nodes of perfect subtrees. Verification lives in @sais/events (transparency), shared
 * with the browser.
 */
import { hash } from 'node:crypto';

export type Hash = Buffer;
export const emptyRoot: Hash = hash('sha256', Buffer.alloc(0), 'buffer');
const leafPrefix = Buffer.of(0);
const nodePrefix = Buffer.of(1);

export function hashLeaf(leaf: Uint8Array): Hash {
  return hash('sha256', Buffer.concat([leafPrefix, leaf]), 'buffer');
}

export function hashChildren(left: Uint8Array, right: Uint8Array): Hash {
  return hash('sha256', Buffer.concat([nodePrefix, left, right]), 'buffer');
}

/** The root of the perfect subtree at `level` (2^level leaves) number `index` from the left. */
export interface NodeSource {
  node(level: number, index: number): Promise<Hash>;
}

/**
 * A tree's right border: for every level, the last node whose index there is even (a left child waiting
 * for its sibling). Appending a leaf costs O(1) amortised hashes; the root costs O(log n). This is the
 * "compact range" [0, size) of transparency-dev/merkle.
 */
export class MerkleFrontier {
  #size = 0;
  readonly #left: Hash[] = [];

  constructor(size = 0, left: readonly Hash[] = []) {
    this.#size = size;
    this.#left.push(...left);
  }

  get size(): number {
    return this.#size;
  }

  /** Adds a leaf hash; `emit` sees every node this completes (the leaf itself at level 0 first). */
  append(leafHash: Hash, emit?: (level: number, index: number, node: Hash) => void): void {
    let node = leafHash;
    let index = this.#size;
    for (let level = 0; ; level++) {
      emit?.(level, index, node);
      if (index % 2 === 0) {
        this.#left[level] = node;
        break;
      }
      node = hashChildren(this.#left[level]!, node);
      index = (index - 1) / 2;
    }
    this.#size += 1;
  }

  root(): Hash {
    let root: Hash | undefined;
    let rest = this.#size;
    for (let level = 0; rest > 0; level++, rest = Math.floor(rest / 2)) {
      if (rest % 2 === 1) root = root ? hashChildren(this.#left[level]!, root) : this.#left[level]!;
    }
    return root ?? emptyRoot;
  }

  /** The frontier of a stored tree of `size` leaves: one node per level where size has a 1 bit. */
  static async load(size: number, nodes: NodeSource): Promise<MerkleFrontier> {
    const left: Hash[] = [];
    let rest = size;
    for (let level = 0; rest > 0; level++, rest = Math.floor(rest / 2)) {
      if (rest % 2 === 1) left[level] = await nodes.node(level, rest - 1);
    }
    return new MerkleFrontier(size, left);
  }
}

/** The largest power of two below n (n ≥ 2). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** log2(n) when n is a power of two, else null. */
function perfectLevel(n: number): number | null {
  let level = 0;
  while (n > 1 && n % 2 === 0) {
    n /= 2;
    level += 1;
  }
  return n === 1 ? level : null;
}

/** MTH(D[start:end]) of RFC 9162, from the stored perfect subtrees (O(log n) reads). */
export async function rangeHash(nodes: NodeSource, start: number, end: number): Promise<Hash> {
  const n = end - start;
  if (n === 0) return emptyRoot;
  const level = perfectLevel(n);
  if (level !== null && start % n === 0) return nodes.node(level, start / n);
  const k = split(n);
  return hashChildren(await rangeHash(nodes, start, start + k), await rangeHash(nodes, start + k, end));
}

/** PATH(m, D[n]) of RFC 9162 §2.1.3.1: the audit path of leaf `index` in the tree of `size` leaves. */
export async function inclusionPath(nodes: NodeSource, index: number, size: number): Promise<Hash[]> {
  if (!(index >= 0 && index < size)) throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  const path: Hash[] = [];
  const walk = async (start: number, end: number): Promise<void> => {
    if (end - start === 1) return;
    const middle = start + split(end - start);
    if (index < middle) {
      await walk(start, middle);
      path.push(await rangeHash(nodes, middle, end));
    } else {
      await walk(middle, end);
      path.push(await rangeHash(nodes, start, middle));
    }
  };
  await walk(0, size);
  return path;
}

/** PROOF(m, D[n]) of RFC 9162 §2.1.4.1: that the tree of `size2` leaves extends its first `size1`. */
export async function consistencyPath(nodes: NodeSource, size1: number, size2: number): Promise<Hash[]> {
  if (!(size1 > 0 && size1 <= size2)) throw new RangeError(`no consistency proof from ${size1} to ${size2}`);
  const path: Hash[] = [];
  const sub = async (m: number, start: number, end: number, whole: boolean): Promise<void> => {
    if (m === end - start) {
      if (!whole) path.push(await rangeHash(nodes, start, end));
      return;
    }
    const k = split(end - start);
    if (m <= k) {
      await sub(m, start, start + k, whole);
      path.push(await rangeHash(nodes, start + k, end));
    } else {
      await sub(m - k, start + k, end, false);
      path.push(await rangeHash(nodes, start, start + k));
    }
  };
  await sub(size1, 0, size2, true);
  return path;
}

/** Nodes held in memory (tests, the benchmark, a verifier's recomputed tree). */
export class MemoryNodes implements NodeSource {
  readonly levels: Hash[][] = [];
  readonly frontier = new MerkleFrontier();

  append(leafHash: Hash): void {
    this.frontier.append(leafHash, (level, index, node) => {
      (this.levels[level] ??= [])[index] = node;
    });
  }

  async node(level: number, index: number): Promise<Hash> {
    const node = this.levels[level]?.[index];
    if (!node) throw new RangeError(`no node ${index} at level ${level}`);
    return node;
  }
}
