import { randomUUID } from 'node:crypto';
import { Accounts } from '@sais/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type TeamHarness, teamHarness } from './support.ts';

/** The console's team resource `/api/admin/teams` on real PostgreSQL, with Kafka between the services. */
describe('operators list teams and dissolve one with a reason', () => {
  let h: TeamHarness;
  let operator: Client;
  let competitionId: string;
  let otherCompetition: string;
  let teamIds: string[];
  let member: { web: Client; userId: string };
  let betaOwner: { web: Client; userId: string };
  let grantOperator: (userId: string) => Promise<void>;

  /** A raw list call: status, body and Content-Range. */
  async function list(web: Client | null, query: Record<string, unknown> = {}) {
    const params = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
    );
    const cookie = web?.cookie();
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/admin/teams?${params}`,
      headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    });
    return { status: response.statusCode, range: response.headers['content-range'], body: response.json() };
  }

  beforeAll(async () => {
    h = await teamHarness('tadmin');
    const staff = await h.user();
    const accounts = new Accounts(h.db, h.stores.get('identity')!, undefined as never, undefined as never);
    grantOperator = (userId) =>
      accounts.grantRole(userId, 'operator', {
        actor: { userId: null, role: 'system' },
        correlationId: randomUUID(),
        causationId: null,
      });
    await grantOperator(staff.userId);
    operator = staff.web;
    competitionId = await h.competition();
    otherCompetition = await h.competition();
    const [a, b, c, applicant] = await h.signedUpUsers(competitionId, 4);
    const [d] = await h.signedUpUsers(otherCompetition, 1);
    teamIds = [];
    for (const [owner, name] of [
      [a!, 'Alpha'],
      [b!, 'Beta'],
    ] as const)
      teamIds.push((await owner.web.post('/api/team/create', { competitionId, name })).body.data.teamId);
    await d!.web.post('/api/team/create', { competitionId: otherCompetition, name: 'Elsewhere' });
    const { applicationId } = (await c!.web.post('/api/team/apply', { teamId: teamIds[0] })).body.data;
    await a!.web.post('/api/team/handleApplication', { applicationId, agree: true });
    await applicant!.web.post('/api/team/apply', { teamId: teamIds[0] });
    member = c!;
    betaOwner = b!;
  });

  afterAll(async () => {
    await h?.close();
  });

  it('lists with sort, range and filter, and answers Content-Range', async () => {
    const all = await list(operator, { filter: { competitionId } });
    expect(all.status).toBe(200);
    expect(all.range).toBe('teams 0-1/2');
    expect(all.body.data.map((t: { name: string }) => t.name)).toEqual(['Beta', 'Alpha']);
    const oldest = await list(operator, {
      filter: { competitionId },
      sort: ['createdAt', 'ASC'],
      range: [0, 0],
    });
    expect(oldest.range).toBe('teams 0-0/2');
    expect(oldest.body.data[0]).toMatchObject({ name: 'Alpha', memberCount: 2, status: 'active' });
    const second = await list(operator, {
      filter: { competitionId },
      sort: ['createdAt', 'ASC'],
      range: [1, 1],
    });
    expect(second.body.data.map((t: { name: string }) => t.name)).toEqual(['Beta']);
    const byId = await list(operator, { filter: { id: [teamIds[1]] } });
    expect(byId.body.data).toHaveLength(1);
    expect((await list(operator, { sort: ['name', 'ASC'] })).body).toMatchObject({ code: 400 });
    expect((await list(operator, { range: 'x' })).status).toBe(400);
    const everyone = await list(operator);
    expect(Number(everyone.range!.split('/')[1])).toBeGreaterThanOrEqual(3);
  });

  it('finds teams by part of their current name, any case (the console picker)', async () => {
    const names = async (q: string) =>
      (await list(operator, { filter: { competitionId, q } })).body.data.map((t: { name: string }) => t.name);
    await expect(names('alp')).resolves.toEqual(['Alpha']);
    await expect(names('A')).resolves.toEqual(['Beta', 'Alpha']);
    await expect(names('%')).resolves.toEqual([]);
    // A renamed team is found by its new name only.
    const renamed = await betaOwner.web.post('/api/team/rename', { teamId: teamIds[1], name: 'Gamma_1' });
    expect(renamed.body.code).toBe(0);
    await expect(names('beta')).resolves.toEqual([]);
    await expect(names('gamma_')).resolves.toEqual(['Gamma_1']);
    await expect(names('a_')).resolves.toEqual(['Gamma_1']);
    const back = await betaOwner.web.post('/api/team/rename', { teamId: teamIds[1], name: 'Beta' });
    expect(back.body.code).toBe(0);
  });

  it('refuses participants (403) and the signed out (401)', async () => {
    expect((await list(member.web)).status).toBe(403);
    expect((await list(null)).status).toBe(401);
    expect((await member.web.post(`/api/admin/teams/${teamIds[0]}/dissolve`, { reason: 'x' })).status).toBe(
      403,
    );
  });

  it('dissolves with a reason: an event, seats freed, members and applicants told why', async () => {
    const noReason = await operator.post(`/api/admin/teams/${teamIds[0]}/dissolve`, { reason: '  ' });
    expect(noReason.body).toMatchObject({
      code: 30050,
      message: 'Please give a reason for dissolving the team',
    });
    const done = await operator.post(`/api/admin/teams/${teamIds[0]}/dissolve`, {
      reason: 'Shared result files with another team',
    });
    expect(done.body.data).toMatchObject({
      status: 'dissolved',
      dissolvedReason: 'Shared result files with another team',
      memberCount: 2,
    });
    const events = await h.stores.get('team')!.readStream(`team-${teamIds[0]}`);
    expect(events.at(-1)).toMatchObject({
      type: 'team.TeamDissolved',
      data: { reason: 'Shared result files with another team' },
      actor: { role: 'operator' },
    });
    const notice = await h.message(member.web, 'Team dissolved');
    expect(
      (await member.web.get('/api/notify/detail', { notifyId: notice.notifyId })).body.data.content,
    ).toBe('Team Alpha was dissolved by the organisers. Reason: Shared result files with another team');
    // The member competes alone again: free to form a team.
    const mine = await member.web.get('/api/team/myTeam', { competitionId });
    expect(mine.body.data.team).toMatchObject({ solo: true });
    expect((await list(operator, { filter: { competitionId, status: 'dissolved' } })).range).toBe(
      'teams 0-0/1',
    );
    expect((await list(operator, { filter: { competitionId, status: 'active' } })).range).toBe('teams 0-0/1');
    const again = await operator.post(`/api/admin/teams/${teamIds[0]}/dissolve`, { reason: 'again' });
    expect(again.body.code).toBe(30012);
  });

  it('refuses an operator dissolving their own team (separation of duties)', async () => {
    await grantOperator(betaOwner.userId);
    const own = await betaOwner.web.post(`/api/admin/teams/${teamIds[1]}/dissolve`, { reason: 'mine' });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({
      code: 30051,
      message: 'You are a member of this team; another operator must dissolve it',
    });
    expect((await operator.get(`/api/admin/teams/${teamIds[1]}`)).body.data.status).toBe('active');
  });
});
