import { scoring } from '@sais/events';
import type { TransparencyApi } from './transparencyApi';

/** What recomputing a submission's scores in this browser found (decision 0031). */
export type RecomputeState =
  | { status: 'idle' | 'running' }
  | {
      status: 'match' | 'mismatch';
      recorded: Scores;
      recomputed: Scores;
      rows: number;
      publicRows: number;
      /** Each secondary metric's recorded and recomputed scores (decision 0046); empty when none. */
      secondary: { metric: string; recorded: Scores; recomputed: Scores }[];
    }
  /** The organiser keeps this ground truth; a ground truth replaced since; a key or file unlike its commitment. */
  | { status: 'kept' | 'replaced' | 'keyMismatch' | 'truthMismatch' | 'unavailable' }
  | { status: 'row'; file: scoring.RecomputeFile; line: number; reason: string };

interface Scores {
  publicScore: number | null;
  privateScore: number | null;
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/**
 * Recomputes, in this browser and with the shared recomputation code (`@sais/events` recompute.ts, not
 * the scorer's), my submission's public and private scores from the published ground truth, the revealed
 * split key and my file, after checking the key and the file against the commitment signed when the
 * ground truth was set. The record's content was checked against the signed log by the proof beside it.
 */
export async function recomputeScore(api: TransparencyApi, submissionId: string): Promise<RecomputeState> {
  const record = await api.scoreRecord(submissionId);
  if (!record.revealed || !record.event) return { status: 'unavailable' };
  const data = record.event.data as Scores & {
    metric: scoring.MetricName;
    groundTruthSha256: string;
    scores?: scoring.SecondaryScores;
  };
  const metric = await api.metric(record.competitionId);
  const revealed = await scoring.checkRevealedKey(
    { groundTruthSha256: data.groundTruthSha256, occurredAt: record.event.occurredAt },
    metric?.commitments ?? [],
  );
  if (!revealed.ok) {
    if (revealed.problem === 'noCommitment' || revealed.problem === 'replaced') return { status: 'replaced' };
    if (!revealed.commitment.groundTruthRevealed) return { status: 'kept' };
    return { status: revealed.problem === 'keyMismatch' ? 'keyMismatch' : 'unavailable' };
  }
  const { commitment, splitKey, publicPercent } = revealed;
  if (!commitment.groundTruthRevealed) return { status: 'kept' };
  const [truth, mine] = await Promise.all([
    api.groundTruth(record.competitionId).then(bytesOf),
    api.submissionFile(submissionId).then(bytesOf),
  ]);
  if (!(await scoring.checkRevealedTruth(commitment, truth)).ok) return { status: 'truthMismatch' };
  try {
    // Every metric (decision 0046): the primary, then each secondary, from one read of the files.
    const again = await scoring.recomputeAllScores({
      groundTruth: truth,
      submission: mine,
      metrics: [data.metric, ...(data.scores ?? []).map((entry) => entry.metric)],
      splitKey,
      publicPercent,
    });
    const recomputed = {
      rows: again.rows,
      publicRows: again.publicRows,
      publicScore: again.scores[0]!.publicScore,
      privateScore: again.scores[0]!.privateScore,
    };
    const secondary = (data.scores ?? []).map((entry, index) => ({
      metric: entry.metric,
      recorded: { publicScore: entry.publicScore, privateScore: entry.privateScore },
      recomputed: {
        publicScore: again.scores[index + 1]!.publicScore,
        privateScore: again.scores[index + 1]!.privateScore,
      },
    }));
    const same = (a: Scores, b: Scores) =>
      scoring.sameScore(a.publicScore, b.publicScore) && scoring.sameScore(a.privateScore, b.privateScore);
    const match =
      same(recomputed, data) && secondary.every((entry) => same(entry.recomputed, entry.recorded));
    return {
      status: match ? 'match' : 'mismatch',
      recorded: { publicScore: data.publicScore, privateScore: data.privateScore },
      recomputed,
      rows: recomputed.rows,
      publicRows: recomputed.publicRows,
      secondary,
    };
  } catch (error) {
    if (error instanceof scoring.RecomputeProblem)
      return { status: 'row', file: error.file, line: error.line, reason: error.reason };
    throw error;
  }
}
