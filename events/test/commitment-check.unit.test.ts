import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoring } from '../src/index.ts';

type Commitment = scoring.responses.GroundTruthCommitment;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A commitment as `GET /api/leaderboard/metric` answers it; the key revealed unless told otherwise. */
function commitment(setAt: string, fileDigest: string, key: Buffer | null, keyDigest?: string): Commitment {
  return {
    eventId: `e-${setAt}`,
    setAt,
    sha256: fileDigest,
    rows: 10,
    publicRows: 5,
    publicPercent: 50,
    splitKeySha256: key ? (keyDigest ?? sha256(key)) : sha256(randomBytes(32)),
    scorerVersion: '1',
    splitKey: key ? key.toString('base64') : null,
    revealsGroundTruth: true,
    groundTruthRevealed: true,
  };
}

/**
 * One rule for `sais verify-score` and the portal's recomputation (decision 0031): the commitment a score
 * is checked against is the last ground truth with the score's file digest set at or before the score;
 * it must still be in force; its revealed key must hash to its committed digest.
 */
describe('checking what was revealed against the commitment', () => {
  it('for any history of settings, takes the right commitment or names why not', async () => {
    const digests = ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64)];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            digest: fc.constantFrom(...digests),
            revealed: fc.boolean(),
            honest: fc.boolean(),
          }),
          { maxLength: 6 },
        ),
        fc.constantFrom(...digests),
        fc.integer({ min: 0, max: 7 }),
        async (settings, scoredDigest, scoredAfter) => {
          const keys = settings.map(() => randomBytes(32));
          const commitments = settings.map((s, i) =>
            commitment(
              `2027-01-0${i + 1}T00:00:00.000Z`,
              s.digest,
              s.revealed ? keys[i]! : null,
              s.honest ? undefined : sha256(randomBytes(8)),
            ),
          );
          const occurredAt = `2027-01-0${scoredAfter}T12:00:00.000Z`;
          const found = await scoring.checkRevealedKey(
            { groundTruthSha256: scoredDigest, occurredAt },
            commitments,
          );
          // The plain reading of the rule.
          const candidates = commitments
            .map((c, i) => ({ c, i }))
            .filter(({ c }) => c.sha256 === scoredDigest && c.setAt <= occurredAt);
          const chosen = candidates.at(-1);
          if (!chosen) {
            expect(found).toEqual({ ok: false, problem: 'noCommitment' });
            return;
          }
          if (chosen.i !== commitments.length - 1) {
            expect(found).toMatchObject({ ok: false, problem: 'replaced', setAt: chosen.c.setAt });
            return;
          }
          if (!settings[chosen.i]!.revealed) {
            expect(found).toMatchObject({ problem: 'keyHidden' });
            return;
          }
          if (!settings[chosen.i]!.honest) {
            expect(found).toMatchObject({ problem: 'keyMismatch' });
            return;
          }
          expect(found).toMatchObject({ ok: true, commitment: chosen.c, publicPercent: 50 });
          if (found.ok) expect(Buffer.from(found.splitKey)).toEqual(keys[chosen.i]);
        },
      ),
    );
  });

  it('compares the published file with the committed digest', async () => {
    const file = new TextEncoder().encode('id,value\n1,2\n');
    const committed = commitment('2027-01-01T00:00:00.000Z', sha256(file), randomBytes(32));
    expect(await scoring.checkRevealedTruth(committed, file)).toEqual({
      ok: true,
      digest: sha256(file),
      committed: sha256(file),
    });
    const other = new TextEncoder().encode('id,value\n1,3\n');
    expect((await scoring.checkRevealedTruth(committed, other)).ok).toBe(false);
  });
});
