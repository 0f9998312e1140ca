import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ValidationError,
  anySortField,
  createApp,
  installWriteLimits,
  ok,
  parseSimpleRestList,
} from '../src/index.ts';
import { z } from 'zod';

/** An app with a few routes that show what the platform's app sees of a caller. */
async function appWith(options: { trustedProxies?: string[] } = {}) {
  const app = await createApp({ title: 'test', logger: false, ...options });
  app.get('/api/whoami', async (request) =>
    ok({ ip: request.ip, protocol: request.protocol, host: request.host }),
  );
  app.post('/api/change', async () => ok('changed'));
  app.get('/api/user/logout', { config: { changesState: true } }, async () => ok('signed out'));
  app.post('/api/form', async (request) => {
    const fields: string[] = [];
    for await (const part of request.parts()) {
      if (part.type === 'file') await part.toBuffer();
      fields.push(part.fieldname);
    }
    return ok(fields);
  });
  return app;
}

describe('forwarded client addresses (finding 1)', () => {
  it('ignores X-Forwarded-* from a client that is no configured proxy', async () => {
    const app = await appWith();
    const seen = await app.inject({
      method: 'GET',
      url: '/api/whoami',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'https', host: 'sais.test' },
    });
    expect(seen.json().data).toEqual({ ip: '203.0.113.7', protocol: 'http', host: 'sais.test' });
    await app.close();
  });

  it('believes the configured proxy (an address or a CIDR), and only it', async () => {
    const app = await appWith({ trustedProxies: ['10.1.0.0/16', '127.0.0.1'] });
    const forwarded = {
      'x-forwarded-for': '198.51.100.1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'sais.example.org',
    };
    const viaProxy = await app.inject({
      method: 'GET',
      url: '/api/whoami',
      remoteAddress: '10.1.2.3',
      headers: forwarded,
    });
    expect(viaProxy.json().data).toEqual({ ip: '198.51.100.1', protocol: 'https', host: 'sais.example.org' });
    const direct = await app.inject({
      method: 'GET',
      url: '/api/whoami',
      remoteAddress: '10.2.0.1',
      headers: forwarded,
    });
    expect(direct.json().data.ip).toBe('10.2.0.1');
    expect(direct.json().data.protocol).toBe('http');
    await app.close();
  });
});

describe('cross-site requests and security headers (finding 4)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith();
    await app.ready();
  });
  afterAll(() => app.close());

  const form = () => {
    const boundary = 'xyz';
    return {
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nEve\r\n--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  };

  it('refuses a cross-origin multipart POST (Origin of another site, no Fetch Metadata)', async () => {
    const { payload, contentType } = form();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/form',
      payload,
      headers: {
        'content-type': contentType,
        origin: 'https://evil.example',
        host: 'sais.test',
        'accept-language': 'en',
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 403,
      message: 'This request came from another website and was refused; please use the platform’s own pages',
    });
    const sameOrigin = await app.inject({
      method: 'POST',
      url: '/api/form',
      payload,
      headers: { 'content-type': contentType, origin: 'http://sais.test', host: 'sais.test' },
    });
    expect(sameOrigin.json()).toEqual({ code: 0, message: 'success', data: ['name'] });
  });

  it('refuses by Sec-Fetch-Site: cross-site and same-site writes, and the state-changing GET /user/logout', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const post = await app.inject({
        method: 'POST',
        url: '/api/change',
        payload: {},
        headers: { 'sec-fetch-site': site },
      });
      expect(post.statusCode).toBe(403);
    }
    const logout = await app.inject({
      method: 'GET',
      url: '/api/user/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(logout.statusCode).toBe(403);
    const own = await app.inject({
      method: 'GET',
      url: '/api/user/logout',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(own.json().data).toBe('signed out');
    // A read from another site is not refused (public pages link to the leaderboard, say).
    const read = await app.inject({
      method: 'GET',
      url: '/api/whoami',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    // Command-line clients send neither header.
    expect((await app.inject({ method: 'POST', url: '/api/change', payload: {} })).statusCode).toBe(200);
  });

  it('sends a Content-Security-Policy without framing, nosniff and a Referrer-Policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/whoami' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });
});

describe('sort fields (finding 8)', () => {
  it('refuses names on Object.prototype even where any field name is allowed', () => {
    const list = (field: string) =>
      parseSimpleRestList(
        { sort: JSON.stringify([field, 'ASC']) },
        { sortFields: anySortField, defaultSort: ['createdAt', 'ASC'], filter: z.object({}) },
      );
    for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'a b'])
      expect(() => list(field), field).toThrow(ValidationError);
    expect(list('title').sort).toEqual({ field: 'title', order: 'ASC' });
  });
});

describe('malformed multipart bodies (finding 8)', () => {
  it('answers a truncated multipart body with 400 and a clear message, not 500', async () => {
    const app = await appWith();
    const boundary = 'cut';
    const whole = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nid,yield\n1,2\n\r\n--${boundary}--\r\n`;
    for (const cut of [20, 60, 100, whole.length - 8]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/form',
        payload: whole.slice(0, cut),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' },
      });
      expect(response.statusCode, `cut at ${cut}`).toBe(400);
      expect(response.json().message).toBe(
        'The upload arrived incomplete or is not a valid form; please send it again',
      );
    }
    await app.close();
  });
});

describe('participant write limits (finding 6)', () => {
  it('refuses writes past the limit per account and per address with 429 and Retry-After', async () => {
    const app = await createApp({ title: 'test', logger: false });
    await installWriteLimits(app, { perAccount: 3, perAddress: 5 }, async (request) =>
      typeof request.headers['x-test-account'] === 'string' ? request.headers['x-test-account'] : null,
    );
    app.post('/api/write', async () => ok(null));
    app.post('/api/admin/write', async () => ok(null));
    app.get('/api/read', async () => ok(null));
    const write = (account: string, remoteAddress: string, url = '/api/write') =>
      app.inject({ method: 'POST', url, payload: {}, remoteAddress, headers: { 'x-test-account': account } });
    // One account from three addresses: its fourth write is refused wherever it comes from.
    const statuses = [];
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'])
      statuses.push((await write('alice', address)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await write('alice', '192.0.2.9');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({ code: 429 });
    // One address, many accounts: the sixth write from it is refused.
    const fromOne = [];
    for (const account of ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'])
      fromOne.push((await write(account, '198.51.100.5')).statusCode);
    expect(fromOne).toEqual([200, 200, 200, 200, 200, 429]);
    // Reads and the staff's console resources are not counted.
    for (let i = 0; i < 8; i++) {
      expect(
        (await app.inject({ method: 'GET', url: '/api/read', remoteAddress: '198.51.100.5' })).statusCode,
      ).toBe(200);
      expect((await write('alice', '198.51.100.7', '/api/admin/write')).statusCode).toBe(200);
    }
    await app.close();
  });
});
