/** Shapes of the scoring service's participant calls (services/scoring/src/http/routes.ts). */
export const submissionStatuses = ['Waiting', 'Invalid', 'Evaluating', 'Completed', 'Failed'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export interface Submission {
  submissionId: string;
  phase: string;
  fileName: string;
  status: SubmissionStatus;
  score: number | null;
  log: string | null;
  submittedAt: string;
}

export interface Remaining {
  limit: number;
  used: number;
  remaining: number;
  /** The competition's day (YYYY-MM-DD) the allowance counts. */
  day: string;
  timeZone: string;
  refundsFailed: boolean;
}

export interface UploadResult {
  submissionId: string;
  status: SubmissionStatus;
  remaining: number;
}

export interface LeaderboardRow {
  rank: number;
  teamId: string;
  teamName: string | null;
  participants: string[];
  organization: string | null;
  score: number;
  metric: string;
  submittedAt: string;
}

export interface LeaderboardPage {
  phase: string | null;
  total: number;
  page: number;
  pageSize: number;
  records: LeaderboardRow[];
}

export interface MyScore {
  best: { phase: string; score: number; rank: number; submittedAt: string }[];
  history: { phase: string; score: number; submittedAt: string }[];
}
