import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** A file Vite named by its content hash (`/assets/<name>-<8 characters>.<ext>`, maybe .br/.gz). */
const fingerprinted = (path: string) => /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.br|\.gz)?$/.test(path);

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
  // Vite names each built asset by its content (`assets/<name>-<hash>.js`): cached for a year and never
  // asked again; the pages (index.html, the logo) are checked on every visit, so a release shows at once.
  // The build writes .br and .gz copies (vite-plugin-compression2): sent as they are to browsers that
  // accept them, never compressed per request.
  const caching = {
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, path: string) =>
      reply.header('cache-control', fingerprinted(path) ? IMMUTABLE : REVALIDATE),
  };
  await app.register(fastifyStatic, { root: portalDir, wildcard: false, index: ['index.html'], ...caching });
  await app.register(fastifyStatic, {
    root: consoleDir,
    prefix: '/console/',
    wildcard: false,
    decorateReply: false,
    index: ['index.html'],
    ...caching,
  });
  const fallback = (dir: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return reply.callNotFound();
    if (!existsSync(join(dir, 'index.html'))) {
      return reply.status(503).type('text/plain').send('This app is not built yet: run `npm run build`.');
    }
    return reply.type('text/html').header('cache-control', REVALIDATE).sendFile('index.html', dir);
  };
  // Web pages, not API calls: left out of the OpenAPI document (as @fastify/static leaves its files out).
  const page = { schema: { hide: true } };
  app.get('/console', page, async (_request, reply) => reply.redirect('/console/'));
  app.get('/console/*', page, fallback(consoleDir));
  app.get('/*', page, fallback(portalDir));
}
