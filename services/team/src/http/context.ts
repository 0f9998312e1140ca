import { type Authenticator, requestMetadata, requirePrincipal } from '@sais/kit/http';
import type { FastifyRequest } from 'fastify';
import type { Teams } from '../teams/commands.ts';
import type { TeamViews } from '../teams/views.ts';

export interface TeamHttp {
  teams: Teams;
  views: TeamViews;
}

/** Every team call needs a signed-in participant (401 / 403 envelopes otherwise). */
export const callerOf = (auth: Authenticator) => async (request: FastifyRequest) => {
  const principal = await requirePrincipal(auth, request, 'participant');
  return { me: principal.accountId, metadata: requestMetadata(request, principal.accountId) };
};
