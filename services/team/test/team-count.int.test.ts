import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TeamHarness, teamHarness } from './support.ts';

/**
 * Issue 35 point 9: a competition's card counts its teams beside its entrants. The competition service
 * keeps a read model of the team service's events (competition.competition_teams): a team counts from its
 * creation until it is disbanded or dissolved. Teams formed and disbanded through the team service's
 * routes; on both storage modes (PostgreSQL + Kafka, and the embedded default's in-process bus).
 */
describe('the teams of a competition, on its card', () => {
  let h: TeamHarness;
  beforeAll(async () => {
    h = await teamHarness('teamcount');
  });
  afterAll(() => h.close());

  it('counts teams from their creation until they are disbanded', async () => {
    const competitionId = await h.competition();
    const counted = async () =>
      Number(
        (
          (
            await sql`select count(*)::int as n from competition.competition_teams
              where competition_id = ${competitionId}`.execute(h.db)
          ).rows[0] as { n: number }
        ).n,
      );
    const [a, b, c] = await h.signedUpUsers(competitionId, 3);
    const teamIds: string[] = [];
    for (const [user, name] of [
      [a!, 'Alpha'],
      [b!, 'Beta'],
      [c!, 'Gamma'],
    ] as const) {
      const created = await user.web.post('/api/team/create', { competitionId, name });
      expect(created.body.code).toBe(0);
      teamIds.push(created.body.data.teamId);
    }
    await h.eventually(async () => (await counted()) === 3, 'three teams counted');
    expect((await a!.web.post('/api/team/disband', { teamId: teamIds[0] })).body.code).toBe(0);
    await h.eventually(async () => (await counted()) === 2, 'the disbanded team no longer counted');
  });
});
