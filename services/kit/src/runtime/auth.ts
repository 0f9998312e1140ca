import type { Role } from '@sais/events';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, NotSignedInError } from '../errors.ts';

/** Who is calling: resolved from the session cookie by the identity service. */
export interface Principal {
  accountId: string;
  roles: Role[];
}

export interface Authenticator {
  /** The signed-in caller, or null. Revoked sessions resolve to null at once. */
  principal(request: FastifyRequest): Promise<Principal | null>;
}

/** Signed in, and (with `role`) holding that role or admin; else the 401 / 403 envelope. */
export async function requirePrincipal(
  auth: Authenticator,
  request: FastifyRequest,
  role?: Role,
): Promise<Principal> {
  const principal = await auth.principal(request);
  if (!principal) throw new NotSignedInError();
  if (role && !principal.roles.includes(role) && !principal.roles.includes('admin'))
    throw new ForbiddenError();
  return principal;
}

/**
 * Real mode, a service in its own process: asks the identity service who the cookie belongs to
 * (`GET /api/user/detail`), so a revoked session stops working in every service at once.
 */
export function remoteAuthenticator(identityUrl: string): Authenticator {
  return {
    async principal(request) {
      const cookie = request.headers.cookie;
      if (!cookie) return null;
      const response = await fetch(new URL('/api/user/detail', identityUrl), { headers: { cookie } });
      const body = (await response.json()) as { code: number; data?: { userId: string; roles: Role[] } };
      return body.code === 0 && body.data ? { accountId: body.data.userId, roles: body.data.roles } : null;
    },
  };
}

/**
 * Resolves each request's caller once: the write limits ask before the handler does, and the handler
 * then gets the same answer without a second session look-up.
 */
export function memoizedPerRequest(inner: Authenticator): Authenticator {
  const resolved = new WeakMap<FastifyRequest, Promise<Principal | null>>();
  return {
    principal(request) {
      let principal = resolved.get(request);
      if (!principal) resolved.set(request, (principal = inner.principal(request)));
      return principal;
    },
  };
}

/** When no identity service is reachable: every call is signed out. */
export const noAuthenticator: Authenticator = { principal: async () => null };
