import { type scoring, transparency } from '@sais/events';
import type { ApiClient } from '../../api/client';

/** What `GET /api/submission/scoreRecord` answers: the event that recorded a submission's score. */
export interface ScoreRecord {
  submissionId: string;
  competitionId: string;
  phase: string;
  eventId: string | null;
  eventHash: string | null;
  /** The event's content is given once the phase's private leaderboard is published. */
  revealed: boolean;
  event: transparency.HashedEvent | null;
}

export interface LogCheckpoints {
  log: string;
  origin: string;
  publicKey: string;
  /** The witness keys the platform lists (decision 0033). */
  witnesses?: string[];
  latest: transparency.CheckpointRecord | null;
}

/** The event logs that keep signed checkpoints, one per service (decision 0012). */
export const eventLogs = ['identity', 'competition', 'team', 'scoring'] as const;

/** The public transparency calls; failures are shown on the page that asked, not as notices. */
export function createTransparencyApi(client: ApiClient) {
  return {
    checkpoints(log: string) {
      return client.request<LogCheckpoints>(`/transparency/${log}/checkpoints`, {
        data: { limit: 1 },
        silent: true,
      });
    },
    proof(log: string, eventId: string) {
      return client.request<transparency.EventInclusionProof>(`/transparency/${log}/proof`, {
        data: { eventId },
        silent: true,
      });
    },
    /** How the competition is scored, with every ground truth's commitment (and, once revealed, its key). */
    metric(competitionId: string) {
      return client.request<scoring.responses.CompetitionMetric | null>('/leaderboard/metric', {
        data: { competitionId } satisfies scoring.requests.CompetitionQuery,
        silent: true,
      });
    },
    /** The published ground truth (decision 0031); a refusal when the organiser keeps it. */
    groundTruth(competitionId: string) {
      return client.download('/leaderboard/groundTruth', {
        data: { competitionId } satisfies scoring.requests.CompetitionQuery,
        silent: true,
      });
    },
    /** My submitted file, as the platform kept it. */
    submissionFile(submissionId: string) {
      return client.download('/submission/file', {
        data: { submissionId } satisfies scoring.requests.SubmissionQuery,
        silent: true,
      });
    },
    scoreRecord(submissionId: string) {
      return client.request<ScoreRecord>('/submission/scoreRecord', {
        data: { submissionId } satisfies scoring.requests.SubmissionQuery,
        silent: true,
      });
    },
  };
}

export type TransparencyApi = ReturnType<typeof createTransparencyApi>;
