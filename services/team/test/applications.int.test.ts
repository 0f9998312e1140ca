import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TeamHarness, client, teamHarness } from './support.ts';

describe('team calls: applications, members, owner transfer, and the inbox (real PostgreSQL and Kafka)', () => {
  let h: TeamHarness;
  beforeAll(async () => {
    h = await teamHarness('apps');
  });
  afterAll(() => h.close());

  async function teamOf(
    competitionId: string,
    owner: { web: ReturnType<typeof client> },
    name = 'Reasoners',
  ) {
    return (await owner.web.post('/api/team/create', { competitionId, name })).body.data.teamId as string;
  }

  it('applies, shows the application to the owner, accepts it, and tells both sides through the inbox', async () => {
    const competitionId = await h.competition({ teamFormingAttempts: 2 });
    const [owner, applicant] = await h.signedUpUsers(competitionId, 2);
    const teamId = await teamOf(competitionId, owner!);
    const applied = await applicant!.web.post('/api/team/apply', { teamId });
    expect(applied.body.code).toBe(0);
    const { applicationId } = applied.body.data;
    expect(
      (await applicant!.web.get('/api/team/myTeam', { competitionId })).body.data.myApplication,
    ).toMatchObject({ applicationId, kind: 'join', teamId, teamName: 'Reasoners' });
    const incoming = (await owner!.web.get('/api/team/applications', { competitionId })).body.data;
    expect(incoming.incoming).toEqual([
      expect.objectContaining({
        applicationId,
        kind: 'join',
        userId: applicant!.userId,
        email: applicant!.email,
      }),
    ]);
    expect(
      (await owner!.web.get('/api/team/myTeam', { competitionId })).body.data.team.applications,
    ).toHaveLength(1);
    const asked = await h.message(owner!.web, 'New join application');
    expect(asked.sender).toBe('Team Office');
    expect((await owner!.web.get('/api/notify/detail', { notifyId: asked.notifyId })).body.data.content).toBe(
      `${applicant!.username} applied to join your team Reasoners.`,
    );

    expect(
      (await applicant!.web.post('/api/team/handleApplication', { applicationId, agree: true })).body,
    ).toMatchObject({ code: 403, message: 'Only the team owner can do this' });
    expect(
      (await owner!.web.post('/api/team/handleApplication', { applicationId, agree: true })).body.code,
    ).toBe(0);
    const view = (await applicant!.web.get('/api/team/myTeam', { competitionId })).body.data;
    expect(view).toMatchObject({ attemptsLeft: 1, myApplication: null, team: { teamId, applications: [] } });
    expect(view.team.members.map((m: { userId: string; isAdmin: boolean }) => [m.userId, m.isAdmin])).toEqual(
      [
        [owner!.userId, true],
        [applicant!.userId, false],
      ],
    );
    const accepted = await h.message(applicant!.web, 'Application accepted');
    expect(
      (await applicant!.web.get('/api/notify/detail', { notifyId: accepted.notifyId })).body.data.content,
    ).toBe('Your application to join team Reasoners was accepted.');
    const zh = await h.eventually(
      async () => (await client(h.app, 'zh-CN').get('/api/notify/page')).body,
      'signed out page',
    );
    expect(zh.code).toBe(401);
  });

  it('rejects and cancels applications, one open application per competition', async () => {
    const competitionId = await h.competition();
    const [ownerA, ownerB, applicant] = await h.signedUpUsers(competitionId, 3);
    const teamA = await teamOf(competitionId, ownerA!, 'Alpha');
    const teamB = await teamOf(competitionId, ownerB!, 'Beta');
    const { applicationId } = (await applicant!.web.post('/api/team/apply', { teamId: teamA })).body.data;
    expect((await applicant!.web.post('/api/team/apply', { teamId: teamB })).body).toMatchObject({
      code: 30006,
      message: 'You already have a pending application in this competition',
    });
    expect((await applicant!.web.post('/api/team/create', { competitionId, name: 'Own' })).body.code).toBe(
      30006,
    );
    expect((await ownerB!.web.post('/api/team/cancelApplication', { applicationId })).body.code).toBe(403);
    expect((await applicant!.web.post('/api/team/cancelApplication', { applicationId })).body.code).toBe(0);
    expect((await applicant!.web.post('/api/team/cancelApplication', { applicationId })).body).toMatchObject({
      code: 30007,
      message: 'This application does not exist or was already handled',
    });
    const second = (await applicant!.web.post('/api/team/apply', { teamId: teamB })).body.data.applicationId;
    expect(
      (await ownerB!.web.post('/api/team/handleApplication', { applicationId: second, agree: false })).body
        .code,
    ).toBe(0);
    await h.message(applicant!.web, 'Application rejected');
    expect((await applicant!.web.get('/api/team/applications', { competitionId })).body.data).toEqual({
      incoming: [],
      mine: null,
    });
    expect((await ownerA!.web.post('/api/team/apply', { teamId: teamB })).body).toMatchObject({
      code: 30004,
      message: 'You are already in a team of this competition',
    });
    expect(
      (await ownerA!.web.post('/api/team/handleApplication', { applicationId: 'x', agree: true })).body.code,
    ).toBe(400);
  });

  it('refuses applicants who are not signed up, and applications to a full team', async () => {
    const competitionId = await h.competition({ teamSizeLimit: 2 });
    const [owner, first, second] = await h.signedUpUsers(competitionId, 3);
    const teamId = await teamOf(competitionId, owner!);
    const stranger = await h.user();
    expect((await stranger.web.post('/api/team/apply', { teamId })).body).toMatchObject({
      code: 30003,
      message: 'Please sign up for this competition first',
    });
    expect((await stranger.web.post('/api/team/apply', { teamId: randomUUID() })).body.code).toBe(30001);
    const { applicationId } = (await first!.web.post('/api/team/apply', { teamId })).body.data;
    await owner!.web.post('/api/team/handleApplication', { applicationId, agree: true });
    expect((await second!.web.post('/api/team/apply', { teamId })).body).toMatchObject({
      code: 30008,
      message: 'The team is full',
    });
  });

  it('lets a member apply to leave and the owner decide; the owner may not leave', async () => {
    const competitionId = await h.competition();
    const [owner, member, outsider] = await h.signedUpUsers(competitionId, 3);
    const teamId = await teamOf(competitionId, owner!, 'Rain');
    await owner!.web.post('/api/team/handleApplication', {
      applicationId: (await member!.web.post('/api/team/apply', { teamId })).body.data.applicationId,
      agree: true,
    });
    expect((await owner!.web.post('/api/team/applyLeave', { teamId })).body).toMatchObject({
      code: 30011,
      message: 'The owner cannot leave; transfer the team or disband it',
    });
    expect((await outsider!.web.post('/api/team/applyLeave', { teamId })).body).toMatchObject({
      code: 403,
      message: 'This user is not a member of the team',
    });
    const first = (await member!.web.post('/api/team/applyLeave', { teamId })).body.data.applicationId;
    await h.message(owner!.web, 'New leave application');
    expect((await owner!.web.get('/api/team/applications', { competitionId })).body.data.incoming).toEqual([
      expect.objectContaining({ applicationId: first, kind: 'leave' }),
    ]);
    await owner!.web.post('/api/team/handleApplication', { applicationId: first, agree: false });
    await h.message(member!.web, 'Leave rejected');
    const again = (await member!.web.post('/api/team/applyLeave', { teamId })).body.data.applicationId;
    expect(
      (await owner!.web.post('/api/team/handleApplication', { applicationId: again, agree: true })).body.code,
    ).toBe(0);
    await h.message(member!.web, 'Leave accepted');
    expect((await member!.web.get('/api/team/myTeam', { competitionId })).body.data.team.solo).toBe(true);
    expect((await owner!.web.get('/api/team/detail', { teamId })).body.data.memberCount).toBe(1);
  });

  it('lets the owner remove members and transfer the team; the new owner administers it', async () => {
    const competitionId = await h.competition();
    const [owner, kept, removed] = await h.signedUpUsers(competitionId, 3);
    const teamId = await teamOf(competitionId, owner!, 'siRNA');
    for (const u of [kept!, removed!]) {
      await owner!.web.post('/api/team/handleApplication', {
        applicationId: (await u.web.post('/api/team/apply', { teamId })).body.data.applicationId,
        agree: true,
      });
    }
    expect(
      (await kept!.web.post('/api/team/removeMember', { teamId, userId: removed!.userId })).body.code,
    ).toBe(403);
    expect(
      (await owner!.web.post('/api/team/removeMember', { teamId, userId: randomUUID() })).body.message,
    ).toBe('This user is not a member of the team');
    expect(
      (await owner!.web.post('/api/team/removeMember', { teamId, userId: removed!.userId })).body.code,
    ).toBe(0);
    await h.message(removed!.web, 'Removed from team');
    expect((await removed!.web.get('/api/team/myTeam', { competitionId })).body.data.team.solo).toBe(true);

    expect(
      (await kept!.web.post('/api/team/transferOwner', { teamId, userId: kept!.userId })).body.code,
    ).toBe(403);
    expect(
      (await owner!.web.post('/api/team/transferOwner', { teamId, userId: removed!.userId })).body.code,
    ).toBe(403);
    expect(
      (await owner!.web.post('/api/team/transferOwner', { teamId, userId: kept!.userId })).body.code,
    ).toBe(0);
    await h.message(kept!.web, 'You are the team owner');
    const view = (await kept!.web.get('/api/team/myTeam', { competitionId })).body.data.team;
    expect(view.members).toEqual([
      expect.objectContaining({ userId: owner!.userId, isAdmin: false }),
      expect.objectContaining({ userId: kept!.userId, isAdmin: true }),
    ]);
    expect((await owner!.web.post('/api/team/rename', { teamId, name: 'Old owner' })).body.code).toBe(403);
    expect((await kept!.web.post('/api/team/rename', { teamId, name: 'New owner' })).body.code).toBe(0);
  });
});
