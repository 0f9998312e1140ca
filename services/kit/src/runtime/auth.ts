import { identity, type Role } from '@sais/events';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Authenticator, Principal } from '../http/principal.ts';

/**
 * Real mode, a service in its own process: asks the identity service who the cookie belongs to
 * (`GET /api/user/detail`), so a revoked session stops working in every service at once.
 */
export function remoteAuthenticator(identityUrl: string): Authenticator {
  return {
    async principal(request) {
      const { cookie, authorization } = request.headers;
      if (!cookie && !authorization) return null;
      const response = await fetch(new URL('/api/user/detail', identityUrl), {
        headers: { ...(cookie ? { cookie } : {}), ...(authorization ? { authorization } : {}) },
      });
      const body = (await response.json()) as {
        code: number;
        data?: { userId: string; roles: Role[]; token?: Principal['token'] | null };
      };
      // A refused token is refused here with the same code and message (revoked, expired, invalid).
      const refusal = Object.entries(identity.tokenErrorCodes).find(([, code]) => code === body.code);
      if (refusal)
        throw new AppError(body.code, refusal[0] as keyof typeof identity.tokenErrorCodes, response.status);
      if (body.code !== 0 || !body.data) return null;
      const { userId, roles, token } = body.data;
      return token ? { accountId: userId, roles, token } : { accountId: userId, roles };
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
