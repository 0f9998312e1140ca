import { competition } from '@sais/events';
import { z } from 'zod';

export const paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const listQuery = paging.extend({
  status: z.enum(['Not Started', 'Active', 'Completed']).optional(),
  type: z.enum(competition.competitionTypes).optional(),
  season: z.string().max(40).optional(),
  /** Words to find in the title or description, in either language (case-insensitive). */
  search: z.string().trim().max(100).optional(),
});

export const phaseBody = z.object({
  phase: z.enum(competition.phaseNames),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});

export const createBody = competition.CompetitionSettings.extend({
  /** What participants may submit: result files and/or container images; result files when omitted. */
  submissionKinds: competition.CompetitionSettings.shape.submissionKinds.default(['result-file']),
  phases: z.array(phaseBody).max(4).default([]),
});
export const updateBody = competition.CompetitionSettings.partial();

export const signUpBody = z.object({
  competitionId: z.uuid(),
  agreements: z.array(z.string().max(40)).max(10).default([]),
});

/** The console's competition list filter (ra-data-simple-rest): other keys, such as `id` or `q`, are ignored. */
export const adminListFilter = listQuery.pick({ status: true, type: true, season: true });

/** One section of the competition's page in both languages (Markdown; empty = not written). */
export const sectionBody = competition.SectionText;
/** Every section of the competition's page, as `GET /api/race/content` answers it. */
export const contentView = z.object({
  competitionId: z.uuid(),
  sections: z.object(
    Object.fromEntries(
      competition.contentSections.map((section) => [section, competition.SectionText]),
    ) as Record<competition.ContentSection, typeof competition.SectionText>,
  ),
});
/** A competition as the console lists it: `id` (ra-data-simple-rest) beside `competitionId`. */
export const adminCompetition = competition.responses.competitionView.extend({ id: z.string() });
