// Who is calling, as types only, so that every floor may name them (decision 0042).
import type { identity, Role } from '@sais/events';
import type { FastifyRequest } from 'fastify';

/**
 * Who is calling: resolved from the session cookie, or from a personal access token
 * (`Authorization: Bearer`, decision 0019), by the identity service.
 */
export interface Principal {
  accountId: string;
  roles: Role[];
  /** Set when the call came with a personal access token: what it may do. */
  token?: { tokenId: string; scopes: identity.TokenScope[] };
}

export interface Authenticator {
  /** The signed-in caller, or null. Revoked sessions resolve to null at once. */
  principal(request: FastifyRequest): Promise<Principal | null>;
}
