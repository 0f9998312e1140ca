// Signed checkpoints in the C2SP formats: the note and key formats against the reference vector of
// golang.org/x/mod/sumdb/note (note_test.go: PeterNeumann's key, text and signature; Ed25519 signing is
// deterministic, so our signer must reproduce it byte for byte), and what a verifier refuses.
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { transparency } from '@sais/events';
import { describe, expect, it } from 'vitest';
import { signerOf } from '../src/index.ts';
import { CheckpointLog } from '../src/transparency/checkpoint-log.ts';

const peterKey = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const peterSeed = 'AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz'; // of PRIVATE+KEY+PeterNeumann+c74f20a3+…
const peterText =
  "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const peterNote = `${peterText}\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

function ed25519FromSeed(seed: Buffer) {
  const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
  return createPrivateKey({ key: Buffer.concat([pkcs8Prefix, seed]), format: 'der', type: 'pkcs8' });
}

const body = (number = 7) =>
  transparency.checkpointBody({
    origin: 'sais-platform/scoring',
    treeSize: 1234,
    rootHash: new Uint8Array(32).fill(7),
    number,
    time: '2026-11-25T12:00:00.000Z',
  });

describe('signed notes (c2sp.org/signed-note)', () => {
  it('signs and verifies the reference note of golang.org/x/mod/sumdb/note', async () => {
    const signer = await signerOf(
      ed25519FromSeed(Buffer.from(peterSeed, 'base64').subarray(1)),
      'PeterNeumann',
    );
    expect(signer.key.text).toBe(peterKey);
    expect(await signer.sign(peterText)).toBe(peterNote);
    const key = await transparency.parseVerifierKey(peterKey);
    await expect(transparency.verifyNote(peterNote, [key])).resolves.toMatchObject({
      ok: true,
      body: peterText,
    });
    await expect(
      transparency.verifyNote(peterNote.replace('cryptography', 'cryptographY'), [key]),
    ).resolves.toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('reads verifier keys whose base64 holds a "+", and refuses a key id that is not the key’s', async () => {
    const plusKey = 'TEST+7997405c+AQcC+FTVKf0jlTdHDY3rbevmnKxxPjigCXlVtGe6RIr6'; // transparency-dev/formats
    await expect(transparency.parseVerifierKey(plusKey)).resolves.toMatchObject({
      name: 'TEST',
      text: plusKey,
    });
    await expect(transparency.parseVerifierKey(peterKey.replace('c74f20a3', 'c74f20a4'))).rejects.toThrow(
      'the key id does not belong to this key',
    );
    await expect(transparency.parseVerifierKey('PeterNeumann+c74f20a3')).rejects.toThrow();
  });
});

describe('signed checkpoints (c2sp.org/tlog-checkpoint)', () => {
  it('verifies a checkpoint signed with the platform key and reads its fields', async () => {
    const signer = await signerOf(generateKeyPairSync('ed25519').privateKey, 'sais-platform');
    const note = await signer.sign(body());
    expect(note).toMatch(
      /^sais-platform\/scoring\n1234\nBwcH[^\n]+=\ncheckpoint 7 2026-11-25T12:00:00.000Z\n\n— sais-platform /,
    );
    await expect(transparency.verifyCheckpointNote(note, [signer.key])).resolves.toMatchObject({
      ok: true,
      checkpoint: { origin: 'sais-platform/scoring', treeSize: 1234, number: 7 },
    });
  });

  it('refuses another key, a forged signature, a changed body and malformed notes', async () => {
    const platform = await signerOf(generateKeyPairSync('ed25519').privateKey, 'sais-platform');
    const stranger = await signerOf(generateKeyPairSync('ed25519').privateKey, 'sais-platform');
    const signed = await platform.sign(body());
    const byStranger = await stranger.sign(body());
    const check = (note: string) => transparency.verifyCheckpointNote(note, [platform.key]);
    await expect(check(byStranger)).resolves.toEqual({ ok: false, reason: 'unknown key' });
    // The stranger's signature under the platform's key id.
    const [, strangerSignature] = /— sais-platform (\S+)\n$/.exec(byStranger)!;
    const forgedBytes = Buffer.concat([
      platform.key.keyId,
      Buffer.from(strangerSignature!, 'base64').subarray(4),
    ]);
    await expect(check(`${body()}\n— sais-platform ${forgedBytes.toString('base64')}\n`)).resolves.toEqual({
      ok: false,
      reason: 'bad signature',
    });
    await expect(check(signed.replace('\n1234\n', '\n1235\n'))).resolves.toEqual({
      ok: false,
      reason: 'bad signature',
    });
    await expect(check(signed.replace('\n\n', '\n'))).resolves.toEqual({ ok: false, reason: 'malformed' });
    await expect(check(await platform.sign('not a checkpoint\n'))).resolves.toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});

describe('the checkpoint file', () => {
  it('answers readers racing an append without indexing a line twice', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'sais-checkpoints-'));
    const signer = await signerOf(generateKeyPairSync('ed25519').privateKey, 'race');
    const log = await CheckpointLog.open(dir);
    const reader = await CheckpointLog.open(dir);
    try {
      for (let number = 1; number <= 20; number++) {
        // Readers in the appending process and in another handle, all at once with the append.
        const reads = Array.from({ length: 5 }, () => [log.latest(), reader.latest()]).flat();
        const note = await signer.sign(body(number));
        await Promise.all([log.append(note), ...reads]);
      }
      expect((await log.latest())?.number).toBe(20);
      expect((await reader.list(0, 100)).map((record) => record.number)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    } finally {
      await Promise.all([log.close(), reader.close()]);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
