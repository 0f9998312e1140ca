import { randomUUID } from 'node:crypto';
import { identity, systemMetadata } from '@sais/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TeamHarness, client, teamHarness } from './support.ts';

describe('team calls: my team, create, rename, disband (real PostgreSQL and Kafka)', () => {
  let h: TeamHarness;
  beforeAll(async () => {
    h = await teamHarness('teams');
  });
  afterAll(() => h.close());

  it('shows a signed-up user as a single-person team with the attempts left and mirrored member data', async () => {
    const competitionId = await h.competition({ teamFormingAttempts: 3 });
    const [alice] = await h.signedUpUsers(competitionId, 1);
    await alice!.web.post('/api/user/update', { nickname: 'Alice', organization: 'Peking University' });
    const system = systemMetadata();
    await h.stores.get('identity')!.append(
      'identity.verification',
      `verification-${alice!.userId}`,
      'any',
      [
        {
          type: identity.IdentityVerificationApproved.type,
          data: { verificationId: randomUUID(), accountId: alice!.userId, reviewerId: randomUUID() },
        },
      ],
      system,
    );
    const view = await h.eventually(async () => {
      const { body } = await alice!.web.get('/api/team/myTeam', { competitionId });
      return body.data.team.members[0].authStatus === 'Verified' && body.data.team.members[0].name === 'Alice'
        ? body
        : null;
    }, 'mirrored profile and verification');
    expect(view).toMatchObject({
      code: 0,
      data: {
        signedUp: true,
        attemptsTotal: 3,
        attemptsLeft: 3,
        teamSizeLimit: 3,
        changesOpen: true,
        myApplication: null,
        team: {
          teamId: null,
          solo: true,
          members: [
            {
              userId: alice!.userId,
              name: 'Alice',
              email: alice!.email,
              organization: 'Peking University',
              isAdmin: true,
            },
          ],
        },
      },
    });
  });

  it('creates a team: the creator owns it and one attempt is used', async () => {
    const competitionId = await h.competition({ teamFormingAttempts: 2 });
    const [owner] = await h.signedUpUsers(competitionId, 1);
    const created = await owner!.web.post('/api/team/create', { competitionId, name: '  Catalysts  ' });
    expect(created.body).toMatchObject({ code: 0, data: { attemptsLeft: 1 } });
    const { teamId } = created.body.data;
    const mine = (await owner!.web.get('/api/team/myTeam', { competitionId })).body.data;
    expect(mine).toMatchObject({
      attemptsLeft: 1,
      team: { teamId, name: 'Catalysts', solo: false, ownerId: owner!.userId, applications: [] },
    });
    expect(mine.team.members).toEqual([
      expect.objectContaining({ userId: owner!.userId, isAdmin: true, authStatus: 'Not Verified' }),
    ]);
    expect((await owner!.web.post('/api/team/create', { competitionId, name: 'Second' })).body).toMatchObject(
      { code: 30004, message: 'You are already in a team of this competition' },
    );
    const other = await h.user();
    expect((await other.web.get('/api/team/detail', { teamId })).body.data).toMatchObject({
      name: 'Catalysts',
      memberCount: 1,
      teamSizeLimit: 3,
      disbanded: false,
    });
  });

  it('checks the team name with the spec messages, in both languages', async () => {
    const competitionId = await h.competition();
    const [owner] = await h.signedUpUsers(competitionId, 1);
    expect((await owner!.web.post('/api/team/create', { competitionId, name: '   ' })).body).toMatchObject({
      code: 400,
      message: 'Please enter a team name',
    });
    expect((await owner!.web.post('/api/team/create', { competitionId })).body.message).toBe(
      'Please enter a team name',
    );
    expect(
      (await owner!.web.post('/api/team/create', { competitionId, name: 'x'.repeat(31) })).body.message,
    ).toBe('A team name has at most 30 characters');
    const { teamId } = (await owner!.web.post('/api/team/create', { competitionId, name: 'Yield' })).body
      .data;
    expect((await owner!.web.post('/api/team/rename', { teamId, name: '' })).body).toMatchObject({
      code: 400,
      message: 'Please enter a new team name',
    });
    const zh = client(h.app, 'zh-CN');
    expect((await zh.post('/api/team/create', { competitionId, name: 'x' })).body).toMatchObject({
      code: 401,
      message: '请先登录',
    });
  });

  it('renames and disbands for the owner only; members compete alone again', async () => {
    const competitionId = await h.competition();
    const [owner, member] = await h.signedUpUsers(competitionId, 2);
    const { teamId } = (await owner!.web.post('/api/team/create', { competitionId, name: 'Grid' })).body.data;
    const { applicationId } = (await member!.web.post('/api/team/apply', { teamId })).body.data;
    expect(
      (await owner!.web.post('/api/team/handleApplication', { applicationId, agree: true })).body.code,
    ).toBe(0);
    expect((await member!.web.post('/api/team/rename', { teamId, name: 'Mine' })).body).toMatchObject({
      code: 403,
      message: 'Only the team owner can do this',
    });
    expect((await member!.web.post('/api/team/rename', { teamId, name: 'Mine' })).status).toBe(403);
    expect((await owner!.web.post('/api/team/rename', { teamId, name: 'Power Grid' })).body.code).toBe(0);
    expect((await member!.web.get('/api/team/myTeam', { competitionId })).body.data.team).toMatchObject({
      name: 'Power Grid',
      applications: [],
    });
    expect((await member!.web.post('/api/team/disband', { teamId })).body.code).toBe(403);
    expect((await owner!.web.post('/api/team/disband', { teamId })).body.code).toBe(0);
    for (const u of [owner!, member!])
      expect((await u.web.get('/api/team/myTeam', { competitionId })).body.data.team).toMatchObject({
        solo: true,
        teamId: null,
      });
    expect((await owner!.web.post('/api/team/rename', { teamId, name: 'Again' })).body).toMatchObject({
      code: 30012,
      message: 'This team has been disbanded',
    });
    await h.message(member!.web, 'Team disbanded');
  });

  it('limits team forming to N attempts per competition', async () => {
    const competitionId = await h.competition({ teamFormingAttempts: 1 });
    const [owner] = await h.signedUpUsers(competitionId, 1);
    const { teamId } = (await owner!.web.post('/api/team/create', { competitionId, name: 'Once' })).body.data;
    await owner!.web.post('/api/team/disband', { teamId });
    expect((await owner!.web.get('/api/team/myTeam', { competitionId })).body.data.attemptsLeft).toBe(0);
    expect((await owner!.web.post('/api/team/create', { competitionId, name: 'Twice' })).body).toMatchObject({
      code: 30009,
      message: 'No team-forming attempts are left in this competition',
    });
  });

  it('refuses team changes after the team-merge deadline', async () => {
    const competitionId = await h.competition();
    const [owner, late] = await h.signedUpUsers(competitionId, 2);
    const { teamId } = (await owner!.web.post('/api/team/create', { competitionId, name: 'Early' })).body
      .data;
    await h.updateCompetition(competitionId, {
      teamMergeDeadline: new Date(Date.now() - 60_000).toISOString(),
    });
    const closed = { code: 30010, message: 'Team changes are closed for this competition' };
    expect((await owner!.web.post('/api/team/rename', { teamId, name: 'Late' })).body).toMatchObject(closed);
    expect((await late!.web.post('/api/team/create', { competitionId, name: 'Late' })).body).toMatchObject(
      closed,
    );
    expect((await late!.web.post('/api/team/apply', { teamId })).body).toMatchObject(closed);
    expect((await owner!.web.post('/api/team/disband', { teamId })).body).toMatchObject(closed);
    expect((await owner!.web.get('/api/team/myTeam', { competitionId })).body.data.changesOpen).toBe(false);
  });
});
