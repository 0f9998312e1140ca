/**
 * An organiser-chosen ranking order (issue 37, decision 0046) through the API, on PostgreSQL + Kafka and
 * on the embedded default (a describe each): an operator puts a secondary metric first in a phase's
 * board options; the boards rank by it (a team's row is its best in that order too), the pages state the
 * steps, the seal digests them (form v2, recomputed by anyone), a replay gives the same boards, the usual
 * order comes back when the choice is cleared; bad orders are refused in both languages, and a published
 * phase's order cannot change.
 */
import { ProjectionRunner, replayProjection } from '@sais/kit/projections';
import { type PublishedPage, recomputePublishedSeal, scoring, scoringCodes } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardProjection } from '../../src/boards/projection.ts';
import { type Web, scoringHarness, waitFor } from '../support.ts';
import { truth, uneven, withErrors } from './metric-files.ts';

type Harness = Awaited<ReturnType<typeof scoringHarness>>;
type Page = scoring.responses.LeaderboardPage;

describe.each([
  ['PostgreSQL + Kafka', false],
  ['the embedded default (npm start)', true],
])('an organiser-chosen board order, on %s', (_mode, embedded) => {
  let h: Harness;
  beforeAll(async () => {
    h = await scoringHarness({}, undefined, { embedded });
  });
  afterAll(() => h?.close());

  const setOrder = (competitionId: string, order: string[] | null, language = 'en') =>
    h.operator.web.raw({
      method: 'POST',
      url: '/api/admin/leaderboard/options',
      payload: {
        competitionId,
        phase: 'preliminary',
        ladderStep: null,
        blind: false,
        order,
        reason: 'issue 37 test',
      } satisfies scoring.requests.BoardOptionsBody,
      headers: { 'accept-language': language },
    });
  const pages = (web: Web, competitionId: string) => async (page: number) =>
    (await web.get('/api/leaderboard/private', { competitionId, page: String(page), pageSize: '2' })).body
      .data as PublishedPage;
  const rowsOf = (page: Page) => page.records.map((r) => [r.teamId, Number(r.score.toFixed(6))]);

  /**
   * Three teams and their files — a: MAE 1, RMSE 1. b: 1.05 and 1.05. d: MAE 1 with RMSE ≈ 1.4, then 1.1
   * and 1.1 — and the rows each order must show, whole (d's row is another file of its in each).
   */
  async function threeTeams() {
    const competitionId = await h.competition(truth, {
      metric: 'mae',
      secondaryMetrics: 'rmse,r2',
      dailySubmissionLimit: 10,
    });
    const [a, b, d] = [
      await h.participant(competitionId),
      await h.participant(competitionId),
      await h.participant(competitionId),
    ];
    await h.submit(
      a.web,
      competitionId,
      withErrors(() => 1),
    );
    await h.submit(
      b.web,
      competitionId,
      withErrors(() => 1.05),
    );
    await h.submit(d.web, competitionId, uneven());
    await h.submit(
      d.web,
      competitionId,
      withErrors(() => 1.1),
    );
    const byScore = [
      [a.accountId, 1],
      [d.accountId, 1],
      [b.accountId, 1.05],
    ];
    const byRmse = [
      [a.accountId, 1],
      [b.accountId, 1.05],
      [d.accountId, 1.1],
    ];
    const expected = (page: Page) => (page.order.steps[0] === 'scores.rmse' ? byRmse : byScore);
    return { competitionId, byScore, byRmse, expected };
  }

  /** The order on RMSE, and the board settled on it. */
  async function rmseFirst({ competitionId, byRmse }: Awaited<ReturnType<typeof threeTeams>>) {
    expect((await setOrder(competitionId, ['scores.rmse'])).body.code).toBe(0);
    await h.board(competitionId, (p: Page) => JSON.stringify(rowsOf(p)) === JSON.stringify(byRmse));
  }

  it('ranks by the chosen steps first, states them, seals them, and a replay gives the same boards', async () => {
    const { competitionId, byScore, byRmse } = await threeTeams();
    const usual: Page = await h.board(competitionId, (p) => p.total === 3);
    expect(rowsOf(usual)).toEqual(byScore);

    // RMSE first: d's row is now its 1.1 file (its best by RMSE), and b is before it.
    expect((await setOrder(competitionId, ['scores.rmse'])).body).toMatchObject({
      code: 0,
      data: { order: ['scores.rmse'] },
    });
    const chosen: Page = await h.board(competitionId, (p) => p.order.steps[0] === 'scores.rmse');
    expect(chosen.order.steps).toEqual(['scores.rmse', 'score', 'scores.r2', 'submittedAt', 'teamId']);
    expect(chosen.options.order).toEqual(['scores.rmse']);
    expect(rowsOf(chosen)).toEqual(byRmse);
    expect(chosen.records.map((r) => Number(r.scores!.rmse!.toFixed(6)))).toEqual([1, 1.05, 1.1]);
    const listed = (await h.operator.web.get('/api/admin/leaderboard/options', { competitionId })).body.data;
    expect(listed).toEqual([
      { phase: 'preliminary', ladderStep: null, blind: false, order: ['scores.rmse'] },
    ]);

    // A replay rebuilds the same boards.
    const snapshot = () =>
      sql`select 'public' as board, team_id, best_score, submission_id, scores from scoring.leaderboard
        where competition_id = ${competitionId}
        union all select 'private', team_id, best_score, submission_id, scores from scoring.private_leaderboard
        where competition_id = ${competitionId} order by 1, 2`.execute(h.db);
    const kept = (await snapshot()).rows;
    await replayProjection(h.db, new ProjectionRunner(leaderboardProjection, h.db), [
      h.platform.stores.get('scoring')!,
    ]);
    expect((await snapshot()).rows).toEqual(kept);
    const replayed: Page = (await h.anonymous.get('/api/leaderboard/public', { competitionId })).body.data;
    expect(rowsOf(replayed)).toEqual(rowsOf(chosen));

    // Cleared: the usual order and rows again (and the options say none).
    expect((await setOrder(competitionId, null)).body.code).toBe(0);
    const back: Page = await h.board(competitionId, (p) => p.order.steps[0] === 'score');
    expect(rowsOf(back)).toEqual(rowsOf(usual));
    expect(back.options).not.toHaveProperty('order');

    // Chosen again, sealed (v2, with the chosen steps), published: anyone recomputes it.
    expect((await setOrder(competitionId, ['scores.rmse'])).body.code).toBe(0);
    await h.board(competitionId, (p) => p.order.steps[0] === 'scores.rmse');
    const sealed = await h.operator.web.post('/api/admin/leaderboard/seal', {
      competitionId,
      phase: 'preliminary',
    });
    expect(sealed.body).toMatchObject({ code: 0, data: { form: 'v2' } });
    await h.closePhase(competitionId);
    expect(
      (await h.operator.web.post('/api/admin/leaderboard/publish', { competitionId, phase: 'preliminary' }))
        .body.code,
    ).toBe(0);
    const published: Page = await h.board(
      competitionId,
      (p) => p.published === true,
      '/api/leaderboard/private',
    );
    expect(published.order.steps[0]).toBe('scores.rmse');
    const check = await recomputePublishedSeal(competitionId, pages(h.anonymous, competitionId));
    expect(check).toMatchObject({ rows: 3, digest: sealed.body.data.digest, match: true });
    // The digest covers the steps: the usual order's would not match.
    const usualSteps = await recomputePublishedSeal(competitionId, async (n) => ({
      ...(await pages(h.anonymous, competitionId)(n)),
      order: { steps: ['score', 'scores.rmse', 'scores.r2', 'submittedAt', 'teamId'] },
    }));
    expect(usualSteps.match).toBe(false);

    // Final means final: the published phase's order cannot change.
    expect((await setOrder(competitionId, null)).body.code).toBe(scoringCodes.boardOptionsFinal);
  });

  it('a page read while the order changes is of one moment: its rows are ranked by the steps it states', async () => {
    const teams = await threeTeams();
    const { competitionId, expected } = teams;
    await rmseFirst(teams);
    // An operator turns the order off and on while three readers read the board; a pause between reads
    // leaves the operator's requests their turn (a cached page answers at once).
    let changing = true;
    const seen: Page[] = [];
    const reader = async () => {
      for (let i = 0; changing && i < 20_000; i++) {
        seen.push((await h.anonymous.get('/api/leaderboard/public', { competitionId })).body.data);
        await new Promise((resolve) => setTimeout(resolve, 1 + (i % 3)));
      }
    };
    const readers = Promise.all([reader(), reader(), reader()]);
    for (let i = 0; i < 10; i++) {
      const order = i % 2 === 0 ? null : ['scores.rmse'];
      expect((await setOrder(competitionId, order)).body.code).toBe(0);
      await h.board(competitionId, (p: Page) => p.order.steps[0] === (order ? 'scores.rmse' : 'score'));
    }
    changing = false;
    await readers;
    for (const page of seen) expect(rowsOf(page), page.order.steps.join()).toEqual(expected(page));
    expect(new Set(seen.map((p) => p.order.steps[0]))).toEqual(new Set(['score', 'scores.rmse']));
  });

  // On PostgreSQL a second connection can hold a page's read halfway (PGlite has one connection): the
  // order changes after the page's rows were read and before the rest of it; the page is still of the
  // moment its reading began (CI once served the rows of one order under the other's steps).
  if (!embedded)
    it('a change committed while a page is halfway read does not show in the rest of that page', async () => {
      const teams = await threeTeams();
      const { competitionId, expected } = teams;
      await rmseFirst(teams);
      const waiting = () =>
        sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like '%scoring.ground_truths%'`.execute(h.db);
      const { reading } = await h.db.transaction().execute(async (lock) => {
        // The page's rows come first, then the ground truth's columns: hold the columns' read.
        await sql`lock table scoring.ground_truths in access exclusive mode`.execute(lock);
        // Another page size: not in the page cache, so it is read now.
        const reading = h.anonymous.get('/api/leaderboard/public', { competitionId, pageSize: '3' });
        await waitFor(waiting, (r) => r.rows[0]!.n > 0, 'the page read to wait for the ground truth');
        // Meanwhile the order is cleared (as the projection clears it) and committed.
        await sql`update scoring.board_options set order_steps = null
          where competition_id = ${competitionId}`.execute(h.db);
        return { reading }; // not awaited here: the read goes on once the lock is let go (the commit)
      });
      const data: Page = (await reading).body.data;
      expect(data.order.steps[0]).toBe('scores.rmse');
      expect(rowsOf(data)).toEqual(expected(data));
    });

  it('refuses an order that is not distinct metric steps of the ground truth in force, in both languages', async () => {
    const competitionId = await h.competition(truth, { metric: 'mae', secondaryMetrics: 'rmse' });
    for (const order of [
      ['scores.r2'],
      ['scores.mae'],
      ['score', 'score'],
      ['submittedAt'],
      ['teamId', 'score'],
      ['scores.'],
      ['score', 'scores.rmse', 'scores.rmse'],
    ]) {
      const refused = await setOrder(competitionId, order);
      expect(refused.status, order.join()).toBe(400);
      expect(refused.body).toMatchObject({
        code: scoringCodes.boardOrderInvalid,
        data: { order, max: 5, allowed: 'score, scores.rmse' },
      });
    }
    expect((await setOrder(competitionId, ['scores.r2'])).body.message).toBe(
      'The ranking order must list distinct steps, each "score" or "scores.<metric>" for a secondary metric of the ground truth in force (at most 5); the steps this board has: score, scores.rmse',
    );
    expect((await setOrder(competitionId, ['scores.r2'], 'zh-CN')).body.message).toBe(
      '排名顺序须列出互不重复的步骤，每个为 "score" 或 "scores.<指标>"（当前标准答案的次要指标），最多 5 个；本榜可用的步骤：score, scores.rmse',
    );
    // Nothing was set: the options list no order.
    const listed = (await h.operator.web.get('/api/admin/leaderboard/options', { competitionId })).body.data;
    expect(listed).toEqual([{ phase: 'preliminary', ladderStep: null, blind: false }]);
    // A ground truth without secondary metrics: only the score may be chosen (the usual order).
    const plain = await h.competition(truth);
    expect((await setOrder(plain, ['scores.rmse'])).body.code).toBe(scoringCodes.boardOrderInvalid);
    expect((await setOrder(plain, ['score'])).body.code).toBe(0);
  });
});
