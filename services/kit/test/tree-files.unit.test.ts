// The transparency log's files: the tree's levels give the same nodes and roots as the tree in memory,
// a crash between writes is repaired, and the checkpoint file keeps whole, consecutive lines only.
import { generateKeyPairSync } from 'node:crypto';
import { appendFile, mkdtemp, rm, truncate, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transparency } from '@sais/events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointLog, MemoryNodes, TreeFiles, hashLeaf, rangeHash, signerOf } from '../src/index.ts';

const leaf = (i: number) => hashLeaf(Buffer.from(`event ${i}`));

describe('the tree files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sais-tree-files-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function filled(count: number) {
    const tree = await TreeFiles.open(dir);
    await tree.repair();
    const memory = new MemoryNodes();
    for (const batch of [1, 6, 250, count - 257]) {
      const leaves = Array.from({ length: batch }, (_, i) => leaf(memory.frontier.size + i));
      leaves.forEach((hash) => memory.append(hash));
      await tree.append(leaves);
    }
    return { tree, memory };
  }

  it('holds the nodes and the root of the tree in memory, appended in batches', async () => {
    const { tree, memory } = await filled(1000);
    expect(tree.size).toBe(1000);
    expect(tree.root().equals(memory.frontier.root())).toBe(true);
    await expect(tree.node(3, 17)).resolves.toEqual(await memory.node(3, 17));
    await expect(rangeHash(tree, 0, 777)).resolves.toEqual(await rangeHash(memory, 0, 777));
    await tree.close();
  });

  it('repairs a crash between writes: a half record cut, the parents computed again', async () => {
    const { tree, memory } = await filled(1000);
    await tree.close();
    const level = (n: number) => join(dir, 'tree', `level-0${n}`);
    await appendFile(level(0), Buffer.alloc(13, 7)); // half of a leaf
    await truncate(level(1), 32 * 300); // parents lost
    await unlink(level(2));
    const reopened = await TreeFiles.open(dir);
    await reopened.repair();
    expect(reopened.size).toBe(1000);
    expect(reopened.root().equals(memory.frontier.root())).toBe(true);
    await expect(reopened.node(2, 200)).resolves.toEqual(await memory.node(2, 200));
    // A mirror drops leaves no checkpoint covers: the tree is the one of that size.
    await reopened.truncate(600);
    expect(reopened.size).toBe(600);
    await expect(rangeHash(reopened, 0, 600)).resolves.toEqual(await rangeHash(memory, 0, 600));
    await reopened.close();
  });
});

describe('the checkpoint file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sais-checkpoints-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('appends consecutive checkpoints, finds them by size, and drops a half-written line', async () => {
    const signer = await signerOf(generateKeyPairSync('ed25519').privateKey, 'sais-test');
    const note = (number: number, treeSize: number) =>
      signer.sign(
        transparency.checkpointBody({
          origin: 'sais-test/identity',
          treeSize,
          rootHash: leaf(treeSize),
          number,
          time: new Date().toISOString(),
        }),
      );
    const log = await CheckpointLog.open(dir);
    await log.append(await note(1, 10));
    await log.append(await note(2, 25));
    await expect(log.append(await note(4, 30))).rejects.toThrow('is not the next one');
    await appendFile(join(dir, 'checkpoints'), '"sais-test/identity\\n3'); // a crash mid-line
    const reader = await CheckpointLog.open(dir, { readOnly: true });
    await expect(reader.latest()).resolves.toMatchObject({ number: 2, treeSize: 25 });
    await expect(reader.bySize(10)).resolves.toMatchObject({ number: 1 });
    await expect(reader.bySize(11)).resolves.toBeNull();
    await expect(reader.firstCovering(10)).resolves.toMatchObject({ number: 2 });
    await expect(reader.firstCovering(25)).resolves.toBeNull();
    await log.repair();
    await log.append(await note(3, 40));
    await expect(reader.list(1, 10)).resolves.toMatchObject([{ number: 2 }, { number: 3, treeSize: 40 }]);
    await log.close();
    await reader.close();
  });
});
