import { brotliDecompressSync } from 'node:zlib';
import { freshDatabase } from '@sais/kit/testing';
import { createApp } from '@sais/kit/http';
import { createPlatform, type Platform } from '@sais/kit/platform';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAllInOne } from '../src/platform.ts';
import { startProxyGateway } from '../src/proxy.ts';
import { allServices, serviceNamed } from '../src/services.ts';

describe('gateway', () => {
  let allInOne: Platform;
  let drop: () => Promise<void>;
  let url: string;

  beforeAll(async () => {
    const fresh = await freshDatabase('gateway');
    await fresh.database.close();
    ({ drop, url } = fresh);
    allInOne = await createAllInOne(
      { dataDir: '/nonexistent', env: { DATABASE_URL: url } },
      pino({ level: 'silent' }),
    );
    await allInOne.app.ready();
  });
  afterAll(async () => {
    await allInOne.close();
    await drop();
  });

  it('runs every service in one process, each in its own schema, and seeds the prize on first start', async () => {
    expect([...allInOne.stores.keys()]).toEqual(allServices.map((service) => service.name));
    for (const store of allInOne.stores.values()) expect(await store.verify()).toMatchObject({ ok: true });
    const list = await allInOne.app.inject({ method: 'GET', url: '/api/race/list?pageSize=50' });
    expect(list.json().data.total).toBe(5);
    const truths = await allInOne.stores.get('scoring')!.readAll(undefined, 100);
    expect(truths.filter((event) => event.type === 'scoring.GroundTruthUploaded')).toHaveLength(5);
  });

  it('serves the portal with a single-page fallback and the console under /console/', async () => {
    const home = await allInOne.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    const deep = await allInOne.app.inject({ method: 'GET', url: '/competitionDetail/42/leaderboard' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toBe(home.body);
    const console = await allInOne.app.inject({ method: 'GET', url: '/console/' });
    expect(console.statusCode).toBe(200);
    expect(console.body).not.toBe(home.body);
  });

  it('sends the built files compressed at build time, the hashed ones cached for a year (issue 35)', async () => {
    for (const page of ['/', '/console/']) {
      const html = await allInOne.app.inject({
        method: 'GET',
        url: page,
        headers: { 'accept-encoding': 'identity' },
      });
      // Pages are checked on every visit, so a release shows at once.
      expect(html.headers['cache-control']).toBe('no-cache');
      const assets = [...html.body.matchAll(/(?:src|href)="([^"]*\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(assets.length, page).toBeGreaterThan(0);
      for (const asset of assets.slice(0, 3)) {
        const plain = await allInOne.app.inject({
          method: 'GET',
          url: asset,
          headers: { 'accept-encoding': 'identity' },
        });
        const br = await allInOne.app.inject({
          method: 'GET',
          url: asset,
          headers: { 'accept-encoding': 'gzip, br' },
        });
        expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(br.headers.vary).toContain('accept-encoding');
        if (plain.rawPayload.length < 1024) continue; // small files are not compressed
        expect(br.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
        expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      }
    }
  });

  it('keeps the API envelope for unknown API paths and documents the API', async () => {
    const unknown = await allInOne.app.inject({
      method: 'GET',
      url: '/api/nowhere',
      headers: { 'accept-language': 'en' },
    });
    expect(unknown.json()).toEqual({ code: 404, message: 'No such API call', data: null });
    const docs = await allInOne.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.json().openapi).toMatch(/^3\./);
  });

  it('in real mode proxies /api/<area>/ to the process of the owning service', async () => {
    const team = await createPlatform({
      services: [serviceNamed('team')],
      config: { dataDir: '/nonexistent', env: { DATABASE_URL: url } },
      logger: pino({ level: 'silent' }),
    });
    const address = await team.app.listen({ port: 0, host: '127.0.0.1' });
    let gateway: FastifyInstance | undefined;
    try {
      const env = {
        IDENTITY_URL: 'http://127.0.0.1:9',
        COMPETITION_URL: 'http://127.0.0.1:9',
        SCORING_URL: 'http://127.0.0.1:9',
        TEAM_URL: address,
      };
      gateway = await startProxyGateway(env);
      // The team process knows no identity service here, so every caller is signed out: its 401 comes back.
      const response = await gateway.inject({
        method: 'GET',
        url: '/api/team/myTeam?competitionId=00000000-0000-4000-8000-000000000000',
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, message: 'Please sign in first' });
    } finally {
      await gateway?.close();
      await team.close();
    }
  });

  it('tells the services the client address it saw, never the one a client claims (issue 18)', async () => {
    // A service process that trusts the gateway (127.0.0.1) and shows what it learns of the caller.
    const service = await createApp({ title: 'echo', logger: false, trustedProxies: ['127.0.0.1'] });
    service.get('/api/team/whoami', async (request) => ({
      ip: request.ip,
      protocol: request.protocol,
      host: request.host,
    }));
    const address = await service.listen({ port: 0, host: '127.0.0.1' });
    const unused = 'http://127.0.0.1:9';
    const gateway = await startProxyGateway({
      IDENTITY_URL: unused,
      COMPETITION_URL: unused,
      SCORING_URL: unused,
      TEAM_URL: address,
    });
    try {
      const seen = await gateway.inject({
        method: 'GET',
        url: '/api/team/whoami',
        remoteAddress: '203.0.113.9',
        headers: {
          host: 'sais.example.org',
          'x-forwarded-for': '198.51.100.1',
          'x-forwarded-proto': 'https',
          forwarded: 'for=198.51.100.2',
        },
      });
      expect(seen.json()).toEqual({ ip: '203.0.113.9', protocol: 'http', host: 'sais.example.org' });
    } finally {
      await gateway.close();
      await service.close();
    }
  });
});
