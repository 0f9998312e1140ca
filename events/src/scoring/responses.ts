/**
 * What the scoring calls answer (the `data` of their `{ code, message, data }`): the routes' response
 * schemas (they feed OpenAPI at /api/docs/json and the answer's serialization) and the types of the
 * `sais` client. Plain types, not the input rules: an answer is never refused for its contents.
 */
import { z } from 'zod';
import { boardOrder } from '../board-order.ts';
import { sealForms } from '../seal.ts';
import { metricName } from './metrics.ts';
import { boardOptionsView } from './board-options.ts';
import { baselineRow } from './baselines.ts';
import { writeUpFile } from './writeups.ts';

export const submissionStatuses = [
  'Waiting',
  'Cancelled',
  'Evaluating',
  'Completed',
  'Invalid',
  'Failed',
] as const;
export const submissionStatus = z.enum(submissionStatuses);

/** `POST /api/submission/upload`, `POST /api/submission/container` and the tus upload's end: taken, waiting. */
export const submissionReceived = z.object({
  submissionId: z.string(),
  status: z.literal('Waiting'),
  /** Submissions left today. */
  remaining: z.number(),
  /** A smoke run (decision 0049): `remaining` is then the day's smoke runs left; absent otherwise. */
  smoke: z.literal(true).optional(),
});
export type SubmissionReceived = z.infer<typeof submissionReceived>;

/** `POST /api/submission/cancel`. */
export const submissionCancelled = z.object({ submissionId: z.string(), status: z.literal('Cancelled') });

/** Where a waiting submission stands in the evaluation queue, with estimates (null when unknown). */
export const queuePlace = z.object({
  place: z.number(),
  ahead: z.number(),
  estimatedStart: z.string().nullable(),
  estimatedFinish: z.string().nullable(),
  /** How many recent evaluations the estimates are based on. */
  basedOn: z.number(),
});
export type QueuePlace = z.infer<typeof queuePlace>;

/** One of my team's submissions (`GET /api/submission/mine`). */
/**
 * A scorer's refusal as answers carry it (issue 21): a key of `fileRefusalTexts` and the parameters its texts
 * use; `logText` beside it is the log rendered in the request's language.
 */
export const refusalView = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

export const mySubmission = z.object({
  submissionId: z.string(),
  kind: z.enum(['file', 'container']),
  phase: z.string(),
  fileName: z.string(),
  status: submissionStatus,
  score: z.number().nullable(),
  /**
   * Why `score` is null although the submission is Completed (decision 0045): its phase is blind, or has
   * the Ladder on (the team's score is the board's); null otherwise.
   */
  scoreHidden: z.enum(['blind', 'ladder']).nullable(),
  /** The private leaderboard's score: null until the phase's final results are published (decision 0036). */
  privateScore: z.number().nullable(),
  /**
   * Each secondary metric's scores (decision 0046), in the ground truth's order; absent when the submission
   * has none. Hidden as the primary's are: `score` null in a blind or Ladder phase, `privateScore` null
   * until the phase's final results are published.
   */
  scores: z
    .array(
      z.object({ metric: z.string(), score: z.number().nullable(), privateScore: z.number().nullable() }),
    )
    .optional(),
  log: z.string().nullable(),
  refusal: refusalView.nullable(),
  logText: z.string().nullable(),
  /**
   * The run had the competition's hidden datasets mounted (decision 0032): `log` is null, `logText` is a fixed
   * sentence saying so (with the verdict), quoted values in `refusal` are masked, the result file is not given.
   * `/api/submission/mine` always sends it; a reader treats it absent as false.
   */
  logWithheld: z.boolean().optional(),
  /** A smoke run (decision 0049): never scored, never ranked, its full log shown. Absent: false. */
  smoke: z.boolean().optional(),
  submittedAt: z.string(),
  /** The submitter's message with it (`-m`, the upload panel's field); null when none. */
  description: z.string().nullable(),
  queue: queuePlace.nullable(),
  /** Container submissions only. */
  image: z.string().optional(),
  configPath: z.string().nullable().optional(),
  runState: z.enum(['pulling', 'running', 'collecting']).nullable().optional(),
});
export type MySubmission = z.infer<typeof mySubmission>;

/** `GET /api/submission/remaining`: today's allowance, in the competition's time zone. */
export const remainingSubmissions = z.object({
  limit: z.number(),
  used: z.number(),
  remaining: z.number(),
  day: z.string(),
  timeZone: z.string(),
  refundsFailed: z.boolean(),
  /** The result file's header (`id,<target>`), once a ground truth is set. */
  columns: z.string().nullable(),
  formatRefusals: z.object({ limit: z.number(), used: z.number(), remaining: z.number() }),
  /**
   * Smoke runs (decision 0049): `available` false when the competition has no smoke split (or takes no
   * images); their own per-day cap, apart from the allowance. Absent from older servers.
   */
  smokeRuns: z
    .object({
      available: z.boolean(),
      /** The smoke split's file name (mounted at /saisdata/<name>); null when none. */
      file: z.string().nullable(),
      limit: z.number(),
      used: z.number(),
      remaining: z.number(),
    })
    .optional(),
});
export type RemainingSubmissions = z.infer<typeof remainingSubmissions>;

/** `GET /api/submission/sample/info`: what the generated sample submission holds, before downloading it. */
export const sampleSubmissionInfo = z.object({
  name: z.string(),
  /** Bytes of the CSV `GET /api/submission/sample` answers. */
  size: z.number(),
  /** Its header's columns: `id` and the ground truth's target. */
  columns: z.array(z.string()),
  /** Data rows: one per test id. */
  rows: z.number(),
});
export type SampleSubmissionInfo = z.infer<typeof sampleSubmissionInfo>;

/** `GET /api/submission/myScore`: my team's best public score and rank per phase, and its history. */
export const myScore = z.object({
  /** The reader's team on the boards (its rows' `teamId`): the portal marks that row (decision 0029). */
  teamId: z.string(),
  /** The team's rows of the published private boards (none before a phase's publication). */
  privateBest: z.array(
    z.object({ phase: z.string(), score: z.number(), rank: z.number(), teams: z.number() }),
  ),
  best: z.array(
    z.object({
      phase: z.string(),
      score: z.number(),
      rank: z.number(),
      teams: z.number(),
      metric: z.string(),
      higherIsBetter: z.boolean(),
      submittedAt: z.string(),
    }),
  ),
  history: z.array(z.object({ phase: z.string(), score: z.number(), submittedAt: z.string() })),
  /**
   * The phases with board options (decision 0045): a blind phase has no `best` and no `history` here, a
   * Ladder phase no `history` (its `best` is the Ladder's score).
   */
  boardOptions: z.array(z.object({ phase: z.string() }).extend(boardOptionsView.shape)),
});
export type MyScore = z.infer<typeof myScore>;

/** A leaderboard seal (decision 0008): SHA-256 of the ranking's canonical form. */
export const boardSeal = z.object({
  digest: z.string(),
  algorithm: z.literal('sha256'),
  /** v2: a board with secondary metric columns (decision 0046). */
  form: z.enum(sealForms),
  rows: z.number(),
  sealedAt: z.string(),
});
export type BoardSeal = z.infer<typeof boardSeal>;

export const boardRow = z.object({
  rank: z.number(),
  teamId: z.string(),
  teamName: z.string().nullable(),
  participants: z.array(z.string()),
  organization: z.string().nullable(),
  score: z.number(),
  metric: z.string(),
  /** When the row's submission (the team's best) was made: the chain's second step. */
  submittedAt: z.string(),
  /** The team's entries of the phase that count (scored, not disqualified), as Kaggle shows them. */
  entries: z.number().int(),
  /** The time of the team's last such entry. */
  lastEntryAt: z.string(),
  /**
   * The row's secondary scores by metric, in the board's column order (decision 0046); absent on a board
   * without secondary metrics, null on a row that has none (e.g. scored before they were set).
   */
  scores: z.record(z.string(), z.number()).nullable().optional(),
});
export type BoardRow = z.infer<typeof boardRow>;

/** `GET /api/leaderboard/public`: a page of a phase's public leaderboard (`phase` null: no phase yet). */
export const leaderboardPage = z.object({
  phase: z.string().nullable(),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  records: z.array(boardRow),
  /**
   * The board's order (decision 0029, `boardOrder`): its steps, each breaking the ties of those before,
   * the last a unique key; `higherIsBetter` is the metric's direction (null: no rows to tell).
   */
  order: z.object({
    /** `boardOrder`, with a `scores.<metric>` step per secondary column after `score` (decision 0046). */
    steps: z.array(z.union([z.enum(boardOrder), z.string().regex(/^scores\./)])),
    higherIsBetter: z.boolean().nullable(),
  }),
  /** The board's secondary metric columns in order (decision 0046); absent when it has none. */
  columns: z.array(z.object({ metric: z.string(), higherIsBetter: z.boolean() })).optional(),
  seal: boardSeal.nullable(),
  /**
   * The phase's public board options (decision 0045): `ladderStep` when the Ladder is on (scores are
   * shown rounded to it and move only by a step beaten), `blind` (only operators read such a board).
   */
  options: boardOptionsView,
  /**
   * The phase's baselines on this page (decision 0050), best first: not ranked, not in `total`, each
   * placed after its `teamsAhead` team rows (`withBaselines` interleaves them for reading).
   */
  baselines: z.array(baselineRow),
  /**
   * Only in an answer for `asOf` (decision 0019): the time the board is as of, the asked one rounded down
   * to the minute; `seal` is then null (a seal is of today's ranking).
   */
  asOf: z.string().optional(),
});
export type LeaderboardPage = z.infer<typeof leaderboardPage>;

/**
 * A private board's row with the shake-up (decision 0029): the team's rank on the public board of the
 * phase and the places it moved (`publicRank − rank`: positive climbed, negative fell); null when the
 * team has no public row.
 */
export const privateBoardRow = boardRow.extend({
  publicRank: z.number().int().nullable(),
  rankChange: z.number().int().nullable(),
});
export type PrivateBoardRow = z.infer<typeof privateBoardRow>;

/** `GET /api/leaderboard/private`: the same, with whether (and when) it was published, and the shake-up. */
export const privateLeaderboardPage = leaderboardPage.extend({
  records: z.array(privateBoardRow),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type PrivateLeaderboardPage = z.infer<typeof privateLeaderboardPage>;

/** A team's final submissions of one phase (`GET /api/submission/final` lists them, `selectFinal` answers one). */
export const finalSelection = z.object({
  phase: z.string(),
  /** True when the team chose none: the two best public ones count. */
  default: z.boolean(),
  submissions: z.array(
    z.object({
      submissionId: z.string(),
      fileName: z.string(),
      score: z.number().nullable(),
      submittedAt: z.string(),
    }),
  ),
  selectedAt: z.string().nullable(),
  /** Final selections close when the phase's private leaderboard is published. */
  closed: z.boolean(),
});
export type FinalSelection = z.infer<typeof finalSelection>;

/**
 * A ground truth's commitment, as participants see it (decision 0024): set at a time, to a file
 * (sha256), a split (the SHA-256 of its secret key) and a scorer (its version), signed into the scoring
 * log's checkpoints with its event; `splitKey` is the key itself once final results are published (so
 * anyone can recompute which ids were private), null before.
 */
export const groundTruthCommitment = z.object({
  eventId: z.string(),
  setAt: z.string(),
  sha256: z.string(),
  rows: z.number().int(),
  publicRows: z.number().int(),
  /** Absent for a ground truth set before keyed splits. */
  publicPercent: z.number().int().nullable(),
  splitKeySha256: z.string().nullable(),
  scorerVersion: z.string().nullable(),
  splitKey: z.string().nullable(),
  /** The organiser chose, when setting it, to publish the file with the split key (decision 0031). */
  revealsGroundTruth: z.boolean(),
  /** The secondary metrics it is scored by too (decision 0046); absent when none. */
  secondaryMetrics: z.array(metricName).optional(),
  /** The file is published (`GET /api/leaderboard/groundTruth`): chosen, and every phase's results published. */
  groundTruthRevealed: z.boolean(),
});
export type GroundTruthCommitment = z.infer<typeof groundTruthCommitment>;

/** `GET /api/leaderboard/metric`: how a competition is scored; null before its ground truth is set. */
export const competitionMetric = z.object({
  metric: metricName,
  /** The registry's direction (services/scoring/src/evaluation/metrics.ts). */
  higherIsBetter: z.boolean(),
  /** Test ids in the ground truth, and how many of them the public leaderboard is scored on. */
  rows: z.number().int(),
  publicRows: z.number().int(),
  /** Every ground truth set for the competition, oldest first: the last is in force. */
  commitments: z.array(groundTruthCommitment),
});
export type CompetitionMetric = z.infer<typeof competitionMetric>;

/** `GET /api/admin/leaderboard/baselines`: a competition's baselines, every phase (decision 0050). */
export const baselineRecord = z.object({
  baselineId: z.string(),
  competitionId: z.string(),
  phase: z.string(),
  name: z.string(),
  description: z.string(),
  metric: z.string(),
  publicScore: z.number(),
  privateScore: z.number(),
  /** Each secondary metric's scores (decision 0046); absent without them. */
  scores: z
    .array(z.object({ metric: z.string(), publicScore: z.number(), privateScore: z.number() }))
    .optional(),
  fileSha256: z.string(),
  groundTruthSha256: z.string(),
  addedBy: z.string(),
  addedAt: z.string(),
});
export type BaselineRecord = z.infer<typeof baselineRecord>;

/** `GET|PUT /api/admin/smoke-split` (decision 0049): the competition's smoke split (null: none) and daily cap. */
export const smokeSplit = z.object({
  competitionId: z.string(),
  fileId: z.string().nullable(),
  perDay: z.number(),
});
export type SmokeSplit = z.infer<typeof smokeSplit>;

/** A write-up as the competition's page lists it (decision 0047); `hiddenReason` for operators only. */
export const writeUpSummary = z.object({
  writeUpId: z.string(),
  phase: z.string(),
  teamId: z.string(),
  teamName: z.string().nullable(),
  rank: z.number().int(),
  title: z.string(),
  bodySha256: z.string(),
  /** The seal of the published board that places the team (its digest, as the board's seal shows). */
  sealDigest: z.string(),
  files: z.array(writeUpFile),
  submittedAt: z.string(),
  /** The event that recorded it, for its inclusion proof (`/api/transparency/scoring/proof`). */
  eventId: z.string(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
});
export type WriteUpSummary = z.infer<typeof writeUpSummary>;

/** `GET /api/leaderboard/writeups?competitionId=`: every opened phase with its write-ups. */
export const writeUpPhases = z.array(
  z.object({
    phase: z.string(),
    places: z.number().int(),
    deadline: z.string(),
    sealDigest: z.string(),
    writeUps: z.array(writeUpSummary),
  }),
);
export type WriteUpPhases = z.infer<typeof writeUpPhases>;

/** `GET /api/leaderboard/writeups/one?writeUpId=`: with the Markdown body and the event's hash. */
export const writeUpDetail = writeUpSummary.extend({
  competitionId: z.string(),
  body: z.string(),
  eventHash: z.string().nullable(),
});
export type WriteUpDetail = z.infer<typeof writeUpDetail>;
