import { identity } from '@sais/events';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Principal } from './principal.ts';

const codes = identity.tokenErrorCodes;

/** The personal access token of `Authorization: Bearer <token>`, or null (decision 0019). */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** What a call made with a token needs: a scope, or nothing (who am I), or it is not for tokens at all. */
export type TokenRequirement =
  | { kind: 'scope'; scope: identity.TokenScope }
  | { kind: 'any' }
  | { kind: 'staff' }
  | { kind: 'not-here' }
  | { kind: 'sign-out' };

// The matched route's pattern, not the raw address: `/api/%61dmin/…` or `/api//admin/…` reach the
// same route as `/api/admin/…` and must be classed as it is (the raw address only when no route matched).
const pathOf = (request: FastifyRequest) => request.routeOptions?.url ?? request.url.split('?')[0]!;

/**
 * The route classes of decision 0019: the staff's resources refuse tokens; managing tokens and the
 * account itself is for the website; GET/HEAD need `read` (who am I: any scope); writes under
 * /api/submission need `submit`, under /api/team (and signing up, /api/race/signUp) `team`; any
 * other write is for the website.
 */
export function tokenRequirement(request: FastifyRequest): TokenRequirement {
  const path = pathOf(request);
  // A staff route wherever it lives (`config.staff`, http/staff-routes.ts; issue 33).
  if (path.startsWith('/api/admin/') || path === '/api/admin' || request.routeOptions?.config?.staff)
    return { kind: 'staff' };
  if (path.startsWith('/api/user/tokens')) return { kind: 'not-here' };
  // Signing out ends a cookie session; a token is not one (decision 0030): said, whatever its scopes.
  if (path === '/api/user/logout') return { kind: 'sign-out' };
  // Resumable uploads (tus): asking where an upload stands (HEAD) is part of submitting it.
  if (path.startsWith('/api/submission/tus')) return { kind: 'scope', scope: 'submit' };
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
    return path === '/api/user/detail' ? { kind: 'any' } : { kind: 'scope', scope: 'read' };
  }
  if (path.startsWith('/api/submission/') || path === '/api/submission')
    return { kind: 'scope', scope: 'submit' };
  if (path.startsWith('/api/team/') || path === '/api/race/signUp') return { kind: 'scope', scope: 'team' };
  return { kind: 'not-here' };
}

export const tokenNotForStaff = () => new AppError(codes.tokenNotForStaff, 'tokenNotForStaff', 403);

/** Throws the refusal when `principal` came with a token that may not make this call. */
export function checkTokenUse(request: FastifyRequest, principal: Principal | null): void {
  if (!principal?.token) return;
  const requirement = tokenRequirement(request);
  switch (requirement.kind) {
    case 'any':
      return;
    case 'staff':
      throw tokenNotForStaff();
    case 'not-here':
      throw new AppError(codes.tokenNotHere, 'tokenNotHere', 403);
    case 'sign-out':
      throw new AppError(codes.tokenSignOutDoesNothing, 'tokenSignOutDoesNothing', 400);
    case 'scope':
      if (principal.token.scopes.includes(requirement.scope)) return;
      throw new AppError(codes.tokenScopeMissing, 'tokenScopeMissing', 403, {
        data: { requiredScope: requirement.scope, tokenScopes: principal.token.scopes },
      });
    default: {
      const never: never = requirement;
      throw new Error(`unknown requirement ${String(never)}`);
    }
  }
}
