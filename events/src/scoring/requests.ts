/**
 * Request bodies of scoring's JSON routes, shared by the route (which validates with them) and the
 * clients (portal, CLI), which infer their types from them (issue 20). Multipart forms are described by
 * their routes.
 */
import { z } from 'zod';
import { reasonField } from '../requests.ts';
import { ladderStep } from './board-options.ts';
import { baselineDescription, baselineName } from './baselines.ts';
import { writeUpBody, writeUpLimits, writeUpTitle } from './writeups.ts';

/** `POST /api/submission/container`: `username` and `password` only for a private registry. */
export const containerSubmission = z.object({
  competitionId: z.uuid(),
  image: z.string().max(1000),
  username: z.string().max(1000).optional(),
  password: z.string().max(1000).optional(),
  /** Default `/app/run.sh`. */
  configPath: z.string().max(1000).optional(),
  /** Stop the team's unfinished previous run (40020 otherwise). */
  confirmStop: z.boolean().optional(),
  /** The submitter's message (issue 22): trimmed, ≤ 500 characters (40033 beyond). */
  description: z.string().max(10_000).optional(),
  /** A smoke run (decision 0049): on the smoke split, full log, none of the day's allowance, never ranked. */
  smoke: z.boolean().optional(),
});
export type ContainerSubmission = z.input<typeof containerSubmission>;

/** `GET /api/submission/{mine,remaining,myScore,sample,sample/info,final}`, `/api/leaderboard/metric`. */
export const competitionQuery = z.object({ competitionId: z.uuid() });
export type CompetitionQuery = z.input<typeof competitionQuery>;

/** `GET /api/submission/file`, `/api/submission/scoreRecord`. */
export const submissionQuery = z.object({ submissionId: z.uuid() });
export type SubmissionQuery = z.input<typeof submissionQuery>;

/** `POST /api/submission/cancel`. */
export const cancelSubmission = z.object({ submissionId: z.uuid() });
export type CancelSubmission = z.input<typeof cancelSubmission>;

/** How many submissions a team may choose for the private leaderboard. */
export const finalSelectionMax = 2;

/** `POST /api/submission/selectFinal`: `[]` = the default (the 2 best public). */
export const selectFinal = z.object({
  competitionId: z.uuid(),
  submissionIds: z.array(z.uuid()).max(finalSelectionMax),
  phase: z.string().max(40).optional(),
});
export type SelectFinal = z.input<typeof selectFinal>;

/** The largest page of a leaderboard. */
export const boardPageSizeMax = 100;
/** A past time (ISO 8601) the board is asked as of (decision 0019). */
const asOf = z.string().max(40).optional();
const boardPaging = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(boardPageSizeMax).default(50),
};

/** `GET /api/leaderboard/public` (`asOf` needs a signed-in caller). */
export const publicBoardQuery = z.object({
  competitionId: z.uuid(),
  phase: z.string().optional(),
  ...boardPaging,
  asOf,
});
export type PublicBoardQuery = z.input<typeof publicBoardQuery>;

/** A phase's board without the as-of time (the private board's page, the live cache's key). */
export const boardQuery = z.object({
  competitionId: z.uuid(),
  phase: z.string().max(40).optional(),
  ...boardPaging,
});
/** `GET /api/leaderboard/private`. */
export const privateBoardQuery = boardQuery.extend({ asOf });
export type PrivateBoardQuery = z.input<typeof privateBoardQuery>;

/* The operators' calls (console). */

/**
 * A phase named explicitly (`phaseRequired` when it is missing or empty): there is no default phase for
 * publishing or rescoring (issue 19).
 */
export const phaseField = z.string({ error: 'phaseRequired' }).trim().min(1, 'phaseRequired').max(40);

/** `POST /api/admin/submissions/rescore`: one phase, or every phase with `allPhases: true`. */
export const rescoreAll = z.object({
  competitionId: z.uuid(),
  phase: z.string().trim().min(1, 'phaseRequired').max(40).optional(),
  allPhases: z.literal(true).optional(),
});
export type RescoreAll = z.input<typeof rescoreAll>;

/** `POST /api/admin/submissions/:id/disqualify`, `/api/admin/signals/:id/dismiss`. */
export const reasonBody = z.object({ reason: reasonField });
export type ReasonBody = z.input<typeof reasonBody>;

/** `POST /api/admin/leaderboard/disqualifyTeam`. */
export const disqualifyTeam = z.object({
  competitionId: z.uuid(),
  teamId: z.string().min(1).max(100),
  reason: reasonField,
});
export type DisqualifyTeam = z.input<typeof disqualifyTeam>;

/**
 * `POST /api/admin/leaderboard/publish`; also the query of `GET /api/admin/leaderboard/seal` and the
 * body of a seal's steps (with a `reason`: `phaseReason`).
 */
export const phaseBody = z.object({ competitionId: z.uuid(), phase: phaseField });
export type PhaseBody = z.input<typeof phaseBody>;
export const phaseReason = phaseBody.extend({ reason: reasonField });
export type PhaseReason = z.input<typeof phaseReason>;

/**
 * `POST /api/admin/leaderboard/options` (decision 0045): a phase's public board options. `ladderStep`:
 * the Ladder's step η in the metric's units (null: the Ladder off); `blind`: participants see no public score.
 */
export const boardOptionsBody = phaseReason.extend({
  ladderStep: ladderStep.nullable(),
  blind: z.boolean(),
  /**
   * The organiser-chosen order's first steps (issue 37): `score` or `scores.<metric>` (a secondary metric
   * of the ground truth in force), each once; null, absent or empty: the usual order.
   */
  order: z.array(z.string().max(80)).max(20).nullable().optional(),
});
export type BoardOptionsBody = z.input<typeof boardOptionsBody>;

/** `POST /api/admin/signals/:id/disqualify`: a team the signal names. */
export const disqualifySignalTeam = z.object({ teamId: z.string().min(1).max(100), reason: reasonField });
export type DisqualifySignalTeam = z.input<typeof disqualifySignalTeam>;

/**
 * `POST /api/admin/leaderboard/baselines` (decision 0050): the multipart form's text fields beside its
 * `file` (a result file as a submission's, `id,<target>`).
 */
export const addBaselineFields = z.object({
  competitionId: z.uuid(),
  phase: phaseField,
  name: baselineName,
  description: baselineDescription.default(''),
});
export type AddBaselineFields = z.input<typeof addBaselineFields>;

/** `POST /api/admin/leaderboard/baselines/remove`: a baseline of a phase, and the reason. */
export const removeBaseline = phaseReason.extend({ baselineId: z.uuid() });
export type RemoveBaseline = z.input<typeof removeBaseline>;

/** `PUT /api/admin/smoke-split` (decision 0049): the file of the competition's smoke split; null turns smoke runs off. */
export const smokeSplit = z.object({
  competitionId: z.uuid(),
  fileId: z.uuid().nullable(),
  /** Smoke runs a team may make a day (default 3). */
  perDay: z.number().int().min(1).max(50).optional(),
});
export type SmokeSplit = z.input<typeof smokeSplit>;

/**
 * `POST /api/admin/leaderboard/writeups/open` (decision 0047): write-ups of a published phase, for the
 * teams ranked 1…`places` on its sealed private board, until `deadline`. Sent again: new places or deadline.
 */
export const openWriteUps = phaseBody.extend({
  places: z.number().int().min(1).max(writeUpLimits.placesMax).default(writeUpLimits.defaultPlaces),
  deadline: z.iso.datetime({ offset: true }),
});
export type OpenWriteUps = z.input<typeof openWriteUps>;

/** `POST /api/submission/writeup`: the multipart form's text fields beside up to three `file` parts. */
export const writeUpFields = z.object({
  competitionId: z.uuid(),
  phase: phaseField,
  title: writeUpTitle,
  body: writeUpBody,
});
export type WriteUpFields = z.input<typeof writeUpFields>;

/** `POST /api/admin/leaderboard/writeups/hide`: a team's write-up of a phase, and the reason. */
export const hideWriteUp = phaseReason.extend({ teamId: z.string().min(1).max(100) });
export type HideWriteUp = z.input<typeof hideWriteUp>;

/** `GET /api/leaderboard/writeups/one?writeUpId=` and `…/file?writeUpId=&fileId=`. */
export const writeUpQuery = z.object({ writeUpId: z.uuid() });
export const writeUpFileQuery = writeUpQuery.extend({ fileId: z.uuid() });
