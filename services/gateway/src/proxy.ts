import { fileURLToPath } from 'node:url';
import httpProxy from '@fastify/http-proxy';
import { createApp, routedPrefixes } from '@sais/kit';
import type { FastifyInstance } from 'fastify';
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

/** Real mode: one origin that serves both apps and forwards `/api/<area>/...` to the owning service. */
export async function startProxyGateway(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
  const app = await createApp({ title: 'SAIS gateway', multipart: false });
  for (const { prefix, upstream } of upstreams(env)) {
    await app.register(httpProxy, { upstream, prefix, rewritePrefix: prefix });
  }
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  await serveStaticApps(app, { portalDir: `${root}web-portal/dist`, consoleDir: `${root}ops-console/dist` });
  return app;
}
