import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Submissions } from '../src/submissions/index.ts';
import { csv, scoringHarness, system } from './support.ts';

const truth = csv((i) => i * 5);
const perfect = truth;
const offByOne = csv((i) => i * 5 + 1);

describe('scoring: result files through Kafka-driven workers to the leaderboard', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let competitionId: string;

  const participant = () => h.participant(competitionId);
  const upload = (web: Parameters<typeof h.post>[0], content: string) => h.post(web, competitionId, content);
  const finished = (web: Parameters<typeof h.post>[0], submissionId: string) =>
    h.finished(web, competitionId, submissionId);
  const remaining = async (web: Parameters<typeof h.post>[0]) =>
    (await web.get('/api/submission/remaining', { competitionId })).body.data;

  beforeAll(async () => {
    h = await scoringHarness();
    competitionId = await h.competition(truth, { dailySubmissionLimit: 3 });
  });
  afterAll(() => h.close());

  it('scores a valid file, ranks teams with ties going to the earlier submission', async () => {
    const first = await participant();
    const second = await participant();
    const third = await participant();
    const a = await upload(first.web, offByOne);
    expect(a.body).toMatchObject({ code: 0, data: { status: 'Waiting', remaining: 2 } });
    expect((await finished(first.web, a.body.data.submissionId)).score).toBeCloseTo(1);
    await h.submit(second.web, competitionId, perfect);
    await h.submit(third.web, competitionId, perfect);
    const board = await h.board(competitionId, (data) => data.total >= 3);
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
    expect(score.body.data.best[0]).toMatchObject({
      rank: 3,
      teams: 3,
      metric: 'rmse',
      higherIsBetter: false,
    });
  });

  it('scores by the competition’s metric (R², higher is better) and refuses a ground truth it cannot score', async () => {
    const r2 = await h.competition(truth, { metric: 'r2' });
    const good = await h.participant(r2);
    const worse = await h.participant(r2);
    expect(await h.submit(worse.web, r2, offByOne)).toMatchObject({ status: 'Completed' });
    expect(await h.submit(good.web, r2, perfect)).toMatchObject({ status: 'Completed', score: 1 });
    const board = await h.board(r2, (data) => data.total >= 2);
    expect(board.records.map((r: { teamId: string }) => r.teamId)).toEqual([good.accountId, worse.accountId]);
    expect(board.records[1].score).toBeLessThan(1);
    // One class in a part (AUC), or no private part at all: 40015, the reason in data.log.
    const oneClass = await h.groundTruth(
      r2,
      csv(() => 1),
      'auc',
    );
    expect(oneClass).toMatchObject({ code: 40015, data: { log: expect.stringMatching(/only positives/) } });
    // A share with no private (or no public) board is refused as such (decision 0024): 1–99 %.
    for (const share of ['100', '0', '-5', '150'])
      expect(await h.groundTruth(r2, truth, 'r2', share)).toMatchObject({
        code: 40070,
        data: { publicPercent: Number(share), min: 1, max: 99 },
      });
    // The R² ground truth is still the one in force.
    const metric = await sql<{ metric: string }>`
      select metric from scoring.ground_truths where competition_id = ${r2}`.execute(h.db);
    expect(metric.rows[0]!.metric).toBe('r2');
  });

  it('marks a wrong file Invalid with a log naming the line and column; its allowance comes back (decision 0020)', async () => {
    const { web } = await participant();
    const result = await h.submit(
      web,
      competitionId,
      csv((i) => (i === 7 ? NaN : i)),
    );
    expect(result).toMatchObject({
      status: 'Invalid',
      refusal: { key: 'notFinite', params: { line: 9, column: 'yield', value: 'NaN' } },
      logText: 'Line 9, column yield: "NaN" is not a finite number (NaN).',
    });
    expect(await remaining(web)).toMatchObject({
      limit: 3,
      used: 0,
      remaining: 3,
      formatRefusals: { limit: 10, used: 1, remaining: 9 },
    });
  });

  it('enforces the daily limit even when uploads race', async () => {
    const { web } = await participant();
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(web, perfect)));
    const accepted = results.filter((r) => r.body.code === 0);
    expect(accepted).toHaveLength(3);
    for (const refused of results.filter((r) => r.body.code !== 0)) expect(refused.body.code).toBe(40004);
    expect((await remaining(web)).remaining).toBe(0);
  });

  it('counts the day in the competition’s time zone: a new allowance at midnight in Shanghai, not in UTC', async () => {
    // The next midnight in Asia/Shanghai (UTC+8, no daylight saving) is 16:00 UTC; a minute before and
    // a minute after it are the same day in UTC but two days in Shanghai.
    const midnight = new Date();
    midnight.setUTCHours(16, 0, 0, 0);
    if (midnight.getTime() <= Date.now()) midnight.setUTCDate(midnight.getUTCDate() + 1);
    const before = new Date(midnight.getTime() - 60_000);
    const after = new Date(midnight.getTime() + 60_000);
    const person = await participant();
    const submissions = new Submissions(h.db, h.platform.stores.get('scoring')!);
    const receive = (now: Date) =>
      submissions.receive(
        { competitionId, accountId: person.accountId, fileName: 'r.csv', bytes: Buffer.from(perfect) },
        system(),
        now,
      );
    const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);
    for (let i = 0; i < 3; i++) await receive(before);
    await expect(receive(before)).rejects.toMatchObject({
      code: 40004,
      data: { limit: 3, day: day(before), timeZone: 'Asia/Shanghai' },
    });
    expect(await submissions.remaining(competitionId, person.accountId, before)).toMatchObject({
      used: 3,
      remaining: 0,
    });
    expect(before.toISOString().slice(0, 10)).toBe(after.toISOString().slice(0, 10));
    expect(await receive(after)).toMatchObject({ remaining: 2 });
    expect(await submissions.remaining(competitionId, person.accountId, after)).toMatchObject({
      day: day(after),
      used: 1,
      remaining: 2,
    });
  });

  it('refuses users who did not sign up', async () => {
    const { web } = await h.account();
    expect((await upload(web, perfect)).body.code).toBe(40002);
  });

  it('fails a submission after bounded retries when the platform is at fault, and refunds the allowance', async () => {
    const { web } = await participant();
    await sql`update scoring.ground_truths set content = ${Buffer.from('garbage')}, sha256 = ${'0'.repeat(64)} where competition_id = ${competitionId}`.execute(
      h.db,
    );
    try {
      const result = await h.submit(web, competitionId, perfect);
      expect(result.status).toBe('Failed');
      expect(result.refusal).toMatchObject({
        key: 'evaluationFailed',
        params: { reason: expect.any(String) },
      });
      expect(result.logText).toMatch(/could not score.*does not count/);
      expect((await remaining(web)).remaining).toBe(3);
      const failures = await sql<{
        n: number;
      }>`select count(*)::int as n from scoring.events where stream_id = ${`submission-${result.submissionId}`}
        and type = 'scoring.EvaluationFailed'`.execute(h.db);
      expect(failures.rows[0]!.n).toBe(3);
    } finally {
      await sql`update scoring.ground_truths set content = ${Buffer.from(truth)}, sha256 = ${'1'.repeat(64)} where competition_id = ${competitionId}`.execute(
        h.db,
      );
    }
  });

  it("counts a team member's submission for the team: one allowance, one leaderboard row with every member", async () => {
    const owner = await participant();
    const member = await participant();
    const teamId = await h.team(competitionId, owner.accountId, member.accountId);
    const first = await h.submit(owner.web, competitionId, perfect);
    expect((await remaining(member.web)).remaining).toBe(2);
    const mine = await member.web.get('/api/submission/mine', { competitionId });
    expect(mine.body.data.map((s: { submissionId: string }) => s.submissionId)).toContain(first.submissionId);
    const board = await h.board(competitionId, (data) =>
      data.records.some((r: { teamId: string }) => r.teamId === teamId),
    );
    const row = board.records.find((r: { teamId: string }) => r.teamId === teamId);
    expect(row).toMatchObject({
      teamName: 'Catalysts',
      participants: [owner.username, member.username].sort(),
    });
  });

  it('refuses uploads of a merged team that already made what one team could have by today (merge rule, scoring side)', async () => {
    // The team service refuses such a join; this team is formed by its events directly, as a join that
    // slipped through while the team service's mirror lagged would be. Limit 3, the phase opened
    // yesterday: one team could have made 6 by today.
    const merged = await h.competition(truth, { dailySubmissionLimit: 3 });
    const owner = await h.participant(merged);
    const member = await h.participant(merged);
    for (const person of [owner, member])
      for (let i = 0; i < 3; i++) await h.upload(person.web, merged, perfect);
    await h.team(merged, owner.accountId, member.accountId);
    const refused = await h.post(owner.web, merged, perfect);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 40019, data: { used: 6, allowed: 6 } });
    // A team that never merged is never held by it: a fresh participant still submits.
    const alone = await h.participant(merged);
    expect((await h.post(alone.web, merged, perfect)).body).toMatchObject({ code: 0 });
  });
});
