import { randomUUID } from 'node:crypto';
import { identity, systemMetadata } from '@sais/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TeamHarness, client, teamHarness } from './support.ts';

describe('team calls: who may call them, and their documentation', () => {
  let h: TeamHarness;
  beforeAll(async () => {
    h = await teamHarness('access');
  });
  afterAll(() => h.close());

  it('answers signed-out, wrong role, unknown competition and not signed up with clear envelopes', async () => {
    const competitionId = await h.competition();
    const anonymous = client(h.app);
    for (const [url, body] of [
      ['/api/team/create', { competitionId, name: 'x' }],
      ['/api/team/apply', { teamId: randomUUID() }],
    ] as const) {
      expect((await anonymous.post(url, body)).body).toMatchObject({
        code: 401,
        message: 'Please sign in first',
      });
    }
    expect((await anonymous.get('/api/team/myTeam', { competitionId })).status).toBe(401);
    const stranger = await h.user();
    expect((await stranger.web.post('/api/team/create', { competitionId, name: 'x' })).body).toMatchObject({
      code: 30003,
      message: 'Please sign up for this competition first',
    });
    expect((await stranger.web.get('/api/team/myTeam', { competitionId })).body.data).toMatchObject({
      signedUp: false,
      team: null,
    });
    expect((await stranger.web.get('/api/team/myTeam', { competitionId: randomUUID() })).body).toMatchObject({
      code: 30002,
      message: 'This competition does not exist',
    });
    expect((await stranger.web.get('/api/team/detail', { teamId: randomUUID() })).body).toMatchObject({
      code: 30001,
      message: 'This team does not exist',
    });
    expect((await stranger.web.get('/api/team/myTeam', { competitionId: 'nope' })).body.code).toBe(400);
    // An account without the participant role (revoked by an admin) may not touch teams.
    const system = systemMetadata();
    await h.stores
      .get('identity')!
      .append(
        'identity.account',
        `account-${stranger.userId}`,
        'any',
        [{ type: identity.RoleRevoked.type, data: { accountId: stranger.userId, role: 'participant' } }],
        system,
      );
    expect((await stranger.web.post('/api/team/create', { competitionId, name: 'x' })).body).toMatchObject({
      code: 403,
      message: 'You do not have permission for this action',
    });
  });

  it('documents every team call in the generated OpenAPI', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths).filter((p) =>
      p.startsWith('/api/team/'),
    );
    expect(paths.sort()).toEqual(
      [
        'applications',
        'applyLeave',
        'apply',
        'cancelApplication',
        'create',
        'detail',
        'disband',
        'handleApplication',
        'invitation',
        'invitation/create',
        'invitation/join',
        'invitation/revoke',
        'invitations',
        'myTeam',
        'removeMember',
        'rename',
        'search',
        'transferOwner',
      ]
        .map((name) => `/api/team/${name}`)
        .sort(),
    );
  });
});
