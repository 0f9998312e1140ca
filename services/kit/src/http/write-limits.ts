import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { errorCodes } from '@sais/events';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors.ts';
import { bearerOf } from './access-tokens.ts';
import { addRouteHook, changesState, routeWrites } from './security.ts';

/** Calls per minute a participant may make that append events: per account and per client address. */
export interface WriteLimits {
  perAccount: number;
  perAddress: number;
  /** Every call (reads too) made with one personal access token (decision 0019); 0 or absent: none. */
  perToken?: number;
  /** The window of `perToken`, in seconds (60: per minute). */
  tokenWindowSeconds?: number;
}

/**
 * `SAIS_RATE_LIMIT_ACCOUNT` / `SAIS_RATE_LIMIT_ADDRESS` (per minute; 0 turns that limit off). The
 * address limit is higher: a campus or office shares one address. `SAIS_RATE_LIMIT_TOKEN` counts every
 * call of one personal access token per `SAIS_RATE_LIMIT_TOKEN_WINDOW_SECONDS` (120 per 60 s).
 */
export function writeLimitsFrom(env: NodeJS.ProcessEnv): WriteLimits {
  const read = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0)
      throw new Error(`${name} must be a whole number (per minute)`);
    return parsed;
  };
  return {
    perAccount: read('SAIS_RATE_LIMIT_ACCOUNT', 60),
    perAddress: read('SAIS_RATE_LIMIT_ADDRESS', 600),
    perToken: read('SAIS_RATE_LIMIT_TOKEN', 120),
    tokenWindowSeconds: read('SAIS_RATE_LIMIT_TOKEN_WINDOW_SECONDS', 60) || 60,
  };
}

/**
 * A route of participants' calls that append events: one that changes state, under /api/ outside the
 * staff's console resources (/api/admin/, role-checked and made by few people). Decided per route as
 * it registers (`routeWrites`), not per request.
 */
function isParticipantWriteRoute(route: RouteOptions): boolean {
  return (
    route.url.startsWith('/api/') && !route.url.startsWith('/api/admin/') && routeWrites(route) !== 'never'
  );
}

/**
 * Rate limits on every participant call that appends events (`@fastify/rate-limit`; counters in this
 * process's memory, or in PostgreSQL shared by every process when `store` is given), so nobody can grow the event log without bound: per signed-in account (resolved
 * from the session by `accountOf`) and per client address (the socket's, or a trusted proxy's word).
 * A refusal is the 429 envelope with `Retry-After`.
 */
export async function installWriteLimits(
  app: FastifyInstance,
  limits: WriteLimits,
  accountOf: (request: FastifyRequest) => Promise<string | null>,
  /**
   * The token a call came with (`Authorization: Bearer`), resolved and checked for this call: it throws
   * the refusal of a revoked, expired or out-of-scope token before anything else runs.
   */
  tokenOf?: (request: FastifyRequest) => Promise<string | null>,
  /**
   * Where the counters live: absent, in this process's memory (the embedded default is one process);
   * with several processes, a shared store (`databaseRateLimitStore`), so the limits hold platform-wide.
   * A shared store that cannot answer lets the call through (it then meets the database's own error).
   */
  store?: FastifyRateLimitStoreCtor,
): Promise<void> {
  await app.register(rateLimit, store ? { global: false, store, skipOnError: true } : { global: false });
  const window = 60_000;
  const byAddress =
    limits.perAddress > 0
      ? app.createRateLimit({
          max: limits.perAddress,
          timeWindow: window,
          keyGenerator: (request) => `address:${request.ip}`,
        })
      : null;
  const byAccount =
    limits.perAccount > 0
      ? app.createRateLimit({
          max: limits.perAccount,
          timeWindow: window,
          keyGenerator: async (request) => `account:${(await accountOf(request)) ?? 'anonymous'}`,
          // Signed-out calls (sign-in, registration, codes) are counted by address only.
          allowList: (_request, key) => key === 'account:anonymous',
        })
      : null;
  const byToken =
    tokenOf && limits.perToken
      ? app.createRateLimit({
          max: limits.perToken,
          timeWindow: (limits.tokenWindowSeconds ?? 60) * 1000,
          keyGenerator: async (request) => `token:${(await tokenOf(request)) ?? 'none'}`,
        })
      : null;
  const refuse = (
    reply: { header(name: string, value: string): unknown },
    verdict: { isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number },
  ) => {
    if (verdict.isAllowed || !verdict.isExceeded) return;
    reply.header('retry-after', String(verdict.ttlInSeconds));
    throw new AppError(errorCodes.tooManyRequests, 'tooManyRequests', 429, {
      data: { retryAfterSeconds: verdict.ttlInSeconds },
    });
  };
  // Every call made with a personal access token is counted: one hook for every route, which lets a
  // call without `Authorization: Bearer` (nearly all of them) through at once, without a promise.
  if (tokenOf) {
    const countToken = async (request: FastifyRequest, reply: FastifyReply) => {
      const tokenId = await tokenOf(request);
      // Who-am-I is the look-up the other services make for each call in split mode: not counted twice.
      const lookUp = request.url.split('?')[0] === '/api/user/detail';
      if (byToken && tokenId && !lookUp) refuse(reply, await byToken(request));
    };
    app.addHook('onRequest', (request, reply, done) => {
      if (!bearerOf(request)) return done();
      countToken(request, reply).then(() => done(), done);
    });
  }
  // The per-account and per-address limits: a hook on the participant write routes only.
  const limiters = [byAddress, byAccount].filter((limiter) => limiter !== null);
  if (limiters.length === 0) return;
  addRouteHook(app, isParticipantWriteRoute, (route) => {
    const always = routeWrites(route) === 'always';
    return async function limitWrites(request, reply) {
      if (!always && !changesState(request)) return;
      for (const limiter of limiters) refuse(reply, await limiter(request));
    };
  });
}
