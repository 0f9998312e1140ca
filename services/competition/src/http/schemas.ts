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
});

export const phaseBody = z.object({
  phase: z.enum(competition.phaseNames),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});

export const createBody = competition.CompetitionSettings.extend({
  phases: z.array(phaseBody).max(4).default([]),
});
export const updateBody = competition.CompetitionSettings.partial();

export const signUpBody = z.object({
  competitionId: z.uuid(),
  agreements: z.array(z.string().max(40)).max(10).default([]),
});

/** ra-data-simple-rest list parameters: JSON arrays/objects in the query string. */
export const simpleRestQuery = z.object({
  sort: z.string().optional(),
  range: z.string().optional(),
  filter: z.string().optional(),
});

export function parseSimpleRest(query: z.infer<typeof simpleRestQuery>) {
  const json = <T>(text: string | undefined, fallback: T): T => {
    if (!text) return fallback;
    try {
      return JSON.parse(text) as T;
    } catch {
      return fallback;
    }
  };
  const [from, to] = json<[number, number]>(query.range, [0, 24]);
  const filter = json<Record<string, string>>(query.filter, {});
  return {
    from: Math.max(0, from),
    to: Math.max(from, Math.min(to, from + 99)),
    filter,
    sort: json<[string, 'ASC' | 'DESC']>(query.sort, ['createdAt', 'ASC']),
  };
}
