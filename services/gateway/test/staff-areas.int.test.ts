import { randomUUID } from 'node:crypto';
import { competitionService } from '@sais/competition';
import { Accounts, identityService } from '@sais/identity';
import { staffRoutesOf } from '@sais/kit/http';
import { client, platformForTest } from '@sais/kit/testing';
import { teamService } from '@sais/team';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemMetadata } from '@sais/events';

type Holder = 'participant' | 'reviewer' | 'operator' | 'auditor' | 'admin';
/** An area's role: one role (admin always goes too), or any staff role. */
type AreaRole = Exclude<Holder, 'participant'> | 'any staff';
const holders: readonly Holder[] = ['participant', 'reviewer', 'operator', 'auditor', 'admin'];

/**
 * The role each staff area of identity, competition and team asks for (issue 34): the first pattern a
 * route matches. A route of a new area matches none and fails the test until it is added here.
 */
const areas: readonly [RegExp, AreaRole][] = [
  [/^\/api\/admin\/users\/:id\/(close|grant|revoke)$/, 'admin'],
  [/^\/api\/admin\/users(\/|$)/, 'operator'],
  [/^\/api\/admin\/verifications(\/|$)/, 'reviewer'],
  [/^\/api\/user\/(getReview|review)(\/|$)/, 'reviewer'],
  [/^\/api\/admin\/identity-signals(\/|$)/, 'operator'],
  [/^\/api\/admin\/names(\/|$)/, 'any staff'],
  [/^\/api\/admin\/competitions(\/|$)/, 'operator'],
  [/^\/api\/admin\/teams(\/|$)/, 'operator'],
];

/** A route pattern made into an address: each `:param` a fresh id, a wildcard a name. */
const addressOf = (pattern: string) =>
  pattern.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, 'anything');

/**
 * One role check per staff area (issue 34): every staff route of identity, competition and team, taken
 * from the app's own route table, tried signed out, signed in with each role, and with a staff member's
 * personal access token. Only the area's role and admin get past the check (whatever the handler then
 * says about the made-up ids and empty bodies); the others hear 401 or 403, a token 403 (10084).
 */
describe('staff areas of identity, competition and team (issue 34)', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  const signedIn = new Map<Holder, ReturnType<typeof client>>();
  let staffToken = '';

  async function person(roles: Exclude<Holder, 'participant'>[]) {
    const username = `sa${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const accounts = new Accounts(
      harness.platform.database.db,
      harness.platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    );
    await accounts.createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles },
      systemMetadata(),
    );
    const web = client(harness.platform.app, 'en');
    expect((await web.post('/api/user/login', { username, password: 'Secret1234' })).body.code).toBe(0);
    return web;
  }

  beforeAll(async () => {
    harness = await platformForTest([identityService, competitionService, teamService], 'staffareas', {
      env: { SAIS_RATE_LIMIT_TOKEN: '0' },
    });
    for (const holder of holders)
      signedIn.set(holder, await person(holder === 'participant' ? [] : [holder]));
    const made = await signedIn.get('admin')!.post('/api/user/tokens/create', {
      name: 'admin-all',
      scopes: ['read', 'submit', 'team'],
      expiresInDays: 7,
    });
    expect(made.body.code).toBe(0);
    staffToken = made.body.data.token as string;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('lets in only the area’s role and admin, on every staff route', async () => {
    // The services' routes: every staff route of the app but the platform's own audit API (the kit's).
    const routes = staffRoutesOf(harness.platform.app).filter(
      (route) =>
        route.method !== 'OPTIONS' && route.method !== 'HEAD' && !route.url.startsWith('/api/admin/audit/'),
    );
    expect(routes.length).toBeGreaterThan(30);
    const unclassified = routes.filter((route) => !areas.some(([pattern]) => pattern.test(route.url)));
    expect(unclassified).toEqual([]);

    const wrong: string[] = [];
    for (const route of routes) {
      const role = areas.find(([pattern]) => pattern.test(route.url))![1];
      const call = async (headers: Record<string, string>) => {
        const answer = await harness.platform.app.inject({
          method: route.method as 'GET',
          url: addressOf(route.url),
          headers: { 'accept-language': 'en', 'content-type': 'application/json', ...headers },
          payload: route.method === 'GET' ? undefined : '{}',
        });
        const type = String(answer.headers['content-type'] ?? '');
        const code = type.startsWith('application/json') ? (answer.json() as { code: number }).code : type;
        return `${answer.statusCode} ${code}`;
      };
      const expectAnswer = (who: string, answer: string, ok: (answer: string) => boolean) => {
        if (!ok(answer)) wrong.push(`${route.method} ${route.url} (${role}) ${who}: ${answer}`);
      };
      expectAnswer('signed out', await call({}), (answer) => answer === '401 401');
      for (const holder of holders) {
        const web = signedIn.get(holder)!;
        const answer = await call({ cookie: web.cookie! });
        if (holder === role || holder === 'admin' || (role === 'any staff' && holder !== 'participant'))
          expectAnswer(holder, answer, (got) => !got.startsWith('401') && !got.startsWith('403'));
        else expectAnswer(holder, answer, (got) => got === '403 403');
      }
      expectAnswer('an admin’s token', await call({ authorization: `Bearer ${staffToken}` }), (answer) =>
        answer.startsWith('403 10084'),
      );
    }
    expect(wrong).toEqual([]);
  });
});
