// The signing agent (decision 0048): it signs a log's checkpoints only while each extends the one it
// signed before, for any growth of the log; a rewritten leaf, a rollback or a log started anew is
// refused, over HTTP through the platform's remote signer as well as directly.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transparency } from '@sais/events';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryNodes, consistencyPath, hashLeaf } from '../src/transparency/merkle-tree.ts';
import { remoteSigner, signerOf } from '../src/transparency/signer.ts';
import { SigningAgent, signingAgentServer } from '../src/transparency/signing-agent.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
const stateDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sais-signer-'));
  dirs.push(dir);
  return dir;
};
const platformKey = generateKeyPairSync('ed25519').privateKey;
const origin = 'sais-platform/scoring';

/** A log of leaves (each a random 32 bytes) and the checkpoint body of its first `size`. */
class Log {
  readonly leaves: Buffer[] = [];
  append(count: number) {
    for (let i = 0; i < count; i++) this.leaves.push(randomBytes(32));
  }
  tree(size = this.leaves.length) {
    const tree = new MemoryNodes();
    for (const leaf of this.leaves.slice(0, size)) tree.append(hashLeaf(leaf));
    return tree;
  }
  body(number: number, size = this.leaves.length) {
    return transparency.checkpointBody({
      origin,
      treeSize: size,
      rootHash: this.tree(size).frontier.root(),
      number,
      time: '2026-11-28T00:00:00.000Z',
    });
  }
  context(size = this.leaves.length) {
    return {
      consistency: async (from: number) =>
        (await consistencyPath(this.tree(size), from, size)).map((hash) => hash.toString('base64')),
    };
  }
}

async function signWith(agent: SigningAgent, log: Log, number: number) {
  const body = log.body(number);
  const first = await agent.sign({ body });
  if (first.kind !== 'proof') return first;
  return agent.sign({
    body,
    consistency: { from: first.from, path: await log.context().consistency(first.from) },
  });
}

describe('the signing agent', () => {
  it('signs any growth of a log, and refuses any rewrite of a signed leaf (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 6 }),
        fc.nat(),
        async (growth, pick) => {
          const signer = await signerOf(platformKey, 'sais-platform');
          const agent = await SigningAgent.open(signer, await stateDir());
          const log = new Log();
          let number = 0;
          for (const count of growth) {
            log.append(count);
            const answer = await signWith(agent, log, ++number);
            expect(answer.kind).toBe('signed');
            if (answer.kind === 'signed')
              await expect(
                transparency.verifyCheckpointNote(answer.note, [signer.key]),
              ).resolves.toMatchObject({
                ok: true,
              });
          }
          const size = log.leaves.length;
          if (size === 0) return;
          // The attacker rewrites one signed leaf and grows the log: never signed again.
          log.leaves[pick % size] = randomBytes(32);
          log.append(1);
          const forged = await signWith(agent, log, number + 1);
          expect(forged).toMatchObject({ kind: 'refused', reason: expect.stringMatching(/^FORK/) });
          expect(agent.held(origin)?.treeSize).toBe(size);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses a rollback and a log started anew, answers a retry the same note, and signs an adoption only after --forget', async () => {
    const signer = await signerOf(platformKey, 'sais-platform');
    const state = await stateDir();
    const agent = await SigningAgent.open(signer, state);
    const log = new Log();
    log.append(10);
    const first = await signWith(agent, log, 1);
    log.append(5);
    const second = await signWith(agent, log, 2);
    expect(second.kind).toBe('signed');
    // A crash between the agent's answer and the platform's append: the same body gets the same note.
    await expect(agent.sign({ body: log.body(2) })).resolves.toEqual(second);
    // The attacker's fresh log over the rewritten history: checkpoint #1 again.
    const fresh = new Log();
    fresh.append(15);
    await expect(agent.sign({ body: fresh.body(1) })).resolves.toMatchObject({
      kind: 'refused',
      reason: expect.stringMatching(/^ROLLBACK: checkpoint #1 \(15 events\)/),
    });
    // An older size under a new number, and another root for the same size.
    await expect(agent.sign({ body: log.body(3, 12) })).resolves.toMatchObject({ kind: 'refused' });
    await expect(agent.sign({ body: fresh.body(3) })).resolves.toMatchObject({
      kind: 'refused',
      reason: expect.stringMatching(/^FORK/),
    });
    // A proof from the wrong size is asked again, a wrong path is a fork.
    log.append(3);
    await expect(
      agent.sign({ body: log.body(3), consistency: { from: 4, path: await log.context().consistency(4) } }),
    ).resolves.toEqual({ kind: 'proof', from: 15 });
    await expect(
      agent.sign({
        body: log.body(3),
        consistency: { from: 15, path: await fresh.context().consistency(15) },
      }),
    ).resolves.toMatchObject({ kind: 'refused' });
    // What it holds survives a restart of the agent.
    const restarted = await SigningAgent.open(signer, state);
    expect(restarted.held(origin)).toMatchObject({ number: 2, treeSize: 15 });
    await expect(restarted.sign({ body: fresh.body(1) })).resolves.toMatchObject({ kind: 'refused' });
    // An adoption of a held log is refused; after an operator's --forget (logged) it is signed.
    const adoption = `${origin} adoption\nafter 0\nevents 15\nkey k\nprevious none\ntime t\nby b\nreason r\n`;
    await expect(restarted.sign({ body: adoption })).resolves.toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('--forget sais-platform/scoring'),
    });
    await expect(restarted.forget(origin, 'the disk was lost; started anew', 'ops')).resolves.toBe(true);
    await expect(restarted.sign({ body: adoption })).resolves.toMatchObject({ kind: 'signed' });
    await expect(signWith(restarted, fresh, 1)).resolves.toMatchObject({ kind: 'signed' });
    expect(await readFile(join(state, 'forgotten.log'), 'utf8')).toContain('the disk was lost; started anew');
    await expect(restarted.sign({ body: 'anything else\n' })).resolves.toMatchObject({ kind: 'refused' });
    expect(first.kind).toBe('signed');
  });

  it('over HTTP: the remote signer sends the proof it is asked for; a wrong secret and a refusal are errors', async () => {
    const signer = await signerOf(platformKey, 'sais-platform');
    const agent = await SigningAgent.open(signer, await stateDir());
    const secret = randomBytes(24).toString('base64');
    const server = signingAgentServer(agent, secret);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const remote = await remoteSigner(url, secret);
      expect(remote.key.text).toBe(signer.key.text);
      const log = new Log();
      log.append(7);
      const note1 = await remote.sign(log.body(1), log.context());
      log.append(9);
      const note2 = await remote.sign(log.body(2), log.context());
      await expect(transparency.verifyCheckpointNote(note2, [remote.key])).resolves.toMatchObject({
        ok: true,
        checkpoint: { number: 2, treeSize: 16 },
      });
      expect(note1).not.toBe(note2);
      const fresh = new Log();
      fresh.append(20);
      await expect(remote.sign(fresh.body(3), fresh.context())).rejects.toThrow(/refused: FORK/);
      const stranger = await remoteSigner(url, 'not the secret at all');
      log.append(1);
      await expect(stranger.sign(log.body(3), log.context())).rejects.toThrow(/wrong or missing secret/);
      await expect(remoteSigner('http://127.0.0.1:1', secret)).rejects.toThrow(/does not answer/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
