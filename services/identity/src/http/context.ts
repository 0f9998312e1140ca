import type { Role } from '@sais/events';
import { NotSignedInError } from '@sais/kit/errors';
import { type StaffCall, assertStaffRoute, staffCall, tokenNotForStaff } from '@sais/kit/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
async function requireStaffSession(
  request: FastifyRequest,
  { sessions, accounts }: { sessions: Sessions; accounts: Accounts },
  role: Role,
): Promise<StaffSession> {
  assertStaffRoute(request, role);
  const session = await requireSession(request, sessions);
  if (session.token) throw tokenNotForStaff();
  const account = await accounts.requireAccount(session, role);
  return {
    ...staffCall(request, { accountId: session.accountId, roles: account.roles }, role),
    roles: account.roles,
  };
}

/** A staff call let in by `staffSessionArea`: with the roles the account holds. */
export type StaffSession = StaffCall & { roles: Role[] };

/**
 * An area of identity's staff routes (as the kit's `staffArea`, with identity's own session and account
 * checks): registered inside an encapsulated plugin, one `onRequest` hook checks every request of that
 * plugin's routes for `role` (or admin) before the body is read. The returned function gives a handler
 * the call the hook let in. Checks that depend on the data (not your own account) stay in the handlers.
 */
export function staffSessionArea(
  app: FastifyInstance,
  deps: { sessions: Sessions; accounts: Accounts },
  role: Role,
): (request: FastifyRequest) => StaffSession {
  const calls = new WeakMap<FastifyRequest, StaffSession>();
  app.addHook('onRequest', async (request) => {
    calls.set(request, await requireStaffSession(request, deps, role));
  });
  return (request) => {
    const call = calls.get(request);
    if (!call) throw new Error(`${request.routeOptions.url ?? request.url} is not in this ${role} area`);
    return call;
  };
}

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean) {
  reply.setCookie(sessionCookie, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(sessionCookie, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}
