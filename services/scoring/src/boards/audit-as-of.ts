import { ValidationError } from '@sais/kit/errors';
import type { AsOfReader } from '@sais/kit/platform';
import { z } from 'zod';
import { Leaderboards } from './leaderboards.ts';

const asOfQuery = z.object({
  competitionId: z.uuid(),
  phase: z.string().min(1).max(40).optional(),
  board: z.enum(['public', 'private']).default('public'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

/**
 * The leaderboard "as of" a time, for auditors: `GET /api/admin/audit/scoring/asof?projection=
 * scoring.leaderboard&at=<ISO time>&competitionId=&phase=&board=public|private&page=&pageSize=`. The kit
 * replays the projection up to `at` in a transaction that is rolled back; this reads the page from it.
 */
export const leaderboardAsOf: AsOfReader = async (trx, query) => {
  const parsed = asOfQuery.safeParse(query);
  if (!parsed.success)
    throw new ValidationError('invalidRequest', {
      data: { fields: parsed.error.issues.map((issue) => issue.path.join('.')) },
    });
  const { board, ...page } = parsed.data;
  return {
    board,
    ...(await new Leaderboards(trx).queryPage(
      board === 'private' ? 'private_leaderboard' : 'leaderboard',
      page,
    )),
  };
};
