import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@sais/events';
import { type Authenticator, requirePrincipal } from '@sais/kit';
import type { FastifyRequest } from 'fastify';
import type { Teams } from '../teams/commands.ts';
import type { TeamViews } from '../teams/views.ts';

export interface TeamHttp {
  auth: Authenticator;
  teams: Teams;
  views: TeamViews;
}

const correlationHeader = 'x-correlation-id';

/** Event metadata for a request: who, from where, and the flow it belongs to (same rules as identity). */
export function metadataOf(request: FastifyRequest, userId: string): EventMetadata {
  const given = request.headers[correlationHeader];
  const correlationId =
    typeof given === 'string' && /^[0-9a-f-]{36}$/i.test(given) ? given.toLowerCase() : randomUUID();
  return { actor: { userId, role: 'participant', ip: request.ip }, correlationId, causationId: null };
}

/** Every team call needs a signed-in participant (401 / 403 envelopes otherwise). */
export const callerOf = (auth: Authenticator) => async (request: FastifyRequest) => {
  const principal = await requirePrincipal(auth, request, 'participant');
  return { me: principal.accountId, metadata: metadataOf(request, principal.accountId) };
};
