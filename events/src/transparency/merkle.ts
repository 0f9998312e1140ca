/**
 * Verification of Merkle tree proofs as RFC 9162 §2.1 defines them (Certificate Transparency v2, the
 * same hashing as RFC 6962): leaf hash = SHA-256(0x00 ‖ leaf), node hash = SHA-256(0x01 ‖ left ‖ right).
 * WebCrypto only, so the portal verifies in the browser what the command-line tools verify in Node.
 * Sizes and indexes are numbers (exact below 2^53); arithmetic instead of bit operators keeps them so.
 */
import { concatBytes, equalBytes, sha256 } from './bytes.ts';

export const hashSize = 32;

export function hashLeaf(leaf: Uint8Array): Promise<Uint8Array> {
  return sha256(concatBytes(Uint8Array.of(0), leaf));
}

export function hashChildren(left: Uint8Array, right: Uint8Array): Promise<Uint8Array> {
  return sha256(concatBytes(Uint8Array.of(1), left, right));
}

const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);
const isSize = (n: number) => Number.isSafeInteger(n) && n >= 0;
function isPowerOfTwo(n: number): boolean {
  while (n > 1 && !odd(n)) n = half(n);
  return n === 1;
}
const wellFormed = (hashes: readonly Uint8Array[]) => hashes.every((hash) => hash.length === hashSize);

/** RFC 9162 §2.1.3.2: is `leafHash` the leaf at `index` of the tree of `size` leaves whose root is `root`? */
export async function verifyInclusion(proof: {
  index: number;
  size: number;
  leafHash: Uint8Array;
  path: readonly Uint8Array[];
  root: Uint8Array;
}): Promise<boolean> {
  const { index, size, leafHash, path, root } = proof;
  if (!isSize(index) || !isSize(size) || index >= size) return false;
  if (!wellFormed([leafHash, root, ...path])) return false;
  let fn = index;
  let sn = size - 1;
  let r = leafHash;
  for (const p of path) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = await hashChildren(p, r);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = await hashChildren(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(r, root);
}

/**
 * RFC 9162 §2.1.4.2: does the tree of `size2` leaves with root `root2` extend, without changing any of
 * them, the tree of its first `size1` leaves with root `root1`? A proof from the empty tree is refused
 * as meaningless (it proves nothing), as transparency-dev/merkle does.
 */
export async function verifyConsistency(proof: {
  size1: number;
  size2: number;
  root1: Uint8Array;
  root2: Uint8Array;
  path: readonly Uint8Array[];
}): Promise<boolean> {
  const { size1, size2, root1, root2 } = proof;
  if (!isSize(size1) || !isSize(size2) || size1 > size2 || size1 === 0) return false;
  if (!wellFormed([root1, root2, ...proof.path])) return false;
  if (size1 === size2) return proof.path.length === 0 && equalBytes(root1, root2);
  if (proof.path.length === 0) return false;
  // Step 2: when size1 is a power of two, its root is the first node of the path (left implicit).
  const path = isPowerOfTwo(size1) ? [root1, ...proof.path] : [...proof.path];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = await hashChildren(c, fr);
      sr = await hashChildren(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = await hashChildren(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(fr, root1) && equalBytes(sr, root2);
}
