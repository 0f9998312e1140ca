import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TeamHarness, teamHarness } from './support.ts';

const codes = (results: { body: { code: number } }[]) =>
  results.map((r) => r.body.code).sort((a, b) => a - b);

describe('team limits hold under concurrent requests (real PostgreSQL)', () => {
  let h: TeamHarness;
  beforeAll(async () => {
    h = await teamHarness('race');
  });
  afterAll(() => h.close());

  it('two acceptances racing for the last free seat: exactly one wins, the other hears "The team is full"', async () => {
    for (let round = 0; round < 3; round++) {
      const competitionId = await h.competition({ teamSizeLimit: 2 });
      const [owner, first, second] = await h.signedUpUsers(competitionId, 3);
      const { teamId } = (await owner!.web.post('/api/team/create', { competitionId, name: `Race ${round}` }))
        .body.data;
      const a = (await first!.web.post('/api/team/apply', { teamId })).body.data.applicationId;
      const b = (await second!.web.post('/api/team/apply', { teamId })).body.data.applicationId;
      const results = await Promise.all(
        [a, b].map((applicationId) =>
          owner!.web.post('/api/team/handleApplication', { applicationId, agree: true }),
        ),
      );
      expect(codes(results)).toEqual([0, 30008]);
      expect(results.find((r) => r.body.code !== 0)!.body.message).toBe('The team is full');
      const members = (await owner!.web.get('/api/team/myTeam', { competitionId })).body.data.team.members;
      expect(members).toHaveLength(2);
    }
  });

  it('one user applying to two teams at once: exactly one application is open', async () => {
    const competitionId = await h.competition();
    const [ownerA, ownerB, applicant] = await h.signedUpUsers(competitionId, 3);
    const teams = await Promise.all(
      [ownerA!, ownerB!].map(
        async (o, i) =>
          (await o.web.post('/api/team/create', { competitionId, name: `Team ${i}` })).body.data
            .teamId as string,
      ),
    );
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        teams.map((teamId) => applicant!.web.post('/api/team/apply', { teamId })),
      );
      expect(codes(results)).toEqual([0, 30006]);
      const open = await sql<{
        n: number;
      }>`select count(*)::int as n from team.open_applications where account_id = ${applicant!.userId}`.execute(
        h.db,
      );
      expect(open.rows[0]!.n).toBe(1);
      const won = results.find((r) => r.body.code === 0)!.body.data.applicationId;
      await applicant!.web.post('/api/team/cancelApplication', { applicationId: won });
    }
  });

  it('the owner accepting while the applicant cancels: exactly one wins, and the seat follows the winner', async () => {
    for (let round = 0; round < 3; round++) {
      const competitionId = await h.competition();
      const [owner, user] = await h.signedUpUsers(competitionId, 2);
      const { teamId } = (await owner!.web.post('/api/team/create', { competitionId, name: 'A' })).body.data;
      const applicationId = (await user!.web.post('/api/team/apply', { teamId })).body.data.applicationId;
      const [accepted, cancelled] = await Promise.all([
        owner!.web.post('/api/team/handleApplication', { applicationId, agree: true }),
        user!.web.post('/api/team/cancelApplication', { applicationId }),
      ]);
      expect(codes([accepted, cancelled])).toEqual([0, 30007]);
      const seats = await sql<{
        n: number;
      }>`select count(*)::int as n from team.seats where account_id = ${user!.userId}`.execute(h.db);
      expect(seats.rows[0]!.n).toBe(accepted.body.code === 0 ? 1 : 0);
    }
  });

  it('a burst of applications to a small team never overfills it', async () => {
    const competitionId = await h.competition({ teamSizeLimit: 3 });
    const [owner, ...applicants] = await h.signedUpUsers(competitionId, 6);
    const { teamId } = (await owner!.web.post('/api/team/create', { competitionId, name: 'Burst' })).body
      .data;
    const applied = await Promise.all(applicants.map((a) => a.web.post('/api/team/apply', { teamId })));
    expect(applied.every((r) => r.body.code === 0)).toBe(true);
    const results = await Promise.all(
      applied.map((r) =>
        owner!.web.post('/api/team/handleApplication', {
          applicationId: r.body.data.applicationId,
          agree: true,
        }),
      ),
    );
    expect(codes(results)).toEqual([0, 0, 30008, 30008, 30008]);
    expect((await owner!.web.get('/api/team/detail', { teamId })).body.data.memberCount).toBe(3);
    expect((await h.stores.get('team')!.verify()).ok).toBe(true);
  });
});
