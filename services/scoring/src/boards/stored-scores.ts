import type { scoring } from '@sais/events';
import type { SubmissionScores } from '../db/tables.ts';

/**
 * Secondary scores (decision 0046) as the events carry them (`{metric, publicScore, privateScore}`) and as
 * the read model keeps them (`{metric, public, private}`, jsonb): one conversion each way, for submissions
 * and baselines alike.
 */
export const storedScores = (scores: scoring.SecondaryScores): SubmissionScores =>
  scores.map((s) => ({ metric: s.metric, public: s.publicScore, private: s.privateScore }));

export const eventScores = (
  stored: SubmissionScores,
): { metric: string; publicScore: number; privateScore: number }[] =>
  stored.map((s) => ({ metric: s.metric, publicScore: s.public, privateScore: s.private }));
