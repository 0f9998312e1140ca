import helmet from '@fastify/helmet';
import { errorCodes } from '@sais/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * Security headers for everything the app serves (API, portal, console): a Content-Security-Policy the
 * built apps pass (scripts and connections only from this origin; MUI's emotion needs inline styles;
 * images may be data:/blob: previews and https avatars), no framing, `nosniff`, `same-origin` referrers.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  });
}

/**
 * Refuses state-changing calls that a browser sent from another site (CSRF), before anything is read
 * or done: SameSite=Lax cookies alone let a cross-site form POST through in some browsers and contexts.
 */
export function refuseCrossSiteWrites(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (changesState(request) && isCrossSite(request))
      throw new AppError(errorCodes.forbidden, 'crossSiteRefused', 403, {
        data: { origin: request.headers.origin ?? null, site: request.headers['sec-fetch-site'] ?? null },
      });
  });
}
