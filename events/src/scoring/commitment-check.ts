/**
 * The checks a participant runs, before recomputing a score, on what was revealed after final results
 * (decision 0031): shared by `sais verify-score` and My Submissions' "Recompute my scores", so both take
 * the same commitment and refuse the same things. Each answers what it found; the callers word it.
 */
import type { GroundTruthCommitment } from './responses.ts';
import { sha256Hex } from './recompute.ts';

/** The revealed split key of the ground truth a score was computed on, checked against its commitment. */
export type RevealedKey =
  | {
      ok: true;
      commitment: GroundTruthCommitment;
      splitKey: Uint8Array;
      digest: string;
      publicPercent: number;
    }
  /** No ground truth with the score's file digest was set before the score. */
  | { ok: false; problem: 'noCommitment' }
  /** The score's ground truth was replaced since (`setAt` of it, `replacedAt` of the one in force). */
  | { ok: false; problem: 'replaced'; setAt: string; replacedAt: string }
  /** The key is not revealed (yet), or the ground truth predates keyed splits. */
  | { ok: false; problem: 'keyHidden'; commitment: GroundTruthCommitment }
  /** The revealed key is not the one committed to. */
  | {
      ok: false;
      problem: 'keyMismatch';
      commitment: GroundTruthCommitment;
      digest: string;
      committed: string;
    };

/**
 * Takes the commitment in force when the score was recorded: the last ground truth set with the score's
 * file digest at or before the score, which must still be the one in force (a replaced ground truth's
 * scores were rescored); then checks that the revealed key hashes to the committed digest.
 */
export async function checkRevealedKey(
  scored: { groundTruthSha256: string; occurredAt: string },
  commitments: readonly GroundTruthCommitment[],
): Promise<RevealedKey> {
  const inForce = commitments.at(-1);
  const commitment = commitments
    .filter((c) => c.sha256 === scored.groundTruthSha256 && c.setAt <= scored.occurredAt)
    .at(-1);
  if (!commitment || !inForce) return { ok: false, problem: 'noCommitment' };
  if (commitment !== inForce)
    return { ok: false, problem: 'replaced', setAt: commitment.setAt, replacedAt: inForce.setAt };
  if (!commitment.splitKey || !commitment.splitKeySha256 || commitment.publicPercent === null)
    return { ok: false, problem: 'keyHidden', commitment };
  const splitKey = Uint8Array.from(atob(commitment.splitKey), (char) => char.charCodeAt(0));
  const digest = await sha256Hex(splitKey);
  if (digest !== commitment.splitKeySha256)
    return { ok: false, problem: 'keyMismatch', commitment, digest, committed: commitment.splitKeySha256 };
  return { ok: true, commitment, splitKey, digest, publicPercent: commitment.publicPercent };
}

/** The published ground truth's bytes against the committed file digest. */
export async function checkRevealedTruth(
  commitment: GroundTruthCommitment,
  bytes: Uint8Array,
): Promise<{ ok: boolean; digest: string; committed: string }> {
  const digest = await sha256Hex(bytes);
  return { ok: digest === commitment.sha256, digest, committed: commitment.sha256 };
}
