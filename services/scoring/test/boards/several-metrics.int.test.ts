/**
 * Several metrics per board (issue 37, decision 0046) through the API, on PostgreSQL + Kafka and on the
 * embedded default (a describe each): a ground truth names secondary metrics; every submission is scored
 * by each; the boards carry every column and rank by the stated chain (primary, each secondary, the
 * earlier submission, the team); the seal is form v2 and anyone recomputes it; a replay rebuilds the
 * boards; a ground truth without secondary metrics answers as before.
 */
import { ProjectionRunner, replayProjection } from '@sais/kit/projections';
import { multipart } from '@sais/kit/testing';
import { type PublishedPage, recomputePublishedSeal, scoring, scoringCodes } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardProjection } from '../../src/boards/projection.ts';
import { type Web, scoringHarness, waitFor } from '../support.ts';
import { truth, uneven, withErrors } from './metric-files.ts';

/** Error 1 everywhere: MAE 1, RMSE 1. */
const even = () => withErrors(() => 1);

type Harness = Awaited<ReturnType<typeof scoringHarness>>;
type Page = scoring.responses.LeaderboardPage;

describe.each([
  ['PostgreSQL + Kafka', false],
  ['the embedded default (npm start)', true],
])('several metrics per board, on %s', (_mode, embedded) => {
  let h: Harness;
  beforeAll(async () => {
    h = await scoringHarness({}, undefined, { embedded });
  });
  afterAll(() => h?.close());

  const pages = (web: Web, competitionId: string) => async (page: number) =>
    (await web.get('/api/leaderboard/private', { competitionId, page: String(page), pageSize: '1' })).body
      .data as PublishedPage;

  it('scores every metric, shows every column, ranks by the stated chain and seals it in form v2', async () => {
    const competitionId = await h.competition(truth, { metric: 'mae', secondaryMetrics: 'rmse,r2' });
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    const c = await h.participant(competitionId);
    // b first, then a: the same MAE, but a's RMSE is lower, so a ranks first although it came later.
    expect((await h.submit(b.web, competitionId, uneven())).status).toBe('Completed');
    expect((await h.submit(a.web, competitionId, even())).status).toBe('Completed');
    expect(
      (
        await h.submit(
          c.web,
          competitionId,
          withErrors(() => 3),
        )
      ).status,
    ).toBe('Completed');

    const page: Page = await h.board(competitionId, (d) => d.total === 3);
    expect(page.columns).toEqual([
      { metric: 'rmse', higherIsBetter: false },
      { metric: 'r2', higherIsBetter: true },
    ]);
    expect(page.order).toEqual({
      steps: ['score', 'scores.rmse', 'scores.r2', 'submittedAt', 'teamId'],
      higherIsBetter: false,
    });
    expect(page.records.map((r) => r.teamId)).toEqual([a.accountId, b.accountId, c.accountId]);
    expect(page.records[0]!.score).toBe(page.records[1]!.score);
    expect(page.records[0]).toMatchObject({ score: 1, scores: { rmse: 1, r2: expect.any(Number) } });
    expect(page.records[1]!.scores!.rmse).toBeGreaterThan(1);
    expect(Object.keys(page.records[0]!.scores!)).toEqual(['rmse', 'r2']);
    expect(page.records[2]).toMatchObject({ score: 3, scores: { rmse: 3 } });

    // The read model keeps every metric of each submission; the commitment names them.
    const scoredRow = await sql<{ scores: unknown }>`select scores from scoring.board_submissions
      where competition_id = ${competitionId} and team_id = ${a.accountId}`.execute(h.db);
    expect(scoredRow.rows[0]!.scores).toEqual([
      { metric: 'rmse', public: 1, private: 0 },
      { metric: 'r2', public: expect.any(Number), private: 1 },
    ]);
    const metric = (await h.anonymous.get('/api/leaderboard/metric', { competitionId })).body.data;
    expect(metric.commitments.at(-1).secondaryMetrics).toEqual(['rmse', 'r2']);

    // The private board (all exact: MAE 0, RMSE 0, R² 1) falls to the earlier submission: b, a, c.
    const preview = await h.board(
      competitionId,
      (d) => d.total === 3,
      '/api/leaderboard/private',
      h.operator.web,
    );
    expect(preview.records.map((r: { teamId: string }) => r.teamId)).toEqual([
      b.accountId,
      a.accountId,
      c.accountId,
    ]);

    // An operator's rescore scores every metric again: the events carry them, the board is the same.
    const rescored = await h.operator.web.post('/api/admin/submissions/rescore', {
      competitionId,
      phase: 'preliminary',
    });
    expect(rescored.body.code).toBe(0);
    const mine = await sql<{ submission_id: string }>`select submission_id from scoring.board_submissions
      where competition_id = ${competitionId} and team_id = ${a.accountId}`.execute(h.db);
    const events = await h.platform.stores
      .get('scoring')!
      .readStream(`submission-${mine.rows[0]!.submission_id}`);
    expect(events.map((e) => e.type)).toContain(scoring.SubmissionRescored.type);
    for (const event of events.filter((e) =>
      ([scoring.SubmissionScored.type, scoring.SubmissionRescored.type] as string[]).includes(e.type),
    ))
      expect((event.data as { scores: { metric: string }[] }).scores.map((x) => x.metric)).toEqual([
        'rmse',
        'r2',
      ]);
    const again: Page = await h.board(competitionId, (d) => d.total === 3);
    expect(again.records.map((r) => [r.teamId, r.score, r.scores])).toEqual(
      page.records.map((r) => [r.teamId, r.score, r.scores]),
    );

    // Sealed in form v2, published, recomputed by anyone from the pages (what every verifier runs).
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
    await h.board(competitionId, (d) => d.published === true, '/api/leaderboard/private');
    const check = await recomputePublishedSeal(competitionId, pages(h.anonymous, competitionId));
    expect(check).toMatchObject({ rows: 3, digest: sealed.body.data.digest, match: true });
    // A changed secondary score would not match: the digest covers every column.
    const tampered = await recomputePublishedSeal(competitionId, async (n) => {
      const data = await pages(h.anonymous, competitionId)(n);
      return { ...data, records: data.records.map((r) => ({ ...r, scores: { ...r.scores, rmse: 9 } })) };
    });
    expect(tampered.match).toBe(false);

    // A replay rebuilds the same boards, secondary scores included.
    const snapshot = () =>
      sql`select 'public' as board, team_id, best_score, scores from scoring.leaderboard where competition_id = ${competitionId}
        union all select 'private', team_id, best_score, scores from scoring.private_leaderboard where competition_id = ${competitionId}
        order by 1, 2`.execute(h.db);
    const kept = (await snapshot()).rows;
    await replayProjection(h.db, new ProjectionRunner(leaderboardProjection, h.db), [
      h.platform.stores.get('scoring')!,
    ]);
    expect((await snapshot()).rows).toEqual(kept);
  });

  it('refuses secondary metrics that are not a list the ground truth can take, in both languages', async () => {
    const competitionId = await h.competition(truth);
    for (const [secondary, code] of [
      ['rmse', scoringCodes.secondaryMetricsInvalid],
      ['mae,mae', scoringCodes.secondaryMetricsInvalid],
      ['mae,r2,sirna,threat_score,auc', scoringCodes.secondaryMetricsInvalid],
      ['no_such_metric', scoringCodes.secondaryMetricsInvalid],
      ['accuracy', scoringCodes.secondaryMetricIncompatible],
      ['auc', scoringCodes.secondaryMetricIncompatible],
    ] as const) {
      const body = await h.groundTruth(competitionId, truth, 'rmse', '50', false, secondary);
      expect(body.code, secondary).toBe(code);
    }
    const body = await h.groundTruth(competitionId, truth, 'rmse', '50', false, 'accuracy');
    expect(body.message).toMatch(/cannot score this ground truth beside rmse/);
    expect(body.data).toMatchObject({ metric: 'accuracy', primary: 'rmse', log: expect.any(String) });
    const { payload, contentType } = multipart(
      { competitionId, metric: 'rmse', publicPercent: '50', secondaryMetrics: 'rmse' },
      { file: { name: 'truth.csv', type: 'text/csv', bytes: Buffer.from(truth) } },
    );
    const zh = await h.operator.web.raw({
      method: 'POST',
      url: '/api/admin/groundtruth',
      payload,
      headers: { 'content-type': contentType, 'accept-language': 'zh-CN' },
    });
    expect(zh.body).toMatchObject({
      code: scoringCodes.secondaryMetricsInvalid,
      message: '次要指标须为指标目录中互不相同的名称，不能与主指标相同，最多 4 个（以逗号分隔）',
    });
  });

  it('a participant sees their own secondary scores in My Submissions: hidden in a blind phase, private once published', async () => {
    const competitionId = await h.competition(truth, { metric: 'mae', secondaryMetrics: 'rmse' });
    const a = await h.participant(competitionId);
    const { submissionId } = await h.submit(a.web, competitionId, uneven());
    type Mine = scoring.responses.MySubmission;
    const mine = (done: (row: Mine | undefined) => boolean) =>
      waitFor(
        async () =>
          ((await a.web.get('/api/submission/mine', { competitionId })).body.data as Mine[]).find(
            (row) => row.submissionId === submissionId,
          ),
        done,
        'my submission as wanted',
      );
    // The board's own figure for the row: what My Submissions must show.
    const page: Page = await h.board(competitionId, (d) => d.total === 1);
    const rmse = page.records[0]!.scores!.rmse!;
    expect(rmse).toBeGreaterThan(page.records[0]!.score!);
    const shown = await mine((row) => row?.scores !== undefined);
    expect(shown!.scores).toEqual([{ metric: 'rmse', score: rmse, privateScore: null }]);

    // A blind phase hides it as it hides the primary score.
    expect(
      (
        await h.operator.web.post('/api/admin/leaderboard/options', {
          competitionId,
          phase: 'preliminary',
          ladderStep: null,
          blind: true,
          reason: 'decision 0046 test',
        } satisfies scoring.requests.BoardOptionsBody)
      ).body.code,
    ).toBe(0);
    const blind = await mine((row) => row?.scoreHidden === 'blind');
    expect(blind!.score).toBeNull();
    expect(blind!.scores).toEqual([{ metric: 'rmse', score: null, privateScore: null }]);

    // Published: the private secondary score too (the public one stays hidden in the blind phase).
    await h.operator.web.post('/api/admin/leaderboard/seal', { competitionId, phase: 'preliminary' });
    await h.closePhase(competitionId);
    expect(
      (await h.operator.web.post('/api/admin/leaderboard/publish', { competitionId, phase: 'preliminary' }))
        .body.code,
    ).toBe(0);
    const privatePage = (await h.board(
      competitionId,
      (d) => d.published === true,
      '/api/leaderboard/private',
    )) as Page;
    const published = await mine((row) => row?.privateScore !== null);
    expect(published!.scores).toEqual([
      { metric: 'rmse', score: null, privateScore: privatePage.records[0]!.scores!.rmse },
    ]);
  });

  it('a ground truth without secondary metrics: pages, order and seal as before (form v1)', async () => {
    const competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    await h.submit(a.web, competitionId, even());
    const page = await h.board(competitionId, (d) => d.total === 1);
    expect(page).not.toHaveProperty('columns');
    expect(page.records[0]).not.toHaveProperty('scores');
    expect(page.order.steps).toEqual(['score', 'submittedAt', 'teamId']);
    const sealed = await h.operator.web.post('/api/admin/leaderboard/seal', {
      competitionId,
      phase: 'preliminary',
    });
    expect(sealed.body.data.form).toBe('v1');
    const row = await sql<{ scores: unknown }>`select scores from scoring.board_submissions
      where competition_id = ${competitionId}`.execute(h.db);
    expect(row.rows[0]!.scores).toBeNull();
  });
});
