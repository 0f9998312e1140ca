import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, scoringHarness } from './support.ts';

const truth = csv((i) => i);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 22, decision 0019: the public leaderboard as of a past time, for any signed-in caller: the
 * leaderboard projection rebuilt from the events up to that time (as the auditors' as-of view), on real
 * PostgreSQL and Kafka. Steps of 1 s here (a minute in production) and 3 rebuilds per account and window.
 */
describe('leaderboards as of a past time', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;

  beforeAll(async () => {
    h = await scoringHarness({
      SCORING_BOARD_AS_OF_STEP_SECONDS: '1',
      SCORING_BOARD_AS_OF_LIMIT: '3',
      SCORING_BOARD_AS_OF_WINDOW_SECONDS: '600',
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('shows the board without a later submission’s score before it, and the live board after the last change', async () => {
    const competitionId = await h.competition(truth);
    const first = await h.participant(competitionId);
    const second = await h.participant(competitionId);
    const firstScore = (
      await h.submit(
        first.web,
        competitionId,
        csv((i) => i + 2),
      )
    ).score;
    await h.board(competitionId, (data) => data.records.length === 1);
    await pause(1100);
    const before = new Date().toISOString();
    await pause(1100);
    const secondScore = (
      await h.submit(
        second.web,
        competitionId,
        csv((i) => i + 1),
      )
    ).score;
    expect(secondScore).not.toBe(firstScore);
    const live = await h.board(competitionId, (data) => data.records.length === 2);
    await pause(1100);
    const after = new Date().toISOString();

    const asOf = (time: string, web = first.web) =>
      web.get('/api/leaderboard/public', { competitionId, asOf: time });
    const then = await asOf(before);
    expect(then.body.code).toBe(0);
    expect(then.body.data.asOf).toBe(new Date(Math.floor(Date.parse(before) / 1000) * 1000).toISOString());
    expect(then.body.data.records).toHaveLength(1);
    expect(then.body.data.records[0]).toMatchObject({ rank: 1, score: firstScore });
    expect(then.body.data.records.map((row: { score: number }) => row.score)).not.toContain(secondScore);

    const now = await asOf(after, second.web);
    expect(now.body.code).toBe(0);
    expect(now.body.data.records).toEqual(live.records);
    expect(now.body.data.total).toBe(live.total);
    expect(now.body.data.phase).toBe(live.phase);

    // A second page of a time already asked for is read from the same ranking (no rebuild counted).
    const pageTwo = await first.web.get('/api/leaderboard/public', {
      competitionId,
      asOf: before,
      page: '2',
      pageSize: '1',
    });
    expect(pageTwo.body.data).toMatchObject({ page: 2, pageSize: 1, total: 1, records: [] });

    // Not signed in, a time ahead or unreadable, and the private board before its publication.
    expect((await h.anonymous.get('/api/leaderboard/public', { competitionId, asOf: before })).status).toBe(
      401,
    );
    const ahead = await asOf(new Date(Date.now() + 3600_000).toISOString());
    expect(ahead.body).toMatchObject({ code: 40035 });
    expect((await asOf('yesterday')).body.code).toBe(40035);
    const hidden = await first.web.get('/api/leaderboard/private', { competitionId, asOf: after });
    expect(hidden.status).toBe(403);
    expect(hidden.body.code).toBe(40009);
  });

  it('limits the rebuilds one account causes, with Retry-After; times already asked are free', async () => {
    const competitionId = await h.competition(truth);
    const { web } = await h.participant(competitionId);
    await h.submit(
      web,
      competitionId,
      csv((i) => i + 1),
    );
    const start = Date.now() - 10_000;
    const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
    for (const seconds of [0, 2, 4]) {
      const answer = await web.get('/api/leaderboard/public', { competitionId, asOf: at(seconds) });
      expect(answer.body.code).toBe(0);
    }
    const again = await web.get('/api/leaderboard/public', { competitionId, asOf: at(0) });
    expect(again.body.code).toBe(0);
    const refused = await web.raw({
      method: 'GET',
      url: `/api/leaderboard/public?competitionId=${competitionId}&asOf=${encodeURIComponent(at(6))}`,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 40034, data: { limit: 3 } });
    expect(refused.body.message).toContain('秒后再试');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
