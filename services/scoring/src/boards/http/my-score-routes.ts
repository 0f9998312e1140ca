import { envelopeOf, ok, requirePrincipal } from '@sais/kit/http';
import { scoring } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Leaderboards } from '../leaderboards.ts';
import type { Submissions } from '../../submissions/index.ts';

const R = scoring.responses;
const Q = scoring.requests;

/**
 * My team's place on the boards (`/api/submission/myScore`): its best public score and rank per phase,
 * its private ones once published, and its score history. A board read under the participant's
 * `/api/submission` prefix; it lives in boards/ so that submissions/ imports nothing of boards/.
 */
export async function myScoreRoutes(
  root: FastifyInstance,
  { submissions, leaderboards }: { submissions: Submissions; leaderboards: Leaderboards },
) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['submission'];

  app.get(
    '/api/submission/myScore',
    {
      schema: {
        tags,
        summary: 'My best public score, rank and score history',
        querystring: Q.competitionQuery,
        response: { 200: envelopeOf(R.myScore) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(
        await leaderboards.myScore(
          request.query.competitionId,
          await submissions.teamOf(request.query.competitionId, principal.accountId),
        ),
      );
    },
  );
}
