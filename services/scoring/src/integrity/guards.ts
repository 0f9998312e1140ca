import { type Authenticator, type StaffCall, staffCall } from '@sais/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Publications } from './publications.ts';
import type { Seals } from './seals.ts';

type Guard = (
  seals: Seals,
  request: FastifyRequest,
  operator: StaffCall,
  publications: Publications,
) => Promise<void>;

const params = (request: FastifyRequest) => request.params as { id: string };
const body = (request: FastifyRequest) =>
  request.body as { competitionId: string; phase?: string; teamId?: string };

/** The operators' calls that change or reveal a private ranking, and what each must pass first. */
const guards: Record<string, Guard> = {
  '/api/admin/submissions/:id/rescore': (seals, request) => seals.guardSubmission(params(request).id),
  '/api/admin/submissions/:id/disqualify': (seals, request) => seals.guardSubmission(params(request).id),
  '/api/admin/submissions/rescore': (seals, request) =>
    seals.guardPhases(body(request).competitionId, body(request).phase),
  '/api/admin/leaderboard/disqualifyTeam': (seals, request) =>
    seals.guardTeam(body(request).competitionId, body(request).teamId!),
  // Where two operators are needed, the direct publish is refused before anything is sealed (40041).
  '/api/admin/leaderboard/publish': async (seals, request, { accountId, metadata }, publications) => {
    await publications.requireOneOperator(body(request).competitionId);
    await seals.beforePublish(body(request).competitionId, body(request).phase!, accountId, metadata);
  },
};

/**
 * Sealed results stay sealed (decision 0008): a rescore or disqualification touching a published phase
 * is refused (40043), and publishing checks the ranking against its seal (40042), sealing first when
 * the phase was never sealed. Runs before the handlers of those routes, for operators only (anyone
 * else gets the handler's own 401/403).
 */
export function guardSealedResults(
  app: FastifyInstance,
  seals: Seals,
  auth: Authenticator,
  publications: Publications,
) {
  app.addHook('preHandler', async (request) => {
    const guard = request.method === 'POST' ? guards[request.routeOptions.url ?? ''] : undefined;
    if (!guard) return;
    const principal = await auth.principal(request);
    if (!principal) return;
    if (principal.roles.includes('operator') || principal.roles.includes('admin'))
      await guard(seals, request, staffCall(request, principal, 'operator'), publications);
  });
}
