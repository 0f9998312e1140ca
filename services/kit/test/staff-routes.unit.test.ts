import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Authenticator, createApp, ok, requirePrincipal, staffRoutesOf } from '../src/index.ts';

/**
 * Issue 33, finding 1: the staff-route rule is the route's, not each handler's. A route under /api/admin/
 * or declared `config.staff` refuses any bearer token in its first hook; a staff role checked on a route
 * that is neither is a programming error (500), so a staff route cannot forget to declare itself.
 */
describe('staff routes (kit)', () => {
  let app: FastifyInstance;
  const handled: string[] = [];
  // Everybody is an operator signed in with a cookie, unless they send a token.
  const auth: Authenticator = {
    principal: async (request) =>
      request.headers.authorization
        ? { accountId: 'a', roles: ['participant'], token: { tokenId: 't', scopes: ['read'] } }
        : { accountId: 'a', roles: ['operator'] },
  };

  beforeAll(async () => {
    app = await createApp({ title: 'test', logger: false });
    app.get('/api/admin/things', async () => (handled.push('admin'), ok(null)));
    app.get(
      '/api/user/queue',
      { config: { staff: 'operator' } },
      async () => (handled.push('declared'), ok(null)),
    );
    app.get('/api/user/undeclared', async (request) => {
      await requirePrincipal(auth, request, 'operator');
      handled.push('undeclared');
      return ok(null);
    });
    app.get('/api/race/list', async (request) => {
      await requirePrincipal(auth, request);
      handled.push('public');
      return ok(null);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const call = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('refuses any bearer token on a staff route, wherever it lives, before the handler runs', async () => {
    for (const url of ['/api/admin/things', '/api/user/queue', '/api/%61dmin/things']) {
      const answer = await call(url, 'sais_pat_anything');
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json(), url).toMatchObject({ code: 10084 });
    }
    expect(handled).toEqual([]);
    expect((await call('/api/user/queue')).statusCode).toBe(200);
    expect(staffRoutesOf(app)).toEqual([
      { method: 'GET', url: '/api/admin/things' },
      { method: 'HEAD', url: '/api/admin/things' },
      { method: 'GET', url: '/api/user/queue' },
      { method: 'HEAD', url: '/api/user/queue' },
    ]);
  });

  it('leaves other routes alone, and fails a staff check on an undeclared route', async () => {
    expect((await call('/api/race/list', 'sais_pat_anything')).statusCode).toBe(200);
    const undeclared = await call('/api/user/undeclared');
    expect(undeclared.statusCode).toBe(500);
    expect(handled).not.toContain('undeclared');
  });
});
