import { randomUUID } from 'node:crypto';
import { Accounts } from '@sais/identity';
import { staffRoutesOf } from '@sais/kit/http';
import { client, multipart, platformForTest, png } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allServices } from '../src/services.ts';
import { type Document, sample } from './openapi-samples.ts';
import { systemMetadata } from '@sais/events';

const staffRoles = ['reviewer', 'operator', 'auditor', 'admin'] as const;
const scopeSets = [['read'], ['read', 'submit', 'team']] as const;

/** A route pattern made into an address: each `:param` a fresh id, a wildcard a name. */
const addressOf = (pattern: string) =>
  pattern.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, 'anything');

/**
 * Issue 33, finding 1: a staff member's personal access token reached staff data outside /api/admin/
 * (`GET /api/user/review/photo` answered the decrypted photo to a reviewer's read-only token). Every
 * staff route, wherever it lives, refuses tokens in its first hook: tried here with the token of each
 * staff role, read-only and with every scope, on every staff route the app has (Fastify's own list, so a
 * new one is tried without touching this file), and the original attack on a real verification.
 */
describe('staff routes refuse personal access tokens (issue 33, finding 1)', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  const tokens: { role: string; scopes: readonly string[]; token: string }[] = [];
  let participantToken = '';
  const cookies = new Map<string, ReturnType<typeof client>>();

  async function person(roles: (typeof staffRoles)[number][]) {
    const username = `st${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const accounts = new Accounts(
      harness.platform.database.db,
      harness.platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    );
    const accountId = await accounts.createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles },
      systemMetadata(),
    );
    const web = client(harness.platform.app, 'en');
    expect((await web.post('/api/user/login', { username, password: 'Secret1234' })).body.code).toBe(0);
    return { web, accountId };
  }

  beforeAll(async () => {
    // No per-token limit here: each token makes one call per staff route.
    harness = await platformForTest(allServices, 'stafftokens', { env: { SAIS_RATE_LIMIT_TOKEN: '0' } });
    for (const role of staffRoles) {
      const { web } = await person([role]);
      cookies.set(role, web);
      for (const scopes of scopeSets) {
        const made = await web.post('/api/user/tokens/create', {
          name: `${role}-${scopes.length}`,
          scopes,
          expiresInDays: 7,
        });
        expect(made.body.code).toBe(0);
        tokens.push({ role, scopes, token: made.body.data.token as string });
      }
    }
    const { web } = await person([]);
    const made = await web.post('/api/user/tokens/create', {
      name: 'participant',
      scopes: ['read', 'submit', 'team'],
      expiresInDays: 7,
    });
    participantToken = made.body.data.token as string;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('refuses every staff token on every staff route of the app, before anything else runs', async () => {
    const routes = staffRoutesOf(harness.platform.app).filter((route) => route.method !== 'OPTIONS');
    // Every staff call the OpenAPI document shows is in the app's list, the reviewer's three included.
    const document = (await harness.platform.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const listed = new Set(routes.map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`));
    for (const [path, operations] of Object.entries(document.paths))
      for (const method of Object.keys(operations))
        if (path.startsWith('/api/admin/'))
          expect(listed, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
    for (const call of ['GET /api/user/review/photo', 'POST /api/user/getReview', 'POST /api/user/review'])
      expect(listed).toContain(call);
    expect(routes.length).toBeGreaterThan(60);

    const leaks: string[] = [];
    for (const route of routes)
      for (const { role, scopes, token } of tokens) {
        const answer = await harness.platform.app.inject({
          method: route.method as 'GET',
          url: addressOf(route.url),
          headers: {
            authorization: `Bearer ${token}`,
            'accept-language': 'en',
            'content-type': 'application/json',
          },
          payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : '{}',
        });
        const code = route.method === 'HEAD' ? 10084 : (answer.json() as { code: number }).code;
        if (answer.statusCode !== 403 || code !== 10084)
          leaks.push(
            `${route.method} ${route.url} ${role} [${scopes.join(',')}]: ${answer.statusCode} ${code}`,
          );
      }
    expect(leaks).toEqual([]);
  });

  // A staff route nobody declared would show itself here: a staff member's token getting past a role check
  // (a 404 for a made-up id, a 200) where a participant's token is refused, on any read of the app.
  it('gives a staff member’s token nothing on any other read that a participant’s token does not get', async () => {
    const staff = new Set(staffRoutesOf(harness.platform.app).map((route) => `${route.method} ${route.url}`));
    const document = (
      await harness.platform.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json() as Document;
    const differences: string[] = [];
    let compared = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      const operation = item.get;
      // An event stream never ends under inject; it shows the same public events to everyone.
      const streams = Object.keys(
        (operation as { responses?: Record<string, { content?: object }> } | undefined)?.responses?.['200']
          ?.content ?? {},
      ).includes('text/event-stream');
      if (!operation || streams || staff.has(`GET ${path.replace(/\{(\w+)\}/g, ':$1')}`)) continue;
      const parameters = operation.parameters ?? [];
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
        return encodeURIComponent(String(sample(parameter?.schema, document) ?? 'x'));
      });
      const query = new URLSearchParams(
        parameters
          .filter((p) => p.in === 'query' && p.required)
          .map((p): [string, string] => [p.name, String(sample(p.schema, document))]),
      ).toString();
      const answerTo = async (token: string) => {
        const answer = await harness.platform.app.inject({
          method: 'GET',
          url: query ? `${url}?${query}` : url,
          headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
        });
        const type = String(answer.headers['content-type'] ?? '');
        return `${answer.statusCode} ${type.startsWith('application/json') ? (answer.json() as { code: number }).code : type}`;
      };
      const participant = await answerTo(participantToken);
      for (const { role, token } of tokens.filter((entry) => entry.scopes.length === 3)) {
        compared += 1;
        const answer = await answerTo(token);
        if (answer !== participant)
          differences.push(`GET ${path} ${role}: ${answer}, a participant: ${participant}`);
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  });

  it('keeps a reviewer’s read token away from a real ID photo, and does not count it as opened', async () => {
    const participant = await person([]);
    const { payload, contentType } = multipart(
      { name: '张三', certificateType: 'id-card', certificateNumber: '110101199003070011' },
      {
        front: { name: 'front.png', type: 'image/png', bytes: png },
        back: { name: 'back.png', type: 'image/png', bytes: png },
      },
    );
    const submitted = await participant.web.raw({
      method: 'POST',
      url: '/api/user/submitAuthentication',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(submitted.body.code).toBe(0);
    const verificationId = submitted.body.data.verificationId as string;
    const photoUrl = `/api/user/review/photo?verificationId=${verificationId}&index=0`;
    for (const { role, token } of tokens.filter(
      (entry) => entry.role === 'reviewer' || entry.role === 'admin',
    )) {
      const answer = await harness.platform.app.inject({
        method: 'GET',
        url: photoUrl,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
      });
      expect(answer.statusCode, role).toBe(403);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json()).toMatchObject({ code: 10084, data: null });
      expect(answer.json().message).toMatch(/令牌/);
    }
    const views = await sql<{ n: number }>`select count(*)::int as n from identity.events
      where type = 'identity.IdentityDocumentViewed'`.execute(harness.platform.database.db);
    expect(views.rows[0]!.n).toBe(0);
    // The reviewer signed in on the console still sees it (and that view is recorded).
    const photo = await cookies.get('reviewer')!.raw({ method: 'GET', url: photoUrl });
    expect(photo.status).toBe(200);
    expect(Buffer.compare(photo.rawPayload, png)).toBe(0);
  });
});
