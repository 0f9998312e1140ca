import type { scoring } from '@sais/events';

/** Shapes of the scoring service's participant calls (services/scoring/src/http/routes.ts). */
/** The statuses in the order the portal offers them as filters. */
export const submissionStatuses = [
  'Waiting',
  'Invalid',
  'Evaluating',
  'Completed',
  'Failed',
  'Cancelled',
] as const satisfies readonly scoring.responses.MySubmission['status'][];
export type SubmissionStatus = (typeof submissionStatuses)[number];

// The answers' types come from the routes' own response schemas (events/src/scoring/responses.ts).
type Mine = scoring.responses.MySubmission;
export type SubmissionKind = Mine['kind'];
export type RunState = NonNullable<Mine['runState']>;

/** One of my team's submissions (`GET /submission/mine`); `log` is a container run's output or an older English log. */
export type Submission = Omit<Mine, 'image' | 'configPath' | 'runState' | 'refusal'> & {
  /** Why the scorer refused the file: a key of the shared catalogue with its parameters (issue 21). */
  refusal: scoring.FileRefusal | null;
};

/** A container-image submission (spec §3): the image, its config, and where its run is. */
export type ContainerSubmission = Submission & {
  kind: 'container';
  image: string;
  configPath: string | null;
  runState: RunState | null;
};

export type AnySubmission = Submission | ContainerSubmission;

export const isContainer = (submission: AnySubmission): submission is ContainerSubmission =>
  submission.kind === 'container';

/** POST /submission/container: `username` and `password` only for a private registry. */
export type ContainerRequest = scoring.requests.ContainerSubmission;

export type Remaining = scoring.responses.RemainingSubmissions;
/** GET /submission/sample/info: the generated sample submission (decision 0020). */
export type SampleInfo = scoring.responses.SampleSubmissionInfo;
export type UploadResult = scoring.responses.SubmissionReceived;
export type LeaderboardRow = scoring.responses.BoardRow;
/** A published private board's row: with its public rank and the places it moved (the shake-up). */
export type PrivateBoardRow = scoring.responses.PrivateBoardRow;
/** The seal of a phase's final results: a digest of the private board's canonical text. */
export type Seal = scoring.responses.BoardSeal;
export type LeaderboardPage = scoring.responses.LeaderboardPage;
export type PrivateLeaderboardPage = scoring.responses.PrivateLeaderboardPage;
/** Per phase: the submissions that go to the private leaderboard (the team's choice or the default). */
export type FinalSelection = scoring.responses.FinalSelection;
export type MyScore = scoring.responses.MyScore;
