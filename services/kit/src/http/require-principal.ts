import type { Role } from '@sais/events';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, NotSignedInError } from '../errors.ts';
import { tokenNotForStaff } from './access-tokens.ts';
import type { Authenticator, Principal } from './principal.ts';
import { assertStaffRoute } from './staff-routes.ts';

/** Signed in, and (with `role`) holding that role or admin; else the 401 / 403 envelope. */
export async function requirePrincipal(
  auth: Authenticator,
  request: FastifyRequest,
  role?: Role,
): Promise<Principal> {
  if (role) assertStaffRoute(request, role);
  const principal = await auth.principal(request);
  if (!principal) throw new NotSignedInError();
  // Staff calls are made signed in on the console, never with a token (decision 0019).
  if (role && role !== 'participant' && principal.token) throw tokenNotForStaff();
  if (role && !principal.roles.includes(role) && !principal.roles.includes('admin'))
    throw new ForbiddenError();
  return principal;
}
