import { randomUUID } from 'node:crypto';
import { competitionService } from '@sais/competition';
import { Accounts, identityService } from '@sais/identity';
import { platformForTest } from '@sais/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Decision 0019 in real mode's split: a service in its own process learns who a personal access token
 * belongs to from the identity service over HTTP (`IDENTITY_URL`), checks its scope itself, and refuses
 * a revoked token with identity's own code and message.
 */
describe('personal access tokens with the identity service in another process', () => {
  let identity: Awaited<ReturnType<typeof platformForTest>>;
  let competition: Awaited<ReturnType<typeof platformForTest>>;
  let identityOrigin: string;
  let competitionOrigin: string;

  beforeAll(async () => {
    identity = await platformForTest([identityService], 'splitid');
    identityOrigin = await identity.platform.app.listen({ port: 0, host: '127.0.0.1' });
    competition = await platformForTest([competitionService], 'splitcomp', {
      env: { IDENTITY_URL: identityOrigin, SAIS_RATE_LIMIT_TOKEN: '5' },
    });
    competitionOrigin = await competition.platform.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await competition?.close();
    await identity?.close();
  });

  it('resolves the token over HTTP, checks its scope here, and passes identity’s refusals on', async () => {
    const username = `split${Date.now() % 100000}`;
    await new Accounts(
      identity.platform.database.db,
      identity.platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    ).createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles: ['operator'] },
      { actor: { userId: null, role: 'system' }, correlationId: randomUUID(), causationId: null },
    );
    const login = await fetch(`${identityOrigin}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Secret1234' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const make = async (scopes: string[]) =>
      (
        (await (
          await fetch(`${identityOrigin}/api/user/tokens/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ name: 'split', scopes, expiresInDays: 7 }),
          })
        ).json()) as { data: { token: string; tokenId: string } }
      ).data;
    const read = await make(['read']);
    const call = (token: string, path: string, init: RequestInit = {}) =>
      fetch(`${competitionOrigin}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...init.headers },
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { code: number; message: string },
      }));

    // Signed in through the token: my activities (a signed-in-only read) answer.
    expect(await call(read.token, '/api/race/userRaceList?page=1&pageSize=10')).toMatchObject({
      status: 200,
      body: { code: 0 },
    });
    // The scope is checked here: a read token signs nobody up.
    const signUp = await call(read.token, '/api/race/signUp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ competitionId: randomUUID(), agreements: [] }),
    });
    expect(signUp).toMatchObject({ status: 403, body: { code: 10083 } });
    // An operator's token is no operator here either.
    expect(await call(read.token, '/api/admin/competitions')).toMatchObject({
      status: 403,
      body: { code: 10084 },
    });

    await fetch(`${identityOrigin}/api/user/tokens/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ tokenId: read.tokenId }),
    });
    expect(await call(read.token, '/api/race/list')).toMatchObject({
      status: 401,
      body: {
        code: 10081,
        message: 'This access token has been revoked; create a new one on your user page',
      },
    });

    // The per-token limit counts here (5 a minute in this test), once per call.
    const busy = await make(['read']);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(busy.token, '/api/race/list')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
