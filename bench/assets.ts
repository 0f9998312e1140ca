/**
 * `npm run bench -- assets` (issue 35, point 11): what a first visit to the portal's home page and the
 * console downloads, as the gateway serves the built apps (`npm run build` first): every file the page's
 * index.html loads at once (scripts, module preloads, style sheets), its size on disk, the bytes sent to a
 * browser that accepts br/gzip, and the caching each answer allows (`Cache-Control`). A second visit
 * within a year asks the server again only for what is not `immutable`. Loopback only; no time bounds.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import Fastify from 'fastify';
import { serveStaticApps } from '../services/gateway/src/http/static-apps.ts';
import type { Benchmark } from './lib/benchmark.ts';
import { table } from './lib/report.ts';

const root = join(import.meta.dirname, '..');

/** One GET as a browser sends it: the raw bytes on the wire (not decoded), status and headers. */
function get(origin: string, path: string) {
  return new Promise<{
    status: number;
    bytes: number;
    headers: Record<string, string | string[] | undefined>;
  }>((resolve, reject) => {
    const req = request(
      `${origin}${path}`,
      { headers: { 'accept-encoding': 'br, gzip, deflate' } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function raw(origin: string, path: string) {
  const response = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'identity' } });
  return Buffer.from(await response.arrayBuffer());
}

async function main(): Promise<boolean> {
  const app = Fastify({ logger: false });
  await serveStaticApps(app, {
    portalDir: join(root, 'web-portal', 'dist'),
    consoleDir: join(root, 'ops-console', 'dist'),
  });
  const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  try {
    const rows: string[][] = [];
    for (const [name, page] of [
      ['portal home', '/'],
      ['console', '/console/'],
    ] as const) {
      const html = (await raw(origin, page)).toString();
      const files = [
        page,
        ...[...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((match) => match[1]!),
      ];
      let onDisk = 0;
      let sent = 0;
      let revalidated = 0;
      const caching = new Set<string>();
      for (const file of files) {
        onDisk += (await raw(origin, file)).length;
        const answer = await get(origin, file);
        sent += answer.bytes;
        const cache = String(answer.headers['cache-control'] ?? '(none)');
        caching.add(`${file === page ? 'page' : 'assets'}: ${cache}`);
        if (!cache.includes('immutable')) revalidated++;
      }
      rows.push([
        name,
        String(files.length),
        `${(onDisk / 1024).toFixed(0)} KiB`,
        `${(sent / 1024).toFixed(0)} KiB`,
        `${((100 * sent) / onDisk).toFixed(0)} %`,
        String(revalidated),
        [...caching].join('; '),
      ]);
    }
    console.log(
      table(
        [
          'first visit',
          'files',
          'on disk',
          'sent (br/gzip)',
          'sent/disk',
          'asked again on a 2nd visit',
          'Cache-Control',
        ],
        rows,
      ),
    );
    return true;
  } finally {
    await app.close();
  }
}

const benchmark: Benchmark = {
  description: "the portal's and console's first visit: files, bytes on disk and sent, caching",
  main,
};
export default benchmark;
