import { randomUUID } from 'node:crypto';
import { competitionService } from '@sais/competition';
import { competition as C } from '@sais/events';
import { Accounts, identityService } from '@sais/identity';
import { client, kafkaBrokers, multipart, platformForTest } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamService } from '@sais/team';
import { team as T } from '@sais/events';
import { scoringService } from '../src/index.ts';

const system = () => ({
  actor: { userId: null, role: 'system' as const },
  correlationId: randomUUID(),
  causationId: null,
});
const day = 86_400_000;
const truth = 'id,yield\n' + Array.from({ length: 20 }, (_, i) => `r${i},${i * 5}`).join('\n') + '\n';
const perfect = truth;
const offByOne = 'id,yield\n' + Array.from({ length: 20 }, (_, i) => `r${i},${i * 5 + 1}`).join('\n') + '\n';

describe('scoring: result files through Kafka-driven workers to the leaderboard', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  let competitionId: string;

  const wait = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) => {
    for (let i = 0; i < 300; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  async function participant(signUp = true) {
    const { db } = harness.platform.database;
    const accounts = new Accounts(
      db,
      harness.platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    );
    const username = `s${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const accountId = await accounts.createStaff(
      { username, email: `${username}@example.org`, password: 'secret123', roles: [] },
      system(),
    );
    if (signUp) {
      await harness.platform.stores
        .get('competition')!
        .append(
          C.ParticipantSignedUp.aggregate,
          `registration-${competitionId}-${accountId}`,
          'no_stream',
          [{ type: C.ParticipantSignedUp.type, data: { competitionId, accountId, acceptedAgreements: [] } }],
          system(),
        );
      await wait(
        () => sql`select 1 from scoring.registrations where account_id = ${accountId}`.execute(db),
        (r) => r.rows.length > 0,
        'sign-up mirror',
      );
    }
    const web = client(harness.platform.app);
    await web.post('/api/user/login', { username, password: 'secret123' });
    return { web, accountId, username };
  }

  function upload(web: ReturnType<typeof client>, csv: string, id = competitionId) {
    const { payload, contentType } = multipart(
      { competitionId: id },
      { file: { name: 'result.csv', type: 'text/csv', bytes: Buffer.from(csv) } },
    );
    return web.raw({
      method: 'POST',
      url: '/api/submission/upload',
      payload,
      headers: { 'content-type': contentType },
    });
  }

  const finished = (web: ReturnType<typeof client>, submissionId: string) =>
    wait(
      async () =>
        (await web.get('/api/submission/mine', { competitionId })).body.data.find(
          (s: { submissionId: string }) => s.submissionId === submissionId,
        ),
      (s) => s && !['Waiting', 'Evaluating'].includes(s.status),
      'the submission to finish',
    );

  beforeAll(async () => {
    harness = await platformForTest(
      [identityService, competitionService, teamService, scoringService],
      'scoring',
      {
        env: {
          KAFKA_BROKERS: kafkaBrokers().join(','),
          KAFKA_TOPIC_PREFIX: `s${randomUUID().slice(0, 8)}.`,
          SCORING_BACKOFF_MS: '20',
        },
      },
    );
    competitionId = randomUUID();
    const settings = {
      title: { en: 'Yield', 'zh-CN': '产率' },
      description: { en: 'd', 'zh-CN': 'd' },
      type: 'Algorithm' as const,
      bonus: 1,
      season: '2027',
      sponsors: [],
      timeZone: 'Asia/Shanghai',
      teamSizeLimit: 3,
      teamFormingAttempts: 3,
      dailySubmissionLimit: 3,
      submissionKinds: ['result-file' as const],
      teamMergeDeadline: null,
      agreements: [],
    };
    await harness.platform.stores.get('competition')!.append(
      C.CompetitionCreated.aggregate,
      `competition-${competitionId}`,
      'no_stream',
      [
        { type: C.CompetitionCreated.type, data: { competitionId, settings } },
        {
          type: C.PhaseScheduled.type,
          data: {
            competitionId,
            phase: 'preliminary',
            startsAt: new Date(Date.now() - day).toISOString(),
            endsAt: new Date(Date.now() + 30 * day).toISOString(),
          },
        },
      ],
      system(),
    );
    await wait(
      () =>
        sql`select phases from scoring.competitions where competition_id = ${competitionId}`.execute(
          harness.platform.database.db,
        ),
      (r) => JSON.stringify(r.rows).includes('preliminary'),
      'competition mirror',
    );
    const operator = await participant(false);
    await new Accounts(
      harness.platform.database.db,
      harness.platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    ).grantRole(operator.accountId, 'operator', system());
    const { payload, contentType } = multipart(
      { competitionId, metric: 'rmse', publicPercent: '50' },
      { file: { name: 'truth.csv', type: 'text/csv', bytes: Buffer.from(truth) } },
    );
    const uploaded = await operator.web.raw({
      method: 'POST',
      url: '/api/admin/groundtruth',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(uploaded.body.data.rows).toBe(20);
  });
  afterAll(() => harness.close());

  it('scores a valid file, ranks teams with ties going to the earlier submission', async () => {
    const first = await participant();
    const second = await participant();
    const third = await participant();
    const a = await upload(first.web, offByOne);
    expect(a.body).toMatchObject({ code: 0, data: { status: 'Waiting', remaining: 2 } });
    expect((await finished(first.web, a.body.data.submissionId)).score).toBeCloseTo(1);
    const b = await upload(second.web, perfect);
    await finished(second.web, b.body.data.submissionId);
    const c = await upload(third.web, perfect);
    await finished(third.web, c.body.data.submissionId);
    const board = await wait(
      async () =>
        (await client(harness.platform.app).get('/api/leaderboard/public', { competitionId })).body.data,
      (data) => data.total >= 3,
      'leaderboard',
    );
    const teams: string[] = [first.accountId, second.accountId, third.accountId];
    const mine = board.records.filter((r: { teamId: string }) => teams.includes(r.teamId));
    expect(mine.map((r: { teamId: string }) => r.teamId)).toEqual([
      second.accountId,
      third.accountId,
      first.accountId,
    ]);
    expect(mine[0]).toMatchObject({ score: 0, participants: [second.username] });
    const score = await first.web.get('/api/submission/myScore', { competitionId });
    expect(score.body.data.history).toHaveLength(1);
  });

  it('marks a wrong file Invalid with a log naming the line and column, and it still counts', async () => {
    const { web } = await participant();
    const bad =
      'id,yield\n' + Array.from({ length: 20 }, (_, i) => `r${i},${i === 7 ? 'NaN' : i}`).join('\n') + '\n';
    const response = await upload(web, bad);
    const result = await finished(web, response.body.data.submissionId);
    expect(result).toMatchObject({
      status: 'Invalid',
      log: 'Line 9, column yield: "NaN" is not a finite number (NaN).',
    });
    expect((await web.get('/api/submission/remaining', { competitionId })).body.data).toMatchObject({
      limit: 3,
      used: 1,
      remaining: 2,
    });
  });

  it('enforces the daily limit even when uploads race', async () => {
    const { web } = await participant();
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(web, perfect)));
    const accepted = results.filter((r) => r.body.code === 0);
    expect(accepted).toHaveLength(3);
    for (const refused of results.filter((r) => r.body.code !== 0)) expect(refused.body.code).toBe(40004);
    expect((await web.get('/api/submission/remaining', { competitionId })).body.data.remaining).toBe(0);
  });

  it('refuses users who did not sign up', async () => {
    const { web } = await participant(false);
    expect((await upload(web, perfect)).body.code).toBe(40002);
  });

  it('fails a submission after bounded retries when the platform is at fault, and refunds the allowance', async () => {
    const { web } = await participant();
    await sql`update scoring.ground_truths set content = ${Buffer.from('garbage')}, sha256 = ${'0'.repeat(64)} where competition_id = ${competitionId}`.execute(
      harness.platform.database.db,
    );
    try {
      const response = await upload(web, perfect);
      const result = await finished(web, response.body.data.submissionId);
      expect(result.status).toBe('Failed');
      expect(result.log).toMatch(/could not score.*does not count/);
      expect((await web.get('/api/submission/remaining', { competitionId })).body.data.remaining).toBe(3);
      const failures = await sql<{
        n: number;
      }>`select count(*)::int as n from scoring.events where stream_id = ${`submission-${response.body.data.submissionId}`}
        and type = 'scoring.EvaluationFailed'`.execute(harness.platform.database.db);
      expect(failures.rows[0]!.n).toBe(3);
    } finally {
      await sql`update scoring.ground_truths set content = ${Buffer.from(truth)}, sha256 = ${'1'.repeat(64)} where competition_id = ${competitionId}`.execute(
        harness.platform.database.db,
      );
    }
  });

  it("counts a team member's submission for the team: one allowance, one leaderboard row with every member", async () => {
    const owner = await participant();
    const member = await participant();
    const teamId = randomUUID();
    const base = { teamId, competitionId };
    await harness.platform.stores.get('team')!.append(
      T.TeamCreated.aggregate,
      `team-${teamId}`,
      'no_stream',
      [
        { type: T.TeamCreated.type, data: { ...base, ownerId: owner.accountId, name: 'Catalysts' } },
        {
          type: T.JoinAccepted.type,
          data: {
            ...base,
            applicationId: randomUUID(),
            accountId: member.accountId,
            ownerId: owner.accountId,
            teamName: 'Catalysts',
            decidedBy: owner.accountId,
          },
        },
      ],
      system(),
    );
    await wait(
      () =>
        sql`select 1 from scoring.memberships where team_id = ${teamId}`.execute(
          harness.platform.database.db,
        ),
      (r) => r.rows.length === 2,
      'membership mirror',
    );
    const first = await upload(owner.web, perfect);
    await finished(owner.web, first.body.data.submissionId);
    expect((await member.web.get('/api/submission/remaining', { competitionId })).body.data.remaining).toBe(
      2,
    );
    const mine = await member.web.get('/api/submission/mine', { competitionId });
    expect(mine.body.data.map((s: { submissionId: string }) => s.submissionId)).toContain(
      first.body.data.submissionId,
    );
    const board = await wait(
      async () =>
        (await client(harness.platform.app).get('/api/leaderboard/public', { competitionId })).body.data,
      (data) => data.records.some((r: { teamId: string }) => r.teamId === teamId),
      'team on the leaderboard',
    );
    const row = board.records.find((r: { teamId: string }) => r.teamId === teamId);
    expect(row).toMatchObject({
      teamName: 'Catalysts',
      participants: [owner.username, member.username].sort(),
    });
  });
});
