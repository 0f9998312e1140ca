import { randomUUID } from 'node:crypto';
import type { EventMetadata, Role } from '@sais/events';
import { NotSignedInError } from '@sais/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ActiveSession, type Sessions, sessionCookie } from '../auth/sessions.ts';

const correlationHeader = 'x-correlation-id';

/** Event metadata for a request: who (if signed in), from where, and the flow it belongs to. */
export function metadataOf(
  request: FastifyRequest,
  userId: string | null = null,
  role: Role = 'participant',
): EventMetadata {
  const given = request.headers[correlationHeader];
  const correlationId =
    typeof given === 'string' && /^[0-9a-f-]{36}$/i.test(given) ? given.toLowerCase() : randomUUID();
  return { actor: { userId, role, ip: request.ip }, correlationId, causationId: null };
}

export async function currentSession(
  request: FastifyRequest,
  sessions: Sessions,
): Promise<ActiveSession | null> {
  return sessions.resolve(request.cookies[sessionCookie]);
}

export async function requireSession(request: FastifyRequest, sessions: Sessions): Promise<ActiveSession> {
  const session = await currentSession(request, sessions);
  if (!session) throw new NotSignedInError();
  return session;
}

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean) {
  reply.setCookie(sessionCookie, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(sessionCookie, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}
