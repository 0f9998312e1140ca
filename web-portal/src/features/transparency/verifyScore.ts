import { transparency } from '@sais/events';
import type { TransparencyApi } from './transparencyApi';

export type ScoreProofState =
  transparency.InclusionCheck | { status: 'none' } | { status: 'checking' } | { status: 'unavailable' };

/** At most this many submissions are checked at once, so a long list does not flood the API. */
const parallelChecks = 4;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= parallelChecks) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Checks in the browser (WebCrypto: SHA-256 and Ed25519) that the event that recorded a submission's
 * score is in a checkpoint of the scoring log signed with the platform's published key; with the event's
 * content once it is revealed (after publication), that the content is what was recorded.
 */
export function verifyScore(
  api: TransparencyApi,
  submissionId: string,
  publicKey: Promise<string>,
): Promise<ScoreProofState> {
  return inTurn(() => check(api, submissionId, publicKey));
}

async function check(
  api: TransparencyApi,
  submissionId: string,
  publicKey: Promise<string>,
): Promise<ScoreProofState> {
  const record = await api.scoreRecord(submissionId);
  if (!record.eventId) return { status: 'none' };
  const [proof, key] = await Promise.all([
    api.proof('scoring', record.eventId),
    publicKey.then((text) => transparency.parseVerifierKey(text)),
  ]);
  return transparency.checkEventInclusion(proof, [key], record.event ?? undefined);
}
