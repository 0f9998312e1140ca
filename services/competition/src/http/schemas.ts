import { competition } from '@sais/events';
import { z } from 'zod';

// What the competition calls take lives in `@sais/events` (`competition.requests`), shared with the
// portal, the console and the `sais` client (issue 20).
export const {
  paging,
  listQuery,
  competitionQuery,
  slugQuery,
  fileQuery,
  phaseBody,
  createCompetition: createBody,
  updateCompetition: updateBody,
  signUp: signUpBody,
  sectionBody,
} = competition.requests;

/** The console's competition list filter (ra-data-simple-rest): other keys, such as `id` or `q`, are ignored. */
export const adminListFilter = listQuery.pick({ status: true, type: true, season: true });
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
