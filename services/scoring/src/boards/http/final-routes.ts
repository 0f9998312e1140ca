import { envelopeOf, ok, requestMetadata, requirePrincipal } from '@sais/kit/http';
import { scoring } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Standings } from '../standings.ts';
import type { Submissions } from '../../submissions/index.ts';

const R = scoring.responses;
const Q = scoring.requests;

/** The team's final submissions per phase (`/api/submission/{selectFinal,final}`): chosen, or the default. */
export async function finalSelectionRoutes(
  root: FastifyInstance,
  { submissions, standings }: { submissions: Submissions; standings: Standings },
) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['submission'];

  app.post(
    '/api/submission/selectFinal',
    {
      schema: {
        tags,
        summary:
          'Choose up to 2 Completed submissions of one phase for the private leaderboard ([] = default: the 2 best public)',
        body: Q.selectFinal,
        // null: the team has no submission in that phase yet (its empty choice is recorded all the same).
        response: { 200: envelopeOf(R.finalSelection.nullable()) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      const { competitionId, submissionIds, phase } = request.body;
      const teamId = await submissions.teamOf(competitionId, principal.accountId);
      return ok(
        await standings.selectFinal(
          { competitionId, teamId, accountId: principal.accountId, submissionIds, phase },
          requestMetadata(request, principal.accountId),
        ),
        'Modify success',
      );
    },
  );

  app.get(
    '/api/submission/final',
    {
      schema: {
        tags,
        summary: 'My team’s final submissions per phase: its own choice, or the default (2 best public)',
        querystring: Q.competitionQuery,
        response: { 200: envelopeOf(z.array(R.finalSelection)) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      const { competitionId } = request.query;
      return ok(
        await standings.finalSelection(
          competitionId,
          await submissions.teamOf(competitionId, principal.accountId),
        ),
      );
    },
  );
}
