// The Merkle tree against the RFC 6962 test vectors that transparency-dev/merkle carries
// (cmd/proofgen/main.go: the eight leaves, the roots of sizes 1-8, and its inclusion and consistency
// proofs), and the proofs of every leaf and size up to 40 against the RFC's recursive definition.
import { transparency } from '@sais/events';
import { describe, expect, it } from 'vitest';
import {
  MemoryNodes,
  consistencyPath,
  emptyRoot,
  hashChildren,
  hashLeaf,
  inclusionPath,
} from '../src/transparency/merkle-tree.ts';

const { verifyInclusion, verifyConsistency } = transparency;
const hex = (text: string) => Buffer.from(text, 'hex');

const leaves = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map(hex);

const roots = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
].map(hex);

// Leaf numbers are 1-based in the source; the index below is 0-based.
const inclusionVectors = [
  { index: 0, size: 1, path: [] },
  {
    index: 0,
    size: 8,
    path: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    path: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  { index: 2, size: 3, path: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
  {
    index: 1,
    size: 5,
    path: [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
].map((v) => ({ ...v, path: v.path.map(hex) }));

const consistencyVectors = [
  { size1: 1, size2: 1, path: [] },
  {
    size1: 1,
    size2: 8,
    path: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    size1: 6,
    size2: 8,
    path: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    size1: 2,
    size2: 5,
    path: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
  {
    size1: 6,
    size2: 7,
    path: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
].map((v) => ({ ...v, path: v.path.map(hex) }));

function treeOf(count: number): MemoryNodes {
  const tree = new MemoryNodes();
  for (let i = 0; i < count; i++) tree.append(hashLeaf(leaves[i % leaves.length]!));
  return tree;
}

/** MTH as RFC 9162 §2.1.1 defines it, straight from the leaves. */
function referenceRoot(hashes: readonly Buffer[]): Buffer {
  if (hashes.length === 0) return emptyRoot;
  if (hashes.length === 1) return hashes[0]!;
  let k = 1;
  while (k * 2 < hashes.length) k *= 2;
  return hashChildren(referenceRoot(hashes.slice(0, k)), referenceRoot(hashes.slice(k)));
}

function flipBit(hash: Buffer, bit: number): Buffer {
  const copy = Buffer.from(hash);
  copy[Math.floor(bit / 8) % copy.length]! ^= 1 << (bit % 8);
  return copy;
}

describe('RFC 6962 hashing', () => {
  it('hashes as the RFC vectors say', () => {
    expect(emptyRoot.toString('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hashLeaf(Buffer.alloc(0)).toString('hex')).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
    expect(hashLeaf(Buffer.from('L123456')).toString('hex')).toBe(
      '395aa064aa4c29f7010acfe3f25db9485bbd4b91897b6ad7ad547639252b4d56',
    );
    expect(hashChildren(Buffer.from('N123'), Buffer.from('N456')).toString('hex')).toBe(
      'aa217fe888e47007fa15edab33c2b492a722cb106c64667fc2b044444de66bbb',
    );
  });

  it('gives the roots of sizes 1 to 8, appending one leaf at a time', () => {
    const tree = new MemoryNodes();
    for (let size = 1; size <= 8; size++) {
      tree.append(hashLeaf(leaves[size - 1]!));
      expect(tree.frontier.root().toString('hex'), `size ${size}`).toBe(roots[size - 1]!.toString('hex'));
    }
  });
});

describe('inclusion proofs (RFC 9162 §2.1.3)', () => {
  it.each(inclusionVectors)('leaf $index of $size: builds and verifies the vector', async (vector) => {
    const tree = treeOf(vector.size);
    await expect(inclusionPath(tree, vector.index, vector.size)).resolves.toEqual(vector.path);
    const proof = {
      index: vector.index,
      size: vector.size,
      leafHash: hashLeaf(leaves[vector.index]!),
      path: vector.path,
      root: roots[vector.size - 1]!,
    };
    await expect(verifyInclusion(proof)).resolves.toBe(true);
    // Every way of breaking it fails.
    const broken = [
      { ...proof, index: proof.index + 1 },
      { ...proof, index: proof.index ^ 2 },
      { ...proof, size: proof.size * 2 },
      { ...proof, size: Math.floor(proof.size / 2) },
      { ...proof, leafHash: hashLeaf(Buffer.from('another leaf')) },
      { ...proof, root: emptyRoot },
      { ...proof, path: [...proof.path, proof.root] },
      { ...proof, path: [emptyRoot, ...proof.path] },
      ...proof.path.map((_, i) => ({
        ...proof,
        path: proof.path.map((p, j) => (i === j ? flipBit(p, 3) : p)),
      })),
      ...(proof.path.length > 0 ? [{ ...proof, path: proof.path.slice(0, -1) }] : []),
    ];
    for (const proof of broken) await expect(verifyInclusion(proof)).resolves.toBe(false);
  });
});

describe('consistency proofs (RFC 9162 §2.1.4)', () => {
  it.each(consistencyVectors)('$size1 to $size2: builds and verifies the vector', async (vector) => {
    const tree = treeOf(vector.size2);
    await expect(consistencyPath(tree, vector.size1, vector.size2)).resolves.toEqual(vector.path);
    const proof = {
      size1: vector.size1,
      size2: vector.size2,
      root1: roots[vector.size1 - 1]!,
      root2: roots[vector.size2 - 1]!,
      path: vector.path,
    };
    await expect(verifyConsistency(proof)).resolves.toBe(true);
    const broken = [
      { ...proof, root1: proof.root2, root2: proof.root1 },
      { ...proof, root1: flipBit(proof.root1, 0) },
      { ...proof, root2: flipBit(proof.root2, 0) },
      { ...proof, size1: proof.size1 + 1 },
      { ...proof, size1: proof.size1 - 1 },
      { ...proof, size2: proof.size2 * 2 },
      { ...proof, path: [...proof.path, proof.root1] },
      { ...proof, path: [proof.root1, ...proof.path] },
      ...proof.path.map((_, i) => ({
        ...proof,
        path: proof.path.map((p, j) => (i === j ? flipBit(p, 9) : p)),
      })),
      ...(proof.path.length > 0 ? [{ ...proof, path: proof.path.slice(1) }] : []),
    ].filter((p) => p.size1 !== p.size2 || !p.root1.equals(p.root2) || p.path.length > 0);
    for (const proof of broken) await expect(verifyConsistency(proof)).resolves.toBe(false);
  });

  it('refuses a proof from the empty tree, as transparency-dev/merkle does', async () => {
    await expect(
      verifyConsistency({ size1: 0, size2: 3, root1: emptyRoot, root2: roots[2]!, path: [] }),
    ).resolves.toBe(false);
  });
});

describe('every leaf and size up to 40', () => {
  it('the frontier, the proofs and their verification agree with the recursive definition', async () => {
    const hashes = Array.from({ length: 40 }, (_, i) => hashLeaf(Buffer.from(`leaf ${i}`)));
    const tree = new MemoryNodes();
    for (let size = 1; size <= hashes.length; size++) {
      tree.append(hashes[size - 1]!);
      const root = referenceRoot(hashes.slice(0, size));
      expect(tree.frontier.root().equals(root), `root of ${size}`).toBe(true);
      for (let index = 0; index < size; index++) {
        const path = await inclusionPath(tree, index, size);
        await expect(
          verifyInclusion({ index, size, leafHash: hashes[index]!, path, root }),
          `leaf ${index} of ${size}`,
        ).resolves.toBe(true);
      }
      for (let size1 = 1; size1 <= size; size1++) {
        const path = await consistencyPath(tree, size1, size);
        const root1 = referenceRoot(hashes.slice(0, size1));
        await expect(
          verifyConsistency({ size1, size2: size, root1, root2: root, path }),
          `${size1} to ${size}`,
        ).resolves.toBe(true);
      }
    }
  });
});
