/**
 * `npm run bench -- cold-load` (issue 35, point 11): how long the portal's home page and a console list
 * take to show in Chromium (playwright-core with Debian's Chromium, as the e2e tests start it), on a first
 * visit (a new browser context: empty cache) and on a second visit in the same context (the cache kept).
 * The platform is the embedded all-in-one (PGlite, in-process bus) with the seed, on 127.0.0.1, serving
 * the apps built in this checkout (`npm run build` first). Each visit is timed twice: on loopback, and
 * with Chromium's network throttled to 10 Mbit/s down, 40 ms latency (DevTools' network emulation), where
 * the bytes sent count. Args: rounds=N (default 5). No time bounds: figures only.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts } from '@sais/identity';
import { createPlatform } from '@sais/kit/platform';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import pino from 'pino';
import { launchChromium } from '../infra/test/browser.ts';
import { allServices } from '../services/gateway/src/services.ts';
import { seedIfEmpty } from '../services/gateway/src/seed.ts';
import { serveStaticApps } from '../services/gateway/src/http/static-apps.ts';
import type { Benchmark } from './lib/benchmark.ts';
import { table } from './lib/report.ts';

const root = join(import.meta.dirname, '..');

interface Network {
  name: string;
  /** DevTools' Network.emulateNetworkConditions, or none for plain loopback. */
  conditions?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

const networks: Network[] = [
  { name: 'loopback' },
  {
    name: '10 Mbit/s, 40 ms',
    conditions: { latency: 40, downloadThroughput: 10_000_000 / 8, uploadThroughput: 5_000_000 / 8 },
  },
];

interface Visit {
  ms: number;
  /** Bytes Chromium received from the network (headers and encoded bodies). */
  bytes: number;
  requests: number;
}

/**
 * One visit of `url` in a new page of `context`, timed from navigation until `shown` resolves; the bytes
 * are DevTools' encoded lengths of every response that finished (headers and body as received; a
 * response from the cache counts 0).
 */
async function visit(
  context: BrowserContext,
  network: Network,
  url: string,
  shown: (page: Page) => Promise<unknown>,
): Promise<Visit> {
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  if (network.conditions)
    await session.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
  let bytes = 0;
  let requests = 0;
  session.on('Network.loadingFinished', (event) => {
    if (event.encodedDataLength <= 0) return;
    requests++;
    bytes += event.encodedDataLength;
  });
  const start = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await shown(page);
  const ms = performance.now() - start;
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await session.detach();
  return { ms, bytes, requests };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(args: readonly string[]): Promise<boolean> {
  const rounds = Number(args.find((arg) => arg.startsWith('rounds='))?.slice('rounds='.length) ?? 5);
  const dataDir = await mkdtemp(join(tmpdir(), 'sais-bench-cold-load-'));
  const config = { dataDir, env: {} };
  const platform = await createPlatform({
    services: allServices,
    config,
    logger: pino({ level: 'silent' }),
    extend: (app) =>
      serveStaticApps(app, {
        portalDir: join(root, 'web-portal', 'dist'),
        consoleDir: join(root, 'ops-console', 'dist'),
      }),
  });
  let browser: Browser | undefined;
  try {
    await seedIfEmpty(platform, config);
    const origin = (await platform.app.listen({ port: 0, host: '127.0.0.1' })).replace(
      'localhost',
      '127.0.0.1',
    );
    // An operator, made as `npm run admin` makes staff, signed in.
    const username = `bench${Date.now() % 100000}`;
    await new Accounts(
      platform.database.db,
      platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    ).createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles: ['operator'] },
      { actor: { userId: null, role: 'system' }, correlationId: randomUUID(), causationId: null },
    );
    const login = await fetch(`${origin}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Secret1234' }),
    });
    const [cookieName, cookieValue] = (login.headers.get('set-cookie') ?? '').split(';')[0]!.split('=');
    if (!cookieName || !cookieValue) throw new Error(`the operator could not sign in (${login.status})`);

    browser = await launchChromium();
    const pages = [
      {
        name: 'portal home',
        url: `${origin}/`,
        // The page's heading and the first competition card with its link (the API's answer drawn).
        shown: async (page: Page) => {
          await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
          await page.locator('main a[href*="/competition"]').first().waitFor({ timeout: 60_000 });
        },
      },
      {
        name: 'console competitions list',
        url: `${origin}/console/#/competitions`,
        // The list's first row.
        shown: (page: Page) => page.locator('table tbody tr').first().waitFor({ timeout: 60_000 }),
      },
    ];
    const rows: string[][] = [];
    const loads: string[] = [];
    for (const network of networks)
      for (const target of pages) {
        const first: Visit[] = [];
        const second: Visit[] = [];
        // One unmeasured visit first: the platform's own caches and Chromium's process warm up.
        for (let round = 0; round <= rounds; round++) {
          loads.push(loadavg()[0]!.toFixed(1));
          const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
          await context.addCookies([{ name: cookieName, value: cookieValue, url: origin }]);
          const cold = await visit(context, network, target.url, target.shown);
          // The second visit: a new page in the same context, so the HTTP cache is kept.
          const warm = await visit(context, network, target.url, target.shown);
          await context.close();
          if (round === 0) continue;
          first.push(cold);
          second.push(warm);
        }
        rows.push([
          target.name,
          network.name,
          `${median(first.map((v) => v.ms)).toFixed(0)} ms`,
          `${(median(first.map((v) => v.bytes)) / 1024).toFixed(0)} KiB`,
          String(median(first.map((v) => v.requests))),
          `${median(second.map((v) => v.ms)).toFixed(0)} ms`,
          `${(median(second.map((v) => v.bytes)) / 1024).toFixed(0)} KiB`,
          String(median(second.map((v) => v.requests))),
          `${Math.min(...first.map((v) => v.ms)).toFixed(0)}–${Math.max(...first.map((v) => v.ms)).toFixed(0)} ms`,
        ]);
      }
    console.log(
      table(
        [
          'shown',
          'network',
          'first visit (median)',
          'received',
          'requests',
          'second visit',
          'received',
          'requests',
          'first visit, range',
        ],
        rows,
      ),
    );
    console.log(`\n${rounds} rounds each; 1-minute load average at each round: ${loads.join(' ')}`);
    console.log('\n## Summary\n');
    console.log(
      table(
        ['measure', 'measured'],
        rows.flatMap((row) => [
          [`${row[0]}, ${row[1]}: first visit`, row[2]!],
          [`${row[0]}, ${row[1]}: second visit`, row[5]!],
        ]),
      ),
    );
    return true;
  } finally {
    await browser?.close();
    await platform.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const benchmark: Benchmark = {
  description: 'the portal home and a console list shown in Chromium, first and second visit (cold-load)',
  main,
};
export default benchmark;
