import type { scoring } from '@sais/events';

/** Shapes of the scoring service's participant calls (services/scoring/src/http/routes.ts). */
export const submissionStatuses = [
  'Waiting',
  'Invalid',
  'Evaluating',
  'Completed',
  'Failed',
  'Cancelled',
] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export type SubmissionKind = 'file' | 'container';
export type RunState = 'pulling' | 'running' | 'collecting';

export interface Submission {
  submissionId: string;
  /** `file` (a result file) or `container` (an image the platform runs); absent means `file`. */
  kind?: SubmissionKind;
  phase: string;
  fileName: string;
  status: SubmissionStatus;
  score: number | null;
  /** A container run's output, or an older submission's English log (shown as is). */
  log: string | null;
  /** Why the scorer refused the file: a key with parameters, shown in the reader's language (issue 21). */
  refusal?: scoring.FileRefusal | null;
  submittedAt: string;
  /** The submitter's message kept with it (issue 22); null or absent when none. */
  description?: string | null;
  /** While Waiting or Evaluating: the place in the competition's queue and estimated times (decision 0020). */
  queue?: QueuePlace | null;
}

export interface QueuePlace {
  /** 1: taken next; 0: being evaluated. */
  place: number;
  ahead: number;
  estimatedStart: string | null;
  estimatedFinish: string | null;
  basedOn: number;
}

/** A container-image submission (spec §3): the image, its config, and where its run is. */
export interface ContainerSubmission extends Omit<Submission, 'fileName'> {
  kind: 'container';
  fileName?: string | null;
  image: string;
  configPath: string | null;
  runState: RunState | null;
}

export type AnySubmission = Submission | ContainerSubmission;

export const isContainer = (submission: AnySubmission): submission is ContainerSubmission =>
  submission.kind === 'container';

/** POST /submission/container: `username` and `password` only for a private registry. */
export interface ContainerRequest {
  competitionId: string;
  image: string;
  username?: string;
  password?: string;
  configPath?: string;
  confirmStop?: boolean;
}

export interface Remaining {
  limit: number;
  used: number;
  remaining: number;
  /** The competition's day (YYYY-MM-DD) the allowance counts. */
  day: string;
  timeZone: string;
  refundsFailed: boolean;
  /** The exact header a result file needs, e.g. `id,yield`; null before the ground truth is set. */
  columns?: string | null;
  /** Files refused for their format today (they give their allowance back, up to `limit` a day). */
  formatRefusals?: { limit: number; used: number; remaining: number };
}

/** GET /submission/sample/info: the generated sample submission (decision 0020). */
export interface SampleInfo {
  name: string;
  size: number;
  /** `id` and the result file's target column. */
  columns: string[];
  /** One per test id. */
  rows: number;
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

/** The seal of a phase's final results: a digest of the private board's canonical text. */
export interface Seal {
  digest: string;
  algorithm: string;
  form: string;
  sealedAt: string;
}

export interface LeaderboardPage {
  phase: string | null;
  total: number;
  page: number;
  pageSize: number;
  records: LeaderboardRow[];
  seal?: Seal | null;
}

export interface PrivateLeaderboardPage extends LeaderboardPage {
  published: boolean;
  publishedAt: string | null;
}

/** Per phase: the submissions that go to the private leaderboard (the team's choice or the default). */
export interface FinalSelection {
  phase: string;
  default: boolean;
  submissions: { submissionId: string; fileName: string | null; score: number | null; submittedAt: string }[];
  selectedAt: string | null;
  /** The phase's private board is published: the choice can no longer change. */
  closed: boolean;
}

export interface MyScore {
  best: {
    phase: string;
    score: number;
    rank: number;
    /** Teams the phase ranks. */
    teams: number;
    metric: string;
    higherIsBetter: boolean;
    submittedAt: string;
  }[];
  history: { phase: string; score: number; submittedAt: string }[];
}
