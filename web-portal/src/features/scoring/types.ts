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

/** While Waiting or Evaluating: the place in the competition's queue and estimated times (decision 0020). */
export type QueuePlace = scoring.responses.QueuePlace;

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

// The answers' types come from the routes' own response schemas (events/src/scoring/responses.ts).
export type Remaining = scoring.responses.RemainingSubmissions;
export type UploadResult = scoring.responses.SubmissionReceived;
export type LeaderboardRow = scoring.responses.BoardRow;
/** The seal of a phase's final results: a digest of the private board's canonical text. */
export type Seal = scoring.responses.BoardSeal;
export type LeaderboardPage = scoring.responses.LeaderboardPage;
export type PrivateLeaderboardPage = scoring.responses.PrivateLeaderboardPage;
/** Per phase: the submissions that go to the private leaderboard (the team's choice or the default). */
export type FinalSelection = scoring.responses.FinalSelection;
export type MyScore = scoring.responses.MyScore;
