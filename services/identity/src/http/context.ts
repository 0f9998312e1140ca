import type { Role } from '@sais/events';
import { NotSignedInError, type StaffCall, assertStaffRoute, staffCall, tokenNotForStaff } from '@sais/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from '../accounts.ts';
import { type ActiveSession, type Sessions, sessionCookie } from '../auth/sessions.ts';

export async function currentSession(
  request: FastifyRequest,
  sessions: Sessions,
): Promise<ActiveSession | null> {
  // A personal access token wins over a cookie; its scope was checked before the route ran (kit).
  const token = await sessions.tokens.resolveRequest(request);
  if (token) return { sessionId: token.tokenId, accountId: token.accountId, token };
  return sessions.resolve(request.cookies[sessionCookie]);
}

export async function requireSession(request: FastifyRequest, sessions: Sessions): Promise<ActiveSession> {
  const session = await currentSession(request, sessions);
  if (!session) throw new NotSignedInError();
  return session;
}

/**
 * A staff call: signed in, the account enabled and holding `role` (or admin), else the 401 / 403
 * envelope; the role recorded on its events is the one that let them in.
 */
export async function requireStaffSession(
  request: FastifyRequest,
  { sessions, accounts }: { sessions: Sessions; accounts: Accounts },
  role: Role,
): Promise<StaffCall & { roles: Role[] }> {
  assertStaffRoute(request, role);
  const session = await requireSession(request, sessions);
  if (session.token) throw tokenNotForStaff();
  const account = await accounts.requireAccount(session, role);
  return {
    ...staffCall(request, { accountId: session.accountId, roles: account.roles }, role),
    roles: account.roles,
  };
}

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean) {
  reply.setCookie(sessionCookie, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(sessionCookie, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}
