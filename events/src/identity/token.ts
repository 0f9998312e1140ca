import { z } from 'zod';
import { defineEvent } from '../define.ts';

const aggregate = 'identity.token';

/**
 * What a personal access token may do (decision 0019): `read` every GET, `submit` the submission calls,
 * `team` the team calls. No scope reaches the staff's routes.
 */
export const tokenScopes = ['read', 'submit', 'team'] as const;
export const TokenScope = z.enum(tokenScopes);
export type TokenScope = z.infer<typeof TokenScope>;

/** The recognisable start of every personal access token's secret (secret scanners can look for it). */
export const tokenPrefix = 'sais_pat_';

/** Why a token was revoked: by its holder, or with every other token at a password change or reset. */
export const TokenRevokeReason = z.enum(['holder', 'password-changed', 'password-reset']);
export type TokenRevokeReason = z.infer<typeof TokenRevokeReason>;

// The secret is never in an event: the identity service keeps only its SHA-256 in a table.
export const TokenCreated = defineEvent({
  type: 'identity.TokenCreated',
  version: 1,
  meaning: 'The account holder created a personal access token for scripts and the command-line client.',
  aggregate,
  data: z.object({
    tokenId: z.uuid(),
    accountId: z.uuid(),
    name: z.string().min(1).max(60),
    scopes: z.array(TokenScope).min(1),
    expiresAt: z.iso.datetime(),
  }),
});

export const TokenRevoked = defineEvent({
  type: 'identity.TokenRevoked',
  version: 1,
  meaning:
    'A personal access token stopped working: its holder revoked it, or the account’s password was changed or reset (every live token then goes, as sessions do).',
  aggregate,
  data: z.object({
    tokenId: z.uuid(),
    accountId: z.uuid(),
    name: z.string().min(1).max(60),
    /** Why (issue 33): absent on older events and when the holder revoked it. */
    reason: TokenRevokeReason.optional(),
  }),
});

/**
 * Body codes of token refusals (10080–10089): in the shared package because the platform's kit checks
 * tokens on every service's routes, not only the identity service.
 */
export const tokenErrorCodes = {
  tokenInvalid: 10080,
  tokenRevoked: 10081,
  tokenExpired: 10082,
  tokenScopeMissing: 10083,
  tokenNotForStaff: 10084,
  tokenNotHere: 10085,
  tokenExpiryTooLong: 10086,
  tokenNotFound: 10087,
  /** Issue 35: signing out with a token does nothing; the answer says so and how to revoke it (decision 0030). */
  tokenSignOutDoesNothing: 10090,
} as const;
