import { fileURLToPath } from 'node:url';
import httpProxy from '@fastify/http-proxy';
import { createApp, trustedProxiesFrom } from '@sais/kit/http';
import { routedPrefixes } from '@sais/kit/platform';
import { Metrics, correlationHeader, correlationIdOf, observeHttp } from '@sais/kit/observability';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { allServices } from './services.ts';
import { serveStaticApps } from './http/static-apps.ts';

/** Where each service listens in real mode: `IDENTITY_URL`, `COMPETITION_URL`, `TEAM_URL`, `SCORING_URL`. */
export function upstreams(env: NodeJS.ProcessEnv): { prefix: string; upstream: string }[] {
  return allServices.flatMap((service) => {
    const upstream = env[`${service.name.toUpperCase()}_URL`];
    if (!upstream) throw new Error(`${service.name.toUpperCase()}_URL is not set`);
    return routedPrefixes(service).map((prefix) => ({ prefix, upstream }));
  });
}

/**
 * What the services learn about the client (they trust these headers from the gateway only, through
 * their `SAIS_TRUSTED_PROXIES`): the address, scheme and host as the gateway determined them. Whatever
 * the client sent under these names is replaced, never passed on.
 */
export function forwardedHeaders(
  request: { ip: string; protocol: string; host: string },
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const passed = { ...headers };
  delete passed.forwarded;
  return {
    ...passed,
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
  };
}

/**
 * Real mode: one origin that serves both apps and forwards `/api/<area>/...` to the owning service, with
 * the request's correlation id (the caller's, else the gateway's request id) as `x-correlation-id`, so the
 * service's log lines and events carry the id of the gateway's. Its metrics go to `metrics`.
 * `SAIS_TRUSTED_PROXIES` here names a TLS proxy in front of the gateway, if there is one.
 */
export async function startProxyGateway(
  env: NodeJS.ProcessEnv,
  { metrics = new Metrics(), logger }: { metrics?: Metrics; logger?: Logger } = {},
): Promise<FastifyInstance> {
  const app = await createApp({
    title: 'SAIS gateway',
    multipart: false,
    logger,
    trustedProxies: trustedProxiesFrom(env),
  });
  observeHttp(app, metrics);
  for (const { prefix, upstream } of upstreams(env)) {
    await app.register(httpProxy, {
      upstream,
      prefix,
      rewritePrefix: prefix,
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...forwardedHeaders(request, headers),
          [correlationHeader]: correlationIdOf(request.headers, request.id),
        }),
      },
    });
  }
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  await serveStaticApps(app, { portalDir: `${root}web-portal/dist`, consoleDir: `${root}ops-console/dist` });
  return app;
}
