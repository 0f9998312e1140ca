import { readFile } from 'node:fs/promises';
import { type scoring as S, scoring, transparency } from '@sais/events';
import { UsageError } from '../api.ts';
import type { Context } from '../output.ts';
import { emit } from '../output.ts';
import { checkFailed } from './verify.ts';

interface ScoreRecord {
  submissionId: string;
  competitionId: string;
  phase: string;
  eventId: string | null;
  revealed: boolean;
  /** `hiddenData`: the last record is a refusal quoting a run on hidden data's file (decision 0032). */
  withheld?: 'hiddenData' | null;
  event: (transparency.HashedEvent & { data: unknown }) | null;
}

interface ScoredData {
  metric: S.MetricName;
  publicScore: number | null;
  privateScore: number | null;
  groundTruthSha256: string;
  /** The secondary metrics' scores (decision 0046); absent when the ground truth has none. */
  scores?: S.SecondaryScores;
}

/** One step of the check, as printed (and in `--json`). */
interface Step {
  step: string;
  ok: boolean;
  detail: string;
}

/**
 * `sais verify-score <submission> [--file my.csv] [--key k]` (issue 30, decision 0031): after final
 * publication, recomputes my submission's public and private scores on this machine, with the CLI's own
 * code (`@sais/events` recompute.ts), and compares them with the scores the platform recorded:
 *   1. the record (with both scores) is in a signed checkpoint of the scoring log (as `verify-proof`);
 *   2. the revealed split key is the one committed to when the ground truth was set (its SHA-256);
 *   3. the published ground truth is the committed file (its SHA-256);
 *   4. my file (`--file`, else the platform's copy of it) scores what was recorded; with `--file`, a
 *      platform copy that differs from mine is named by its first differing line.
 * Exit 0 when every step holds, 1 when one does not (it is named), as the other checks.
 */
export async function verifyScore(
  context: Context,
  submissionId: string,
  options: { file?: string; key?: string },
) {
  const steps: Step[] = [];
  const finish = (recomputed?: unknown) => {
    const passed = steps.every((step) => step.ok);
    emit(context, { submissionId, passed, steps, recomputed: recomputed ?? null }, () =>
      [
        ...steps.map((step) => `${step.ok ? 'PASS' : 'FAIL'}  ${step.detail}`),
        context.t(passed ? 'verifyScorePass' : 'verifyScoreFail'),
      ].join('\n'),
    );
    return passed ? 0 : checkFailed;
  };
  const fail = (step: string, detail: string) => {
    steps.push({ step, ok: false, detail });
    return finish();
  };

  const record = await context.api.get<ScoreRecord>('/api/submission/scoreRecord', { submissionId });
  if (!record.eventId) return fail('record', context.t('proofNone'));
  // Withheld only when the last record is a refusal (it quotes the file): it has no scores to check.
  if (record.withheld) return fail('record', context.t('verifyScoreNoScores'));
  if (!record.revealed || !record.event) return fail('record', context.t('verifyScoreNotPublished'));

  // 1. The recorded scores are the ones in the signed log.
  const served = await context.api.get<{ publicKey: string }>('/api/transparency/scoring/checkpoints', {
    limit: 1,
  });
  if (!options.key && !context.json) context.err(context.t('keyFromPlatform'));
  let key: transparency.VerifierKey;
  try {
    key = await transparency.parseVerifierKey(options.key ?? served.publicKey);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const proof = await context.api.get<transparency.EventInclusionProof>('/api/transparency/scoring/proof', {
    eventId: record.eventId,
  });
  const inclusion = await transparency.checkEventInclusion(proof, [key], record.event);
  if (inclusion.status !== 'verified')
    return fail(
      'record',
      inclusion.status === 'pending'
        ? context.t('proofPending')
        : context.t('proofFailed', { reason: inclusion.reason }),
    );
  const data = record.event.data as ScoredData;
  if (data.publicScore === null || data.privateScore === null)
    return fail('record', context.t('verifyScoreNoScores'));
  steps.push({
    step: 'record',
    ok: true,
    detail: context.t('verifyScoreRecord', {
      leaf: inclusion.leafIndex,
      checkpoint: inclusion.checkpoint,
      public: data.publicScore,
      private: data.privateScore,
    }),
  });

  // 2. The split key: revealed, and the one committed to before the first score.
  const metric = await context.api.get<S.responses.CompetitionMetric | null>('/api/leaderboard/metric', {
    competitionId: record.competitionId,
  });
  const revealed = await scoring.checkRevealedKey(
    { groundTruthSha256: data.groundTruthSha256, occurredAt: record.event.occurredAt },
    metric?.commitments ?? [],
  );
  if (!revealed.ok)
    return fail(
      'split',
      revealed.problem === 'noCommitment'
        ? context.t('verifyScoreNoCommitment')
        : revealed.problem === 'replaced'
          ? context.t('verifyScoreReplaced', { setAt: revealed.setAt, replacedAt: revealed.replacedAt })
          : revealed.problem === 'keyHidden'
            ? context.t('verifyScoreKeyHidden')
            : context.t('verifyScoreKeyMismatch', { digest: revealed.digest, committed: revealed.committed }),
    );
  const { commitment, splitKey, digest: keyDigest, publicPercent } = revealed;
  steps.push({
    step: 'split',
    ok: true,
    detail: context.t('verifyScoreSplit', { setAt: commitment.setAt, digest: keyDigest.slice(0, 16) }),
  });

  // 3. The ground truth: published, and the committed file.
  if (!commitment.groundTruthRevealed) return fail('groundTruth', context.t('verifyScoreTruthKept'));
  const truth = await bytesOf(
    context,
    context.api.url('/api/leaderboard/groundTruth', { competitionId: record.competitionId }),
  );
  const truthCheck = await scoring.checkRevealedTruth(commitment, truth);
  if (!truthCheck.ok)
    return fail(
      'groundTruth',
      context.t('verifyScoreTruthMismatch', { digest: truthCheck.digest, committed: truthCheck.committed }),
    );
  steps.push({
    step: 'groundTruth',
    ok: true,
    detail: context.t('verifyScoreTruth', { digest: truthCheck.digest.slice(0, 16) }),
  });

  // 4. My file, and the scores it makes.
  const platformCopy = await bytesOf(context, context.api.url('/api/submission/file', { submissionId }));
  let mine = platformCopy;
  if (options.file) {
    try {
      mine = await readFile(options.file);
    } catch (error) {
      throw new UsageError(
        context.t('fileMissing', {
          path: options.file,
          reason: (error as NodeJS.ErrnoException).code ?? String(error),
        }),
      );
    }
    const line = firstDifferentLine(mine, platformCopy);
    if (line !== null) return fail('file', context.t('verifyScoreFileDiffers', { line }));
  }
  // Every metric (decision 0046): the primary, then each secondary, from one read of the files.
  const recorded = [
    { metric: data.metric, publicScore: data.publicScore, privateScore: data.privateScore },
    ...(data.scores ?? []),
  ];
  let again: Awaited<ReturnType<typeof scoring.recomputeAllScores>>;
  try {
    again = await scoring.recomputeAllScores({
      groundTruth: truth,
      submission: mine,
      metrics: recorded.map((entry) => entry.metric),
      splitKey,
      publicPercent,
    });
  } catch (error) {
    if (!(error instanceof scoring.RecomputeProblem)) throw error;
    return fail(
      'scores',
      context.t('verifyScoreRow', { file: error.file, line: error.line, reason: error.reason }),
    );
  }
  recorded.forEach((entry, index) => {
    const mineScores = again.scores[index]!;
    const primary = index === 0;
    for (const side of ['public', 'private'] as const) {
      const recordedScore = side === 'public' ? entry.publicScore : entry.privateScore;
      const mineScore = side === 'public' ? mineScores.publicScore : mineScores.privateScore;
      steps.push({
        step: primary ? `${side}Score` : `${side}Score:${entry.metric}`,
        ok: scoring.sameScore(recordedScore, mineScore),
        detail: primary
          ? context.t(side === 'public' ? 'verifyScorePublic' : 'verifyScorePrivate', {
              recorded: recordedScore,
              recomputed: String(mineScore),
              rows: side === 'public' ? again.publicRows : again.rows - again.publicRows,
            })
          : context.t(side === 'public' ? 'verifyScoreSecondaryPublic' : 'verifyScoreSecondaryPrivate', {
              metric: entry.metric,
              recorded: recordedScore,
              recomputed: String(mineScore),
            }),
      });
    }
  });
  const recomputed: S.Recomputed = {
    rows: again.rows,
    publicRows: again.publicRows,
    publicScore: again.scores[0]!.publicScore,
    privateScore: again.scores[0]!.privateScore,
  };
  return finish(recomputed);
}

/** A download's bytes, or the platform's refusal (the envelope) thrown. */
async function bytesOf(context: Context, url: URL): Promise<Uint8Array> {
  const response = await context.api.fetch(url);
  if (!response.ok || response.headers.get('content-type')?.startsWith('application/json'))
    return context.api.envelope(response);
  return new Uint8Array(await response.arrayBuffer());
}

/** The first line (1-based) where two files differ, or null when they are the same bytes. */
export function firstDifferentLine(a: Uint8Array, b: Uint8Array): number | null {
  let line = 1;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return line;
    if (a[i] === 0x0a) line++;
  }
  return null;
}
