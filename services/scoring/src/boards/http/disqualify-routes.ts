import { type StaffCall, envelopeOf, ok, staffArea } from '@sais/kit/http';
import { scoring } from '@sais/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Standings } from '../standings.ts';

/** A check the route makes before its handler, with the call its role check let in. */
type Guard = (request: FastifyRequest, staff: StaffCall) => Promise<void>;

/**
 * The operator's disqualification of a whole team (`/api/admin/leaderboard/disqualifyTeam`): the team
 * drops out of both leaderboards (`Standings.disqualifyTeam`). One area: registered as an encapsulated
 * plugin, its role check (operator, or admin) runs once per request, before anything is read; then the
 * sealed-results guard and the own-team guard (integrity/guards.ts, integrity/duties.ts), in that order.
 */
export async function disqualifyTeamRoutes(
  root: FastifyInstance,
  {
    standings,
    guards,
  }: {
    standings: Standings;
    guards: { sealedTeam: Guard; ownTeam: Guard };
  },
) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const staffOf = staffArea(root, auth, 'operator');
  // The OpenAPI document lists it with the operators' scoring calls, where it was before it moved (issue 34).
  const tags = ['admin: scoring'];

  app.post(
    '/api/admin/leaderboard/disqualifyTeam',
    {
      preHandler: async (request) => {
        for (const guard of [guards.sealedTeam, guards.ownTeam]) await guard(request, staffOf(request));
      },
      schema: {
        tags,
        summary:
          'Operator: disqualify a team of a competition with a reason (it drops out of both leaderboards)',
        body: scoring.requests.disqualifyTeam,
        response: {
          200: envelopeOf(
            z.object({ competitionId: z.string(), teamId: z.string(), disqualifiedReason: z.string() }),
          ),
        },
      },
    },
    async (request) => {
      const { metadata } = staffOf(request);
      const { competitionId, teamId } = request.body;
      return ok(await standings.disqualifyTeam(competitionId, teamId, request.body.reason, metadata));
    },
  );
}
