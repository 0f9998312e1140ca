/**
 * What the competition calls answer (the `data` of their `{ code, message, data }`): the routes'
 * response schemas (they feed OpenAPI at /api/docs/json and the answer's serialization) and the types
 * of the `sais` client. Plain types, not the input rules: an answer is never refused for its contents.
 */
import { z } from 'zod';
import { CompetitionSettings, phaseNames } from './competition.ts';
import { phaseRunLimits } from './run-limits.ts';

/** A phase's window, its operator override and when an operator opened it (if one did). */
export const phaseView = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  override: z.enum(['open', 'closed']).nullable(),
  openedAt: z.string().optional(),
  /**
   * The limits of the phase's container runs (decision 0044): the operator's, else the runners' defaults.
   * Shown to participants before they submit.
   */
  runLimits: phaseRunLimits
    .describe('time (s), memory (MB), CPUs, result size (MB) and GPUs of each container run in this phase')
    .optional(),
});
export type PhaseView = z.infer<typeof phaseView>;

/** A competition as listed: its settings, the phases it has, its status and the phase open now. */
export const competitionView = CompetitionSettings.extend({
  competitionId: z.string(),
  slug: z.string().describe('the unique short name (decision 0036); `sais` takes it wherever it takes an id'),
  phases: z.object(Object.fromEntries(phaseNames.map((name) => [name, phaseView.optional()]))) as z.ZodObject<
    Record<(typeof phaseNames)[number], z.ZodOptional<typeof phaseView>>
  >,
  status: z.enum(['Not Started', 'Active', 'Completed']),
  currentPhase: z.enum(phaseNames).nullable(),
  /** How many participants signed up (the list's cards show it, issue 35). */
  entrants: z.number().int().nonnegative(),
  /** How many teams are formed (disbanded and dissolved ones not counted; competition_teams). */
  teams: z.number().int().nonnegative(),
  /**
   * Whether sign-up is open now (issue 30, `registrationAt`): open (until when, if scheduled), not open
   * yet (from when, if scheduled), or closed. The portal offers sign-up only while it is open.
   */
  registration: z.discriminatedUnion('state', [
    z.object({ state: z.literal('open'), closesAt: z.string().nullable() }),
    z.object({ state: z.literal('notYetOpen'), opensAt: z.string().nullable() }),
    z.object({ state: z.literal('closed') }),
  ]),
});
export type CompetitionView = z.infer<typeof competitionView>;

/** `GET /api/race/list`. */
export const competitionPage = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  records: z.array(competitionView),
});
export type CompetitionPage = z.infer<typeof competitionPage>;

/** `GET /api/race/detail`: with whether the caller signed up. */
export const competitionDetail = competitionView.extend({ signedUp: z.boolean() });
export type CompetitionDetail = z.infer<typeof competitionDetail>;

/** `GET /api/race/userRaceList`: the caller's competitions, with when they signed up. */
export const myCompetitionPage = competitionPage.extend({
  records: z.array(competitionView.extend({ signedUpAt: z.string() })),
});
export type MyCompetitionPage = z.infer<typeof myCompetitionPage>;

/** A documentation file or dataset of a competition. */
export const competitionFile = z.object({
  fileId: z.string(),
  kind: z.enum(['document', 'dataset']),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  sha256: z.string(),
});

/**
 * `GET /api/race/files`: with whether the caller may download each (documents after sign-up, datasets when
 * verified). `hidden` only in operators' answers (decision 0032): participants never get a hidden dataset.
 */
export const competitionFileView = competitionFile.extend({
  downloadable: z.boolean(),
  hidden: z
    .boolean()
    .optional()
    .describe('for operators: hidden from participants, mounted in container runs'),
});
export type CompetitionFileView = z.infer<typeof competitionFileView>;
