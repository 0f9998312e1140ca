import { type scoring, scoringCodes } from '@sais/events';
import { ApiError } from '../../api/ApiError';
import type { ApiClient } from '../../api/client';
import { type Progress, sendResultFile } from './uploadTransport';
import type {
  AnySubmission,
  ContainerRequest,
  FinalSelection,
  LeaderboardPage,
  MyScore,
  PrivateLeaderboardPage,
  Remaining,
  SampleInfo,
  UploadResult,
} from './types';

/** The server's answer when the team's previous container run is still going (HTTP 409). */
export const previousRunActiveCode = scoringCodes.previousRunStillRunning;
/** The private leaderboard is not published yet. */
export const privateLeaderboardHiddenCode = scoringCodes.privateLeaderboardHidden;
/** A blind phase's public board (decision 0045): the page says so instead of a notice. */
export const publicBoardBlindCode = scoringCodes.publicBoardBlind;

/** No ground truth yet, so no sample submission (40032). */
export const sampleUnavailableCode = scoringCodes.sampleSubmissionUnavailable;

/** A container submission: accepted, or held until the person confirms stopping the running one. */
export type ContainerOutcome =
  { outcome: 'submitted'; result: UploadResult } | { outcome: 'confirmStop'; message: string };

/** The scoring calls of the portal, on any API client (the app's, or a test's). */
export function createScoringApi(client: ApiClient) {
  return {
    /** A result file: multipart up to 8 MB, resumable (tus) above; answers "Submit success". */
    upload(competitionId: string, file: File, onProgress?: Progress, description?: string) {
      return sendResultFile(client, competitionId, file, onProgress, description);
    },
    /**
     * POST /submission/container. `previousRunStillRunning` (40020) is no error to show: it
     * comes back as `confirmStop` with the server's message, to ask before resending with
     * `confirmStop: true`.
     */
    async submitContainer(request: ContainerRequest): Promise<ContainerOutcome> {
      try {
        const result = await client.request<UploadResult>('/submission/container', {
          method: 'POST',
          data: request,
          handledCodes: [previousRunActiveCode],
        });
        return { outcome: 'submitted', result };
      } catch (error) {
        if (error instanceof ApiError && error.code === previousRunActiveCode)
          return { outcome: 'confirmStop', message: error.message };
        throw error;
      }
    },
    mine(competitionId: string) {
      return client.request<AnySubmission[]>('/submission/mine', {
        data: { competitionId } satisfies scoring.requests.CompetitionQuery,
      });
    },
    remaining(competitionId: string) {
      return client.request<Remaining>('/submission/remaining', {
        data: { competitionId } satisfies scoring.requests.CompetitionQuery,
      });
    },
    /** GET /submission/file: my submitted file's bytes. */
    file(submissionId: string) {
      return client.download('/submission/file', {
        data: { submissionId } satisfies scoring.requests.SubmissionQuery,
      });
    },
    /** GET /submission/sample: the sample submission (every test id, a placeholder value). */
    sample(competitionId: string) {
      return client.download('/submission/sample', {
        data: { competitionId } satisfies scoring.requests.CompetitionQuery,
      });
    },
    /**
     * GET /submission/sample/info: the same sample's size, columns and rows. 40032 (no ground truth
     * yet) is the caller's to say.
     */
    sampleInfo(competitionId: string) {
      return client.request<SampleInfo>('/submission/sample/info', {
        data: { competitionId } satisfies scoring.requests.CompetitionQuery,
        handledCodes: [sampleUnavailableCode],
      });
    },
    /** POST /submission/cancel: a waiting submission of my team; its allowance comes back. */
    cancel(submissionId: string) {
      return client.request<{ submissionId: string; status: 'Cancelled' }>('/submission/cancel', {
        method: 'POST',
        data: { submissionId } satisfies scoring.requests.CancelSubmission,
      });
    },
    myScore(competitionId: string) {
      return client.request<MyScore>('/submission/myScore', {
        data: { competitionId } satisfies scoring.requests.CompetitionQuery,
      });
    },
    leaderboard(competitionId: string, page: number, pageSize: number, options: { silent?: boolean } = {}) {
      return client.request<LeaderboardPage>('/leaderboard/public', {
        data: { competitionId, page, pageSize } satisfies scoring.requests.PublicBoardQuery,
        handledCodes: [publicBoardBlindCode],
        ...options,
      });
    },
    /** GET /leaderboard/private: rejects with 40009 (no notice) until the board is published. */
    privateLeaderboard(competitionId: string, page: number, pageSize: number, phase?: string) {
      return client.request<PrivateLeaderboardPage>('/leaderboard/private', {
        data: { competitionId, page, pageSize, phase } satisfies scoring.requests.PrivateBoardQuery,
        handledCodes: [privateLeaderboardHiddenCode],
      });
    },
    finalSelection(competitionId: string) {
      return client.request<FinalSelection[]>('/submission/final', {
        data: { competitionId } satisfies scoring.requests.CompetitionQuery,
      });
    },
    /** POST /submission/selectFinal: up to 2 submissions of a phase; [] returns to the default. */
    selectFinal(competitionId: string, phase: string, submissionIds: string[]) {
      return client.request<FinalSelection>('/submission/selectFinal', {
        method: 'POST',
        data: { competitionId, phase, submissionIds } satisfies scoring.requests.SelectFinal,
      });
    },
  };
}

export type ScoringApi = ReturnType<typeof createScoringApi>;
