import type { ApiClient } from '../../api/client';
import type { LeaderboardPage, MyScore, Remaining, Submission, UploadResult } from './types';

/** The scoring calls of the portal, on any API client (the app's, or a test's). */
export function createScoringApi(client: ApiClient) {
  return {
    /** POST /submission/upload (multipart competitionId + file); answers "Submit success". */
    upload(competitionId: string, file: File) {
      const form = new FormData();
      form.append('competitionId', competitionId);
      form.append('file', file, file.name);
      return client.request<UploadResult>('/submission/upload', { method: 'POST', data: form });
    },
    mine(competitionId: string) {
      return client.request<Submission[]>('/submission/mine', { data: { competitionId } });
    },
    remaining(competitionId: string) {
      return client.request<Remaining>('/submission/remaining', { data: { competitionId } });
    },
    /** GET /submission/file: my submitted file's bytes. */
    file(submissionId: string) {
      return client.download('/submission/file', { data: { submissionId } });
    },
    myScore(competitionId: string) {
      return client.request<MyScore>('/submission/myScore', { data: { competitionId } });
    },
    leaderboard(competitionId: string, page: number, pageSize: number) {
      return client.request<LeaderboardPage>('/leaderboard/public', {
        data: { competitionId, page, pageSize },
      });
    },
  };
}

export type ScoringApi = ReturnType<typeof createScoringApi>;
