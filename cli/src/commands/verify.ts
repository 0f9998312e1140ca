import { type PublishedPage, recomputePublishedSeal, type scoring, transparency } from '@sais/events';
import { UsageError } from '../api.ts';
import type { Context } from '../output.ts';
import { emit } from '../output.ts';

/** A check that did not pass: exit code 1, like a refusal (docs/cli.md). */
export const checkFailed = 1;

/**
 * `sais verify-seal <competition> [phase]`: recomputes the SHA-256 of the published private leaderboard
 * (form v1, `@sais/events` seal.ts, as `npm run seal:verify` and the console) and compares it with the
 * seal recorded before the reveal.
 */
export async function verifySeal(context: Context, competitionId: string, phase: string | undefined) {
  const check = await recomputePublishedSeal(competitionId, (page) =>
    context.api.get<PublishedPage>('/api/leaderboard/private', {
      competitionId,
      phase,
      page,
      pageSize: 100,
    } satisfies scoring.requests.PrivateBoardQuery),
  );
  emit(context, check, () =>
    [
      context.t('sealOf', { competition: competitionId, phase: check.phase ?? '-', rows: check.rows }),
      `sealed     ${check.seal ? `${check.seal.digest} (${check.seal.algorithm}, form ${check.seal.form}, ${check.seal.sealedAt})` : '-'}`,
      `recomputed ${check.digest ?? '-'}`,
      check.match ? context.t('sealPass') : context.t('sealFail'),
    ].join('\n'),
  );
  return check.match ? 0 : checkFailed;
}

interface ScoreRecord {
  submissionId: string;
  eventId: string | null;
  eventHash: string | null;
  revealed: boolean;
  /** `hiddenData`: published, but the content quotes a run on hidden data's result file (decision 0032). */
  withheld?: 'hiddenData' | null;
  event: transparency.HashedEvent | null;
}

/**
 * `sais verify-proof <submission> [--key k]`: that the event which recorded my submission's score is in
 * a checkpoint of the scoring log signed with the platform's key (and, once the private board is
 * published, that its content is what was recorded): the check My Submissions makes in the browser.
 * The key is the pinned one (`--key`, `SAIS_TRANSPARENCY_KEY`), else the one the platform serves.
 */
export async function verifyProof(context: Context, submissionId: string, pinnedKey: string | undefined) {
  const record = await context.api.get<ScoreRecord>('/api/submission/scoreRecord', {
    submissionId,
  } satisfies scoring.requests.SubmissionQuery);
  if (!record.eventId) {
    emit(context, { status: 'none', submissionId }, () => context.t('proofNone'));
    return checkFailed;
  }
  const served = await context.api.get<{ publicKey: string }>('/api/transparency/scoring/checkpoints', {
    limit: 1,
  });
  const keyText = pinnedKey ?? served.publicKey;
  if (!pinnedKey && !context.json) context.err(context.t('keyFromPlatform'));
  let key: transparency.VerifierKey;
  try {
    key = await transparency.parseVerifierKey(keyText);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const proof = await context.api.get<transparency.EventInclusionProof>('/api/transparency/scoring/proof', {
    eventId: record.eventId,
  });
  const check = await transparency.checkEventInclusion(proof, [key], record.event ?? undefined);
  emit(context, { submissionId, eventId: record.eventId, ...check }, () => {
    switch (check.status) {
      case 'verified':
        return context.t('proofVerified', {
          leaf: check.leafIndex,
          checkpoint: check.checkpoint,
          size: check.treeSize,
          content: context.t(
            check.contentChecked ? 'contentChecked' : record.withheld ? 'contentWithheld' : 'contentLater',
          ),
        });
      case 'pending':
        return context.t('proofPending');
      case 'failed':
        return context.t('proofFailed', { reason: check.reason });
    }
  });
  return check.status === 'verified' ? 0 : checkFailed;
}
