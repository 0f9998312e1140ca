import { verifyStateTables } from '@sais/kit/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { teamStateCheck } from '../src/index.ts';
import { type Client, type TeamHarness, client, teamHarness } from './support.ts';

/**
 * Issue 35 (decision 0035): the owner's invitation codes and the search by name within a competition,
 * through the routes, on PostgreSQL + Kafka and on the embedded default (infra/test/embedded.ts).
 */
describe('team invitations and search by name', () => {
  let h: TeamHarness;
  beforeAll(async () => {
    h = await teamHarness('invites');
  });
  afterAll(() => h.close());

  const create = async (web: Client, competitionId: string, name: string) =>
    (await web.post('/api/team/create', { competitionId, name })).body.data.teamId as string;

  it('the owner makes a code, another participant opens it and joins; it expires, is revoked, is used up', async () => {
    const competitionId = await h.competition({ teamSizeLimit: 3, teamFormingAttempts: 2 });
    const [owner, bob, carol, dave] = await h.signedUpUsers(competitionId, 4);
    const teamId = await create(owner!.web, competitionId, 'Catalysts');

    // Only the owner makes invitations, and only within the limits.
    expect((await bob!.web.post('/api/team/invitation/create', { teamId })).body).toMatchObject({
      code: 403,
      message: 'Only the team owner can do this',
    });
    expect((await owner!.web.post('/api/team/invitation/create', { teamId, hours: 0 })).body.code).toBe(400);
    expect((await owner!.web.post('/api/team/invitation/create', { teamId, maxUses: 21 })).body.code).toBe(
      400,
    );
    const made = await owner!.web.post('/api/team/invitation/create', { teamId, hours: 24 });
    expect(made.body).toMatchObject({ code: 0, data: { maxUses: 2, uses: 0, status: 'open' } });
    const { code, invitationId } = made.body.data as { code: string; invitationId: string };
    expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(Date.parse(made.body.data.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    // The event keeps only the code's hash.
    const stored = await sql<{
      data: unknown;
    }>`select data from team.events where type = 'team.InvitationCreated'
      and data->>'invitationId' = ${invitationId}`.execute(h.db);
    expect(JSON.stringify(stored.rows[0]!.data)).not.toContain(code);

    // What the code opens, then joining with it: a member at once, an attempt used, no application.
    expect((await bob!.web.get('/api/team/invitation', { code })).body).toMatchObject({
      code: 0,
      data: { teamId, competitionId, name: 'Catalysts', memberCount: 1, teamSizeLimit: 3 },
    });
    expect((await bob!.web.get('/api/team/invitation', { code: 'x'.repeat(24) })).body).toMatchObject({
      code: 30060,
      message: 'This invitation code is not valid; ask the team owner for a new one',
    });
    expect((await bob!.web.post('/api/team/invitation/join', { code })).body).toMatchObject({
      code: 0,
      data: { teamId },
    });
    const bobView = (await bob!.web.get('/api/team/myTeam', { competitionId })).body.data;
    expect(bobView).toMatchObject({ attemptsLeft: 1, myApplication: null, team: { teamId } });
    expect((await bob!.web.post('/api/team/invitation/join', { code })).body.code).toBe(30004);
    await h.message(bob!.web, 'Application accepted');

    // Not signed up: refused by the team rules, and the use is not counted.
    const outsider = await h.user();
    expect((await outsider.web.post('/api/team/invitation/join', { code })).body.code).toBe(30003);

    // Carol uses the second and last join; Dave finds it used up, in Chinese too.
    expect((await carol!.web.post('/api/team/invitation/join', { code })).body.code).toBe(0);
    const zhDave = (await dave!.web.post('/api/team/invitation/join', { code })).body;
    expect(zhDave.code).toBe(30063);
    const list = (await owner!.web.get('/api/team/invitations', { teamId })).body.data;
    expect(list).toMatchObject({
      open: 0,
      records: [{ invitationId, uses: 2, maxUses: 2, status: 'usedUp' }],
    });
    expect(JSON.stringify(list)).not.toContain(code);
    expect((await bob!.web.get('/api/team/invitations', { teamId })).body.code).toBe(403);

    // Revoked: refused, and a revoked code is named as such.
    await owner!.web.post('/api/team/removeMember', { teamId, userId: carol!.userId });
    const second = (await owner!.web.post('/api/team/invitation/create', { teamId, maxUses: 1 })).body.data;
    expect(
      (await owner!.web.post('/api/team/invitation/revoke', { teamId, invitationId: second.invitationId }))
        .body.code,
    ).toBe(0);
    expect((await dave!.web.post('/api/team/invitation/join', { code: second.code })).body).toMatchObject({
      code: 30062,
      message: 'The team owner has revoked this invitation',
    });

    // Expired: an hour later (the service's clock moved on; only Date is faked).
    const third = (await owner!.web.post('/api/team/invitation/create', { teamId, hours: 1 })).body.data;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_600_000 });
    try {
      expect((await dave!.web.post('/api/team/invitation/join', { code: third.code })).body.code).toBe(30061);
      expect((await dave!.web.get('/api/team/invitation', { code: third.code })).body).toMatchObject({
        code: 30061,
        message: 'This invitation has expired; ask the team owner for a new one',
      });
    } finally {
      vi.useRealTimers();
    }
    expect((await dave!.web.get('/api/team/invitation', { code: third.code })).body.code).toBe(0);

    // At most five open invitations (the third is one of them).
    for (let i = 0; i < 4; i += 1)
      expect((await owner!.web.post('/api/team/invitation/create', { teamId })).body.code).toBe(0);
    expect((await owner!.web.post('/api/team/invitation/create', { teamId })).body).toMatchObject({
      code: 30064,
      message: 'A team holds at most 5 open invitations; revoke one first',
    });

    // The team-forming deadline closes invitations too.
    const open = (await owner!.web.get('/api/team/invitations', { teamId })).body.data.records.find(
      (r: { status: string }) => r.status === 'open',
    );
    expect(open).toBeTruthy();
    await h.updateCompetition(competitionId, {
      teamMergeDeadline: new Date(Date.now() - 60_000).toISOString(),
    });
    expect((await owner!.web.post('/api/team/invitation/create', { teamId })).body.code).toBe(30010);

    // The claims written beside the events are what the events say (decision 0028).
    const result = await verifyStateTables(h.db, [teamStateCheck], () => [h.stores.get('team')!], {});
    expect(result.checks[0]!.differences).toEqual([]);
  });

  it('finds active teams of a competition by name, paged, with no more than their summary shows', async () => {
    const competitionId = await h.competition({ teamSizeLimit: 2 });
    const other = await h.competition();
    const users = await h.signedUpUsers(competitionId, 5);
    const [otherOwner] = await h.signedUpUsers(other, 1);
    await create(users[0]!.web, competitionId, 'Quantum Cats');
    await create(users[1]!.web, competitionId, 'quantum dogs');
    const third = await create(users[2]!.web, competitionId, 'Q_100%');
    await create(users[3]!.web, competitionId, 'Gone Quantum');
    await create(otherOwner!.web, other, 'Quantum Elsewhere');
    await users[3]!.web.post('/api/team/disband', {
      teamId: (await users[3]!.web.get('/api/team/myTeam', { competitionId })).body.data.team.teamId,
    });
    const searcher = users[4]!;
    const found = (await searcher.web.get('/api/team/search', { competitionId, q: 'QUANTUM' })).body;
    expect(found).toMatchObject({ code: 0, data: { total: 2, page: 1, pageSize: 10 } });
    expect(found.data.records.map((r: { name: string }) => r.name)).toEqual(['Quantum Cats', 'quantum dogs']);
    expect(Object.keys(found.data.records[0]).sort()).toEqual(
      ['full', 'memberCount', 'name', 'ownerName', 'teamId', 'teamSizeLimit'].sort(),
    );
    expect(JSON.stringify(found.data)).not.toContain(users[0]!.email);
    expect(JSON.stringify(found.data)).not.toContain(users[0]!.userId);
    // Paged.
    const page2 = (
      await searcher.web.get('/api/team/search', { competitionId, q: 'quantum', pageSize: '1', page: '2' })
    ).body.data;
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1, records: [{ name: 'quantum dogs' }] });
    // LIKE's own characters are taken literally.
    const literal = (await searcher.web.get('/api/team/search', { competitionId, q: '_100%' })).body.data;
    expect(literal.records.map((r: { teamId: string }) => r.teamId)).toEqual([third]);
    expect((await searcher.web.get('/api/team/search', { competitionId, q: '%' })).body.data.total).toBe(1);
    // Limits: an empty or long query, a page too large.
    for (const query of <Record<string, string>[]>[
      { competitionId, q: '' },
      { competitionId, q: 'x'.repeat(31) },
      { competitionId, q: 'a', pageSize: '21' },
      { competitionId, q: 'a', page: '51' },
    ])
      expect((await searcher.web.get('/api/team/search', query)).body.code).toBe(400);
    // Apply to a team found by name: the ordinary application.
    const cats = found.data.records[0].teamId as string;
    expect((await searcher.web.post('/api/team/apply', { teamId: cats })).body.code).toBe(0);
    // Signed out: 401.
    expect((await client(h.app, 'zh-CN').get('/api/team/search', { competitionId, q: 'a' })).body.code).toBe(
      401,
    );
  });
});
