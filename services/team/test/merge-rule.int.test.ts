import { randomUUID } from 'node:crypto';
import { competition as C, scoring as S, systemMetadata } from '@sais/events';
import { defineService } from '@sais/kit/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TeamHarness, teamHarness } from './support.ts';

/**
 * The scoring service's event stream without its HTTP side: the merge rule only reads scoring's
 * events, relayed through Kafka like any other (scoring's own tests cover how it writes them).
 */
const scoringEvents = defineService({
  name: 'scoring',
  schema: 'scoring_events',
  prefixes: [],
  migrations: {},
  routes: async () => undefined,
});

const day = 86_400_000;

describe('the merge rule: a join may not pool more submissions than one team could have made (decision 0005)', () => {
  let h: TeamHarness;
  beforeAll(async () => {
    h = await teamHarness('merge', [scoringEvents]);
  });
  afterAll(() => h.close());

  const scoringStore = () => h.stores.get('scoring')!;
  const counted = (competitionId: string) =>
    sql<{
      n: number;
    }>`select count(*)::int as n from team.counted_submissions where competition_id = ${competitionId}`
      .execute(h.db)
      .then((r) => r.rows[0]!.n);

  /** `n` submissions received for `teamId` (a team id, or an account id for one person alone). */
  async function submissions(competitionId: string, teamId: string, n: number) {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const submissionId = randomUUID();
      ids.push(submissionId);
      await scoringStore().append(
        S.SubmissionReceived.aggregate,
        `submission-${submissionId}`,
        'no_stream',
        [
          {
            type: S.SubmissionReceived.type,
            data: {
              submissionId,
              competitionId,
              phase: 'preliminary',
              teamId,
              submitterId: teamId,
              fileName: 'result.csv',
              size: 10,
              sha256: '0'.repeat(64),
              quotaDay: new Date().toISOString().slice(0, 10),
            },
          },
        ],
        systemMetadata(),
      );
    }
    return ids;
  }

  async function schedule(competitionId: string, startsAt: Date) {
    const stream = `competition-${competitionId}`;
    const version = (await h.stores.get('competition')!.readStream(stream)).length;
    await h.stores.get('competition')!.append(
      C.PhaseScheduled.aggregate,
      stream,
      version,
      [
        {
          type: C.PhaseScheduled.type,
          data: {
            competitionId,
            phase: 'preliminary',
            startsAt: startsAt.toISOString(),
            endsAt: new Date(Date.now() + 30 * day).toISOString(),
          },
        },
      ],
      systemMetadata(),
    );
    await h.eventually(async () => {
      const { rows } = await sql<{ s: string | null }>`select phase_starts ->> 'preliminary' as s
        from team.submission_rules where competition_id = ${competitionId}`.execute(h.db);
      // Compared as instants: PostgreSQL's text drops the trailing zeros of milliseconds.
      return rows[0]?.s ? Date.parse(rows[0].s) === startsAt.getTime() : false;
    }, 'phase start mirrored');
  }

  /** An owner's team with `teamMade` submissions and an applicant who made `applicantMade` alone. */
  async function teamAndApplicant(competitionId: string, teamMade: number, applicantMade: number) {
    const [owner, applicant] = await h.signedUpUsers(competitionId, 2);
    const teamId = (
      await owner!.web.post('/api/team/create', { competitionId, name: `T${Date.now() % 1e6}` })
    ).body.data.teamId as string;
    const before = await counted(competitionId);
    await submissions(competitionId, teamId, teamMade);
    const applicantIds = await submissions(competitionId, applicant!.userId, applicantMade);
    await h.eventually(
      async () => (await counted(competitionId)) === before + teamMade + applicantMade,
      'submissions mirrored',
    );
    const { applicationId } = (await applicant!.web.post('/api/team/apply', { teamId })).body.data;
    const accept = () => owner!.web.post('/api/team/handleApplication', { applicationId, agree: true });
    return { owner: owner!, applicant: applicant!, teamId, applicantIds, accept };
  }

  it('refuses 3 + 3 submissions on the first day of a limit of 5, and accepts once one is refunded', async () => {
    const competitionId = await h.competition();
    await schedule(competitionId, new Date(Date.now() - 1000));
    const { accept, applicantIds } = await teamAndApplicant(competitionId, 3, 3);

    const refused = await accept();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 30013,
      message:
        'Together you have made more submissions than one team could have by today, so this member cannot join',
      data: { used: 6, allowed: 5 },
    });

    // A submission that failed through the platform's fault gave its allowance back: it no longer counts.
    await scoringStore().append(
      S.QuotaRefunded.aggregate,
      `submission-${applicantIds[0]}`,
      1,
      [
        {
          type: S.QuotaRefunded.type,
          data: {
            submissionId: applicantIds[0]!,
            teamId: 'x',
            quotaDay: new Date().toISOString().slice(0, 10),
          },
        },
      ],
      systemMetadata(),
    );
    await h.eventually(async () => (await counted(competitionId)) === 5, 'refund mirrored');
    expect((await accept()).body.code).toBe(0);
  });

  it('accepts the same 3 + 3 on the second day, when one team could have made 10', async () => {
    const competitionId = await h.competition();
    await schedule(competitionId, new Date(Date.now() - 1000));
    const { accept, teamId, applicant } = await teamAndApplicant(competitionId, 3, 3);
    expect((await accept()).body.code).toBe(30013);
    await schedule(competitionId, new Date(Date.now() - day));
    expect((await accept()).body.code).toBe(0);
    const mine = await applicant.web.get('/api/team/myTeam', { competitionId });
    expect(mine.body.data.team.teamId).toBe(teamId);
  });
});
