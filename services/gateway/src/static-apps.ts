import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface StaticApps {
  portalDir: string;
  consoleDir: string;
}

/**
 * Serves the built participant portal at `/` and the operations console at `/console/`, each with a
 * single-page fallback to its index.html. Unknown `/api/...` paths still get the envelope 404.
 */
export async function serveStaticApps(
  app: FastifyInstance,
  { portalDir, consoleDir }: StaticApps,
): Promise<void> {
  const missing = [portalDir, consoleDir].filter((dir) => !existsSync(join(dir, 'index.html')));
  if (missing.length > 0) {
    app.log.warn(
      { missing },
      'front-end builds are missing: run `npm run build` (npm start does it for you)',
    );
  }
  await app.register(fastifyStatic, { root: portalDir, wildcard: false, index: ['index.html'] });
  await app.register(fastifyStatic, {
    root: consoleDir,
    prefix: '/console/',
    wildcard: false,
    decorateReply: false,
    index: ['index.html'],
  });
  const fallback = (dir: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return reply.callNotFound();
    if (!existsSync(join(dir, 'index.html'))) {
      return reply.status(503).type('text/plain').send('This app is not built yet: run `npm run build`.');
    }
    return reply.type('text/html').sendFile('index.html', dir);
  };
  // Web pages, not API calls: left out of the OpenAPI document (as @fastify/static leaves its files out).
  const page = { schema: { hide: true } };
  app.get('/console', page, async (_request, reply) => reply.redirect('/console/'));
  app.get('/console/*', page, fallback(consoleDir));
  app.get('/*', page, fallback(portalDir));
}
