/**
 * Request bodies and queries of competition's routes, shared by the routes (which validate with them)
 * and the clients (portal, console, CLI), which infer their types from them (issue 20). The file upload
 * (`POST /api/admin/competitions/:id/files`) is a multipart form described by its route.
 */
import { z } from 'zod';
import { CompetitionSettings, competitionSlug, competitionTypes, phaseNames } from './competition.ts';
import { SectionText } from './content.ts';
import { phaseRunLimits } from './run-limits.ts';

/** The largest page the lists answer. */
export const pageSizeMax = 100;

/** `GET /api/race/userRaceList` (and the start of every paged query). */
export const paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(pageSizeMax).default(20),
});

/** The statuses a competition list may be filtered by. */
export const competitionStatuses = ['Not Started', 'Active', 'Completed'] as const;
/** The longest search text of `GET /api/race/list`. */
export const searchMaxLength = 100;

/**
 * Orders of `GET /api/race/list` (decision 0036): created (oldest first), newest, prize (largest
 * first), deadline (the earliest end of the last scheduled phase first; none last), title (English).
 */
export const competitionSorts = ['created', 'newest', 'prize', 'deadline', 'title'] as const;

/** `GET /api/race/list`. */
export const listQuery = paging.extend({
  status: z.enum(competitionStatuses).optional(),
  type: z.enum(competitionTypes).optional(),
  season: z.string().max(40).optional(),
  /** Words to find in the title, slug or description, in either language (case-insensitive). */
  search: z.string().trim().max(searchMaxLength).optional(),
  /** The order (decision 0036); oldest first when left out. */
  sort: z.enum(competitionSorts).optional(),
});

/** `GET /api/race/detail`, `/api/race/files`, `/api/race/content`. */
export const competitionQuery = z.object({ competitionId: z.uuid() });
/** `GET /api/race/download`, `/api/race/preview`. */
export const fileQuery = z.object({ fileId: z.uuid() });

/** `POST /api/race/signUp`: the ids of the agreements accepted. */
export const signUp = z.object({
  competitionId: z.uuid(),
  agreements: z.array(z.string().max(40)).max(10).default([]),
});

/** `PUT /api/admin/competitions/:id/phases` (one phase's window; also part of a new competition). */
export const phaseBody = z.object({
  phase: z.enum(phaseNames),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});

/**
 * `PUT /api/admin/competitions/:id/phases/:phase/run-limits`: the phase's container-run limits (decision
 * 0044); the bounds are the runners' (refused with the field and its bound).
 */
export const runLimitsBody = phaseRunLimits;
export type RunLimitsBody = z.input<typeof runLimitsBody>;

/** `POST /api/admin/competitions`. */
export const createCompetition = CompetitionSettings.extend({
  /** What participants may submit: result files and/or container images; result files when omitted. */
  submissionKinds: CompetitionSettings.shape.submissionKinds.default(['result-file']),
  phases: z.array(phaseBody).max(4).default([]),
});
/** `PUT /api/admin/competitions/:id`: the settings to change (the slug is set once, at creation). */
export const updateCompetition = CompetitionSettings.omit({ slug: true }).partial();
/** `GET /api/race/bySlug`: a competition by its short name. */
export const slugQuery = z.object({ slug: competitionSlug });

/** `PUT /api/admin/competitions/:id/content/:section`: one section in both languages (Markdown). */
export const sectionBody = SectionText;

export type Paging = z.input<typeof paging>;
export type ListQuery = z.input<typeof listQuery>;
export type CompetitionQuery = z.input<typeof competitionQuery>;
export type SlugQuery = z.input<typeof slugQuery>;
export type FileQuery = z.input<typeof fileQuery>;
export type SignUp = z.input<typeof signUp>;
export type PhaseBody = z.input<typeof phaseBody>;
export type CreateCompetition = z.input<typeof createCompetition>;
export type UpdateCompetition = z.input<typeof updateCompetition>;
export type SectionBody = z.input<typeof sectionBody>;
