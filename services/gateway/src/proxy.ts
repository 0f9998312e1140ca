import { fileURLToPath } from 'node:url';
import httpProxy from '@fastify/http-proxy';
import {
  Metrics,
  correlationHeader,
  correlationIdOf,
  createApp,
  observeHttp,
  routedPrefixes,
} from '@sais/kit';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { allServices } from './services.ts';
import { serveStaticApps } from './static-apps.ts';

/** Where each service listens in real mode: `IDENTITY_URL`, `COMPETITION_URL`, `TEAM_URL`, `SCORING_URL`. */
export function upstreams(env: NodeJS.ProcessEnv): { prefix: string; upstream: string }[] {
  return allServices.flatMap((service) => {
    const upstream = env[`${service.name.toUpperCase()}_URL`];
    if (!upstream) throw new Error(`${service.name.toUpperCase()}_URL is not set`);
    return routedPrefixes(service).map((prefix) => ({ prefix, upstream }));
  });
}

/**
 * Real mode: one origin that serves both apps and forwards `/api/<area>/...` to the owning service, with
 * the request's correlation id (the caller's, else the gateway's request id) as `x-correlation-id`, so the
 * service's log lines and events carry the id of the gateway's. Its metrics go to `metrics`.
 */
export async function startProxyGateway(
  env: NodeJS.ProcessEnv,
  { metrics = new Metrics(), logger }: { metrics?: Metrics; logger?: Logger } = {},
): Promise<FastifyInstance> {
  const app = await createApp({ title: 'SAIS gateway', multipart: false, logger });
  observeHttp(app, metrics);
  for (const { prefix, upstream } of upstreams(env)) {
    await app.register(httpProxy, {
      upstream,
      prefix,
      rewritePrefix: prefix,
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          [correlationHeader]: correlationIdOf(request.headers, request.id),
        }),
      },
    });
  }
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  await serveStaticApps(app, { portalDir: `${root}web-portal/dist`, consoleDir: `${root}ops-console/dist` });
  return app;
}
