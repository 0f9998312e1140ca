import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConcurrencyError, createApp, envelopeOf, ok } from '../src/index.ts';
import type { FastifyInstance } from 'fastify';

describe('service app factory', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createApp({
      title: 'test',
      logger: false,
      readiness: [{ name: 'database', check: async () => {} }],
    });
    app.post(
      '/api/things',
      {
        schema: {
          body: z.object({
            username: z.string().regex(/^[a-z0-9]{6,20}$/, 'usernameFormat'),
            age: z.number().int(),
          }),
          response: { 200: envelopeOf(z.object({ username: z.string() })) },
        },
      },
      async (request) => ok({ username: (request.body as { username: string }).username }),
    );
    app.post('/api/signIn', async () => ok(null, 'Login success'));
    app.get('/api/conflict', async () => {
      throw new ConcurrencyError('stream-1', 1, 2);
    });
    app.get('/api/crash', async () => {
      throw new Error('database password is hunter2');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('wraps data in the envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: { username: 'alice2026', age: 3 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, message: 'success', data: { username: 'alice2026' } });
  });

  it('says a spec §8 success message in the requested language, zh-CN by default', async () => {
    const say = async (language?: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/signIn',
          headers: language ? { 'accept-language': language } : {},
        })
      ).json();
    await expect(say('en')).resolves.toEqual({ code: 0, message: 'Login success', data: null });
    await expect(say('zh-CN,zh;q=0.9')).resolves.toEqual({ code: 0, message: '登录成功', data: null });
    await expect(say()).resolves.toEqual({ code: 0, message: '登录成功', data: null });
  });

  it('answers bad input with the spec message in the requested language and names the field', async () => {
    const zh = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: { username: 'Alice', age: 3 },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ code: 400, message: '用户名为6~20位小写字母或数字' });
    const en = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { username: 'Alice', age: 'x' },
    });
    expect(en.json()).toMatchObject({
      code: 400,
      message: 'Username is 6~20 characters of lowercase letters or numbers',
      data: { fields: expect.arrayContaining([expect.objectContaining({ field: 'username' })]) },
    });
  });

  it('returns the envelope with a non-zero code for an unknown route', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/nowhere',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: 'No such API call', data: null });
  });

  it('maps a lost optimistic-concurrency race to a retryable 409', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/conflict',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 409,
      message: 'Someone changed this at the same time, please try again',
    });
  });

  it('hides the details of a server fault', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(response.json()).toMatchObject({ code: 500 });
  });

  it('rejects malformed JSON with the envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400 });
  });

  it('serves OpenAPI generated from the route schemas, health and readiness', async () => {
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toEqual(
      expect.arrayContaining(['/api/things', '/api/health', '/api/ready']),
    );
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      code: 0,
      message: 'success',
      data: { status: 'up' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({
      data: { checks: { database: 'ok' } },
    });
  });
});
