import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorCodes } from '@sais/events';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  onRequestHookHandler,
} from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../errors.ts';

/**
 * Who may tell us a client's address: `SAIS_TRUSTED_PROXIES`, a comma-separated list of addresses or
 * CIDRs (or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). Only a request whose socket
 * comes from one of them has its `X-Forwarded-For` / `-Proto` / `-Host` believed; by default nobody's,
 * so a client cannot pick the address that sign-in limits, signals and logs record (docs/security.md).
 */
export function trustedProxiesFrom(env: NodeJS.ProcessEnv): string[] {
  return (env.SAIS_TRUSTED_PROXIES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The `trustProxy` setting of Fastify for a list: false (trust nobody) when it is empty. */
export function trustProxySetting(trusted: readonly string[] | undefined): false | string[] {
  return trusted && trusted.length > 0 ? [...trusted] : false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes something (sign-out, marking a message read, a recorded download or photo
     * view): refused cross-site like any POST, and counted by the participant write limits.
     */
    changesState?: boolean;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for calls that change state: every method but GET/HEAD/OPTIONS, and GETs marked `changesState`. */
export function changesState(request: FastifyRequest): boolean {
  return !safeMethods.has(request.method) || request.routeOptions.config?.changesState === true;
}

/**
 * Whether a browser sent this from another site. `Sec-Fetch-Site` (set by the browser, not by page
 * scripts) says so directly; without it, an `Origin` that is not this host's. A request with neither
 * is no browser's cross-site request (command-line clients, server-to-server calls), so it passes.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true; // "null" (a sandboxed frame, a file) or garbage
  }
}

/** Helmet's options for the platform (the CSP, framing, referrers): see `securityHeaders`. */
const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // Cross-origin isolation would block https avatars; the CSP above is what guards the pages.
  crossOriginEmbedderPolicy: false,
};

/**
 * The security headers of every answer, as helmet makes them from `helmetOptions`: computed once, here,
 * by running helmet's middleware on a response that only records what is set (lower-case names, as
 * Fastify keeps them). helmet's options hold no nonce, so its headers are the same for every request;
 * building its middleware per request (what `@fastify/helmet` did: the directives parsed and checked
 * again, each header set on the raw response) cost a third of the leaderboard's throughput
 * (docs/benchmarks.md, issue 32).
 */
export const securityHeaders: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
})();

const securityHeaderEntries = Object.entries(securityHeaders);

/**
 * Security headers for everything the app serves (API, portal, console): a Content-Security-Policy the
 * built apps pass (scripts and connections only from this origin; MUI's emotion needs inline styles;
 * images may be data:/blob: previews and https avatars), no framing, `nosniff`, `same-origin` referrers.
 * One synchronous hook sets the constant block on the reply, first thing; a route may still set its own
 * (a stricter CSP on a photo). A route that answers on the raw response takes them with `hijack`.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    for (let i = 0; i < securityHeaderEntries.length; i++) {
      const [name, value] = securityHeaderEntries[i]!;
      reply.header(name, value);
    }
    done();
  });
}

/**
 * `reply.hijack()` for a route that writes the raw response itself (an event stream, the tus server):
 * the headers the hooks set on the reply (the security block, the request and correlation ids) are
 * copied onto the raw response first, so its answer carries them too.
 */
export function hijack(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined && !reply.raw.hasHeader(name)) reply.raw.setHeader(name, value);
  reply.hijack();
}

/** How a route (as registered) changes state: never, always, or by the request's method (mixed methods). */
export type RouteWrites = 'never' | 'always' | 'by-method';

/** Whether `route` changes state (`changesState` of its requests), decided once when it is registered. */
export function routeWrites(route: Pick<RouteOptions, 'method' | 'config'>): RouteWrites {
  if ((route.config as FastifyContextConfig | undefined)?.changesState === true) return 'always';
  const methods = ([] as string[]).concat(route.method);
  const writes = methods.filter((method) => !safeMethods.has(method.toUpperCase())).length;
  return writes === 0 ? 'never' : writes === methods.length ? 'always' : 'by-method';
}

/**
 * Adds `hook` to the `onRequest` hooks of each route registered from now on that `wanted` picks (after
 * the hooks its plugins add), so the routes that do not need it pay nothing for it: a check of writes is
 * not run, not even to return at once, on a read.
 */
export function addRouteHook(
  app: FastifyInstance,
  wanted: (route: RouteOptions) => boolean,
  hook: (route: RouteOptions) => onRequestHookHandler,
): void {
  app.addHook('onRoute', (route) => {
    if (!wanted(route)) return;
    const own = route.onRequest === undefined ? [] : ([] as onRequestHookHandler[]).concat(route.onRequest);
    route.onRequest = [...own, hook(route)];
  });
}

/**
 * Refuses state-changing calls that a browser sent from another site (CSRF), before the handler reads
 * or does anything: SameSite=Lax cookies alone let a cross-site form POST through in some browsers and
 * contexts. Only the routes that change state carry the check (a route hook added as they register).
 */
export function refuseCrossSiteWrites(app: FastifyInstance): void {
  addRouteHook(
    app,
    (route) => routeWrites(route) !== 'never',
    (route) => {
      const always = routeWrites(route) === 'always';
      return function refuseCrossSite(request, _reply, done) {
        if ((always || !safeMethods.has(request.method)) && isCrossSite(request))
          return done(
            new AppError(errorCodes.forbidden, 'crossSiteRefused', 403, {
              data: {
                origin: request.headers.origin ?? null,
                site: request.headers['sec-fetch-site'] ?? null,
              },
            }),
          );
        done();
      };
    },
  );
}
