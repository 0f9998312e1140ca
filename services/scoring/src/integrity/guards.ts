import type { FastifyRequest } from 'fastify';
import type { RouteGuard } from '../http/admin/routes.ts';
import type { Publications, Seals } from '../boards/index.ts';

const params = (request: FastifyRequest) => request.params as { id: string };
const body = (request: FastifyRequest) =>
  request.body as { competitionId: string; phase?: string; teamId?: string };

/**
 * Sealed results stay sealed (decision 0008): a rescore or disqualification touching a published phase
 * is refused (40043), and publishing checks the ranking against its seal (40042), sealing first when
 * the phase was never sealed; where two operators are needed, the direct publish is refused before
 * anything is sealed (40041). Each is the `preHandler` of the operators' routes it guards
 * (http/admin/routes.ts; the publish: boards/http/publication-routes.ts; a team's disqualification:
 * boards/http/disqualify-routes.ts), which run only for operators.
 */
export function sealedResultsGuards(seals: Seals, publications: Publications) {
  return {
    sealedSubmission: (request) => seals.guardSubmission(params(request).id),
    sealedPhases: (request) => seals.guardPhases(body(request).competitionId, body(request).phase),
    sealedTeam: (request) => seals.guardTeam(body(request).competitionId, body(request).teamId!),
    beforePublish: async (request, { accountId, metadata }) => {
      await publications.requireOneOperator(body(request).competitionId);
      // Final means final (issue 30): only once the phase has ended and its board stands still; publishing
      // again (already published) answers as before.
      if (!(await seals.isPublished(body(request).competitionId, body(request).phase!)))
        await publications.requirePublishable(body(request).competitionId, body(request).phase!);
      await seals.beforePublish(body(request).competitionId, body(request).phase!, accountId, metadata);
    },
  } satisfies Record<string, RouteGuard>;
}
