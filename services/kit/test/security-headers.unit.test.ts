import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, hijack, ok } from '../src/index.ts';

/**
 * The security headers exactly as `@fastify/helmet` sent them before issue 32 (captured from its answers
 * at 4ddbcae): the block is now computed once and set as a constant, and must not change by a byte.
 */
const helmetHeaders = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';object-src 'none';frame-ancestors 'none';form-action 'self';" +
    "script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;" +
    "font-src 'self' data:;connect-src 'self';worker-src 'self' blob:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

/** Every header of an answer but the ones that differ by answer (date, length, type, connection). */
function headersOf(response: { headers: Record<string, unknown> }) {
  const {
    date: _date,
    'content-length': _length,
    'content-type': _type,
    connection: _connection,
    'transfer-encoding': _encoding,
    ...rest
  } = response.headers;
  return rest;
}

describe('security headers (issue 32: one constant block, the same headers as helmet sent)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createApp({ title: 'test', logger: false });
    app.get('/api/read', async () => ok({ read: true }));
    app.post('/api/write', async () => ok('written'));
    app.get('/api/valid', { schema: { querystring: z.object({ n: z.coerce.number().int() }) } }, async () =>
      ok(null),
    );
    app.get('/api/boom', async () => {
      throw new Error('boom');
    });
    // A route with a stricter policy of its own (the reviewers' photo does this).
    app.get('/api/photo', async (_request, reply) => {
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      return reply.type('image/png').send(Buffer.from([0x89, 0x50]));
    });
    // A route answering on the raw response (an event stream, the tus server).
    app.get('/api/raw', async (_request, reply) => {
      hijack(reply);
      reply.raw.writeHead(200, { 'content-type': 'text/plain' });
      reply.raw.end('raw');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const ids = { 'x-request-id': uuid, 'x-correlation-id': uuid };

  it('sends the block on a read, a write, a 404, a validation error and a failure', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/api/read' }),
      await app.inject({ method: 'POST', url: '/api/write', payload: {} }),
      await app.inject({ method: 'GET', url: '/api/nowhere' }),
      await app.inject({ method: 'GET', url: '/api/valid?n=x' }),
      await app.inject({ method: 'GET', url: '/api/boom' }),
      await app.inject({ method: 'HEAD', url: '/api/read' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 400, 500, 200]);
    for (const answer of answers) expect(headersOf(answer)).toEqual({ ...helmetHeaders, ...ids });
  });

  // At 4ddbcae these two answers carried the block but not the request ids (the cross-site check ran
  // before the ids were set; a raw answer took only what helmet set on the raw response): now they do.
  it('sends it on a refused cross-site write', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/write',
      payload: {},
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(refused.statusCode).toBe(403);
    expect(headersOf(refused)).toEqual({ ...helmetHeaders, ...ids });
  });

  it("lets a route set a stricter policy of its own, and keeps the block's other headers", async () => {
    const photo = await app.inject({ method: 'GET', url: '/api/photo' });
    expect(headersOf(photo)).toEqual({
      ...helmetHeaders,
      ...ids,
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  it('sends it on an answer written on the raw response after `hijack`', async () => {
    const raw = await app.inject({ method: 'GET', url: '/api/raw' });
    expect(raw.body).toBe('raw');
    expect(headersOf(raw)).toEqual({ ...helmetHeaders, ...ids });
  });
});
