// Witness cosignatures (c2sp.org/tlog-cosignature; decision 0033): the line a witness makes verifies over
// the checkpoint it signed and over nothing else, for any checkpoint, witness name and time; the note
// parser takes cosignature lines beside the log's own signature.
import { generateKeyPairSync } from 'node:crypto';
import { transparency } from '@sais/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signerOf, witnessSignerOf } from '../src/index.ts';

const witnessKey = generateKeyPairSync('ed25519').privateKey;
const otherKey = generateKeyPairSync('ed25519').privateKey;
const logKey = generateKeyPairSync('ed25519').privateKey;

const checkpoint = fc.record({
  origin: fc.stringMatching(/^[a-z0-9./-]{1,40}$/),
  treeSize: fc.nat({ max: Number.MAX_SAFE_INTEGER }),
  rootHash: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  number: fc.integer({ min: 1, max: 2 ** 40 }),
  time: fc.constant('2026-11-28T04:00:00.000Z'),
});
const name = fc.stringMatching(/^[a-z0-9./-]{1,30}$/);
const time = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

describe('witness cosignatures (c2sp.org/tlog-cosignature)', () => {
  it('verifies its own line, and refuses another body, time, key id or witness key (any input)', async () => {
    await fc.assert(
      fc.asyncProperty(checkpoint, checkpoint, name, time, async (c, other, witnessName, at) => {
        const witness = await witnessSignerOf(witnessKey, witnessName);
        const body = transparency.checkpointBody(c);
        const line = witness.cosign(body, at);
        // The line is `— name base64(key id ‖ 8-byte time ‖ signature)`.
        const parsed = transparency.parseCosignatureLine(line)!;
        expect(parsed).toMatchObject({ name: witnessName, time: at });
        expect(transparency.cosignatureLine(parsed)).toBe(line);
        const key = await transparency.parseWitnessKey(witness.key.text);
        await expect(transparency.verifyCosignature(body, line, [key])).resolves.toMatchObject({
          ok: true,
          time: at,
        });
        const otherBody = transparency.checkpointBody(other);
        if (otherBody !== body)
          await expect(transparency.verifyCosignature(otherBody, line, [key])).resolves.toEqual({
            ok: false,
            reason: 'bad signature',
          });
        // Another time in the line: the signed message changes with it.
        const later = transparency.cosignatureLine({ ...parsed, time: at === 0 ? 1 : at - 1 });
        await expect(transparency.verifyCosignature(body, later, [key])).resolves.toEqual({
          ok: false,
          reason: 'bad signature',
        });
        // The same name with another key: its key id differs, so the line is not that witness's.
        const impostor = await witnessSignerOf(otherKey, witnessName);
        await expect(transparency.verifyCosignature(body, line, [impostor.key])).resolves.toEqual({
          ok: false,
          reason: 'unknown witness',
        });
        // A witness key is of type 0x04: the log's verifier key of the same bytes has another key id.
        const asLog = await transparency.verifierKeyOf(witnessName, key.publicKey);
        expect(transparency.bytesToHex(asLog.keyId)).not.toBe(transparency.bytesToHex(key.keyId));
      }),
      { numRuns: 60 },
    );
  });

  it('a note with cosignature lines still verifies against the log key, and the lines against witnesses', async () => {
    await fc.assert(
      fc.asyncProperty(
        checkpoint,
        fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
        time,
        async (c, names, at) => {
          const log = await signerOf(logKey, 'sais-platform');
          const body = transparency.checkpointBody(c);
          const witnesses = await Promise.all(
            names.map((n) => witnessSignerOf(generateKeyPairSync('ed25519').privateKey, n)),
          );
          const lines = witnesses.map((w) => w.cosign(body, at));
          const note = `${await log.sign(body)}${lines.map((line) => `${line}\n`).join('')}`;
          expect(transparency.splitNote(note)?.signatures).toHaveLength(1 + lines.length);
          await expect(transparency.verifyCheckpointNote(note, [log.key])).resolves.toMatchObject({
            ok: true,
          });
          const keys = witnesses.map((w) => w.key);
          const seen = await transparency.cosignedBy(body, [...lines, lines[0]!], keys);
          expect(seen.witnesses.map((k) => k.name)).toEqual(names);
          expect(seen.invalid).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('reads and refuses witness keys', async () => {
    const witness = await witnessSignerOf(witnessKey, 'witness.example.org/w1');
    await expect(transparency.parseWitnessKey(witness.key.text)).resolves.toMatchObject({
      name: 'witness.example.org/w1',
    });
    const log = await signerOf(witnessKey, 'witness.example.org/w1');
    await expect(transparency.parseWitnessKey(log.key.text)).rejects.toThrow('type 0x04');
    await expect(
      transparency.parseWitnessKey(witness.key.text.replace(/\+[0-9a-f]{8}\+/, '+00000000+')),
    ).rejects.toThrow('the key id does not belong to this key');
    expect(transparency.parseCosignatureLine('— w1 AAAA')).toBeNull();
    expect(transparency.parseCosignatureLine('w1 AAAA')).toBeNull();
  });
});
