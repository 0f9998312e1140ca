/**
 * Baselines (issue 37, decision 0050) through the API, on PostgreSQL + Kafka and on the embedded default
 * (a describe each): an operator adds rows scored from a file like a submission; the public and private
 * boards carry them marked and placed by score, never ranked, never counted; the seal and the shake-up
 * are unchanged by them; removing is an event too, and a replay rebuilds them.
 */
import { ProjectionRunner, replayProjection } from '@sais/kit/projections';
import { multipart } from '@sais/kit/testing';
import { scoring, scoringCodes } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardProjection } from '../../src/boards/projection.ts';
import { type Web, csv, latestSplit, scoringHarness, waitFor } from '../support.ts';

const truth = csv((i) => i * 5);
/** A file whose public RMSE is `pub` and private RMSE is `priv` against `truth` (of the latest competition). */
const scored = (pub: number, priv: number) =>
  csv((i) => i * 5 + (latestSplit.publicIds.has(`r${i}`) ? pub : priv));
const nanFile = csv((i) => (i === 3 ? NaN : i));

type Harness = Awaited<ReturnType<typeof scoringHarness>>;
type Page = {
  total: number;
  records: { rank: number; teamId: string; score: number; publicRank?: number | null }[];
  baselines: scoring.BaselineRow[];
  seal: { rows: number } | null;
};

describe.each([
  ['PostgreSQL + Kafka', false],
  ['the embedded default (npm start)', true],
])('baselines, on %s', (_mode, embedded) => {
  let h: Harness;

  beforeAll(async () => {
    h = await scoringHarness({}, undefined, { embedded });
  });
  afterAll(() => h?.close());

  const add = async (
    web: Web,
    fields: { competitionId: string; phase?: string; name: string; description?: string },
    content: string,
  ) => {
    const { payload, contentType } = multipart(
      { phase: 'preliminary', description: '', ...fields },
      { file: { name: 'baseline.csv', type: 'text/csv', bytes: Buffer.from(content) } },
    );
    return web.raw({
      method: 'POST',
      url: '/api/admin/leaderboard/baselines',
      payload,
      headers: { 'content-type': contentType },
    });
  };
  const remove = (web: Web, competitionId: string, baselineId: string) =>
    web.post('/api/admin/leaderboard/baselines/remove', {
      competitionId,
      phase: 'preliminary',
      baselineId,
      reason: 'issue 37 test',
    } satisfies scoring.requests.RemoveBaseline);

  const page = (
    competitionId: string,
    done: (d: Page) => boolean,
    path = '/api/leaderboard/public',
    query: Record<string, string> = {},
  ) =>
    waitFor(
      async () => (await h.operator.web.get(path, { competitionId, ...query })).body.data as Page,
      done,
      `${path} to show the baselines`,
    );

  it('an operator adds baselines; the boards show them marked, placed by score, never ranked', async () => {
    const competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    const c = await h.participant(competitionId);
    // An operator who also takes part (a team of their own): last on both boards.
    const insider = await h.participant(competitionId, ['operator']);
    const files = {
      a: scored(1, 3),
      b: scored(2, 0.5),
      c: scored(3, 2),
      mean: scored(1.5, 1),
      zero: scored(0.5, 5),
    };
    for (const [who, file] of [
      [a, files.a],
      [b, files.b],
      [c, files.c],
      [insider, scored(4, 4)],
    ] as const)
      expect((await h.submit(who.web, competitionId, file)).status).toBe('Completed');
    const before = await page(competitionId, (d) => d.total === 4);
    expect(before.baselines).toEqual([]);

    // Only operators; an operator who takes part in the competition is refused (separation of duties).
    expect((await add(a.web, { competitionId, name: 'Mean' }, files.mean)).status).toBe(403);
    const own = await add(insider.web, { competitionId, name: 'Mean' }, files.mean);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe(scoringCodes.baselineOwnCompetition);
    // Bounded fields, a known phase, a file the scorer takes.
    const long = await add(h.operator.web, { competitionId, name: 'x'.repeat(61) }, files.mean);
    expect(long.status).toBe(400);
    const noPhase = await add(h.operator.web, { competitionId, phase: 'final', name: 'Mean' }, files.mean);
    expect(noPhase.body.code).toBe(scoringCodes.publicationPhaseUnknown);
    const invalid = await add(h.operator.web, { competitionId, name: 'Broken' }, nanFile);
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe(scoringCodes.baselineFileInvalid);
    expect(invalid.body.data.refusal).toMatchObject({ key: expect.any(String) });

    const mean = await add(
      h.operator.web,
      { competitionId, name: 'Mean', description: 'Predicts the mean of the training targets' },
      files.mean,
    );
    expect(mean.body).toMatchObject({
      code: 0,
      data: { name: 'Mean', publicScore: 1.5, privateScore: 1, metric: 'rmse', phase: 'preliminary' },
    });
    const zero = await add(
      h.operator.web,
      { competitionId, name: 'Zero', description: '零基线' },
      files.zero,
    );
    expect(zero.body.code).toBe(0);
    const again = await add(h.operator.web, { competitionId, name: 'Mean' }, files.mean);
    expect(again.body.code).toBe(scoringCodes.baselineNameTaken);

    // Public board: the teams' ranks, total and rows are as before; the baselines beside them.
    const pub = await page(competitionId, (d) => d.baselines.length === 2);
    expect(pub.total).toBe(4);
    expect(pub.records.map((r) => [r.rank, r.teamId])).toEqual(before.records.map((r) => [r.rank, r.teamId]));
    expect(pub.records.map((r) => r.teamId)).toEqual([
      a.accountId,
      b.accountId,
      c.accountId,
      insider.accountId,
    ]);
    expect(pub.baselines).toEqual([
      expect.objectContaining({
        baseline: true,
        name: 'Zero',
        description: '零基线',
        score: 0.5,
        teamsAhead: 0,
      }),
      expect.objectContaining({ baseline: true, name: 'Mean', score: 1.5, teamsAhead: 1 }),
    ]);
    expect(pub.baselines.every((row) => !('rank' in row))).toBe(true);
    // Read in order: Zero, A, Mean, B, C.
    expect(
      scoring
        .withBaselines(pub.records, pub.baselines)
        .map((row) => ('baseline' in row ? row.name : row.rank)),
    ).toEqual(['Zero', 1, 'Mean', 2, 3, 4]);
    // Paged: each baseline on the page of its place (one row a page).
    for (const [n, names] of [
      [1, ['Zero']],
      [2, ['Mean']],
      [3, []],
      [4, []],
    ] as const) {
      const one = (
        await h.anonymous.get('/api/leaderboard/public', { competitionId, page: String(n), pageSize: '1' })
      ).body.data as Page;
      expect(one.records).toHaveLength(1);
      expect(one.baselines.map((row) => row.name)).toEqual(names);
    }

    // Private board (the operator's preview): private scores; Zero (5) after every team.
    const priv = await page(competitionId, (d) => d.baselines.length === 2, '/api/leaderboard/private');
    expect(priv.records.map((r) => [r.rank, r.teamId, r.publicRank])).toEqual([
      [1, b.accountId, 2],
      [2, c.accountId, 3],
      [3, a.accountId, 1],
      [4, insider.accountId, 4],
    ]);
    expect(priv.baselines.map((row) => [row.name, row.score, row.teamsAhead])).toEqual([
      ['Mean', 1, 1],
      ['Zero', 5, 4],
    ]);
    const last = (
      await h.operator.web.get('/api/leaderboard/private', { competitionId, page: '2', pageSize: '2' })
    ).body.data as Page;
    expect(last.baselines.map((row) => row.name)).toEqual(['Zero']);

    // The operators' list, and the events that record it.
    const listed = (await h.operator.web.get('/api/admin/leaderboard/baselines', { competitionId })).body
      .data;
    expect(listed.map((row: { name: string }) => row.name).sort()).toEqual(['Mean', 'Zero']);
    const events = await sql<{ type: string }>`select type from scoring.events
      where stream_id = ${`baselines-${competitionId}-preliminary`} order by stream_version`.execute(h.db);
    expect(events.rows.map((r) => r.type)).toEqual(['scoring.BaselineAdded', 'scoring.BaselineAdded']);

    // Removing: an event; the row leaves both boards; a second removal names it unknown.
    expect((await remove(a.web, competitionId, zero.body.data.baselineId)).status).toBe(403);
    expect((await remove(h.operator.web, competitionId, zero.body.data.baselineId)).body.code).toBe(0);
    expect((await remove(h.operator.web, competitionId, zero.body.data.baselineId)).body.code).toBe(
      scoringCodes.baselineUnknown,
    );
    const after = await page(competitionId, (d) => d.baselines.length === 1);
    expect(after.baselines.map((row) => row.name)).toEqual(['Mean']);

    // Published: the seal covers the teams only; the baselines stay shown, and can no longer change.
    await h.closePhase(competitionId);
    const published = await h.operator.web.post('/api/admin/leaderboard/publish', {
      competitionId,
      phase: 'preliminary',
    });
    expect(published.body.code).toBe(0);
    const final = (await waitFor(
      async () => (await a.web.get('/api/leaderboard/private', { competitionId })).body.data,
      (d) => d?.published === true && d.seal !== null,
      'the published private board',
    )) as Page;
    expect(final.seal!.rows).toBe(4);
    expect(final.total).toBe(4);
    expect(final.baselines.map((row) => row.name)).toEqual(['Mean']);
    const late = await add(h.operator.web, { competitionId, name: 'Late' }, files.zero);
    expect(late.body.code).toBe(scoringCodes.baselinesFinal);
    // A replay rebuilds the baselines from the events (last: it renumbers the boards' change counters).
    const snapshot = () =>
      sql`select baseline_id, name, description, public_score, private_score, added_at from scoring.board_baselines
        where competition_id = ${competitionId} order by baseline_id`.execute(h.db);
    const kept = (await snapshot()).rows;
    expect(kept).toHaveLength(1);
    await replayProjection(h.db, new ProjectionRunner(leaderboardProjection, h.db), [
      h.platform.stores.get('scoring')!,
    ]);
    expect((await snapshot()).rows).toEqual(kept);
  });

  it('a ground truth with secondary metrics scores a baseline by each, shown in its columns (decision 0046)', async () => {
    const competitionId = await h.competition(truth, { metric: 'mae', secondaryMetrics: 'rmse' });
    const p = await h.participant(competitionId);
    await h.submit(p.web, competitionId, scored(1, 1));
    // Error 2 on the public rows and 3 on the private ones: MAE = RMSE on each part.
    const added = await add(h.operator.web, { competitionId, name: 'Mean' }, scored(2, 3));
    expect(added.body).toMatchObject({
      code: 0,
      data: {
        publicScore: 2,
        privateScore: 3,
        scores: [{ metric: 'rmse', publicScore: 2, privateScore: 3 }],
      },
    });
    const open = await page(competitionId, (d) => d.baselines.length === 1 && d.total === 1);
    expect(open.baselines[0]).toMatchObject({ name: 'Mean', score: 2, scores: { rmse: 2 }, teamsAhead: 1 });
    const priv = await page(competitionId, (d) => d.baselines.length === 1, '/api/leaderboard/private');
    expect(priv.baselines[0]).toMatchObject({ score: 3, scores: { rmse: 3 } });
    // The operators' list names them too; a replay rebuilds them from the events.
    const listed = await h.operator.web.get('/api/admin/leaderboard/baselines', { competitionId });
    expect(listed.body.data[0]).toMatchObject({
      scores: [{ metric: 'rmse', publicScore: 2, privateScore: 3 }],
    });
    const snapshot = () =>
      sql`select baseline_id, scores from scoring.board_baselines where competition_id = ${competitionId}`.execute(
        h.db,
      );
    const kept = (await snapshot()).rows;
    expect(kept[0]).toMatchObject({ scores: [{ metric: 'rmse', public: 2, private: 3 }] });
    await replayProjection(h.db, new ProjectionRunner(leaderboardProjection, h.db), [
      h.platform.stores.get('scoring')!,
    ]);
    expect((await snapshot()).rows).toEqual(kept);
  });

  it('a board as of a past time shows the baselines of that time, with their secondary scores', async () => {
    // As-of steps of 1 s (a minute by default), on a platform of its own.
    const a = await scoringHarness({ SCORING_BOARD_AS_OF_STEP_SECONDS: '1' }, undefined, { embedded });
    try {
      const competitionId = await a.competition(truth, { metric: 'mae', secondaryMetrics: 'rmse' });
      const p = await a.participant(competitionId);
      await a.submit(p.web, competitionId, scored(1, 1));
      const board = (done: (d: Page) => boolean, query: Record<string, string> = {}) =>
        waitFor(
          async () =>
            (await a.operator.web.get('/api/leaderboard/public', { competitionId, ...query })).body
              .data as Page,
          done,
          'the board with its baselines',
        );
      const mean = await add(a.operator.web, { competitionId, name: 'Mean' }, scored(2, 2));
      expect(mean.body.code).toBe(0);
      await board((d) => d.baselines.length === 1);
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await pause(1100);
      const then = new Date().toISOString();
      await pause(1100);
      // Later: Mean removed, Zero added.
      expect((await remove(a.operator.web, competitionId, mean.body.data.baselineId)).body.code).toBe(0);
      expect((await add(a.operator.web, { competitionId, name: 'Zero' }, scored(3, 3))).body.code).toBe(0);
      const now = await board((d) => d.baselines.map((b) => b.name).join() === 'Zero');
      expect(now.baselines[0]).toMatchObject({ score: 3, scores: { rmse: 3 } });
      const past = await board((d) => d.total === 1, { asOf: then });
      expect(past.baselines.map((b) => ({ name: b.name, score: b.score, scores: b.scores }))).toEqual([
        { name: 'Mean', score: 2, scores: { rmse: 2 } },
      ]);
    } finally {
      await a.close();
    }
  });

  it('a baseline of a single-metric ground truth carries no secondary scores (answers as before)', async () => {
    const competitionId = await h.competition(truth);
    const added = await add(h.operator.web, { competitionId, name: 'Mean' }, scored(2, 2));
    expect(added.body.code).toBe(0);
    expect(added.body.data).not.toHaveProperty('scores');
    const open = await page(competitionId, (d) => d.baselines.length === 1);
    expect(open.baselines[0]).not.toHaveProperty('scores');
  });

  it('a blind phase: participants get no public board, baselines included; operators see them', async () => {
    const competitionId = await h.competition(truth);
    const p = await h.participant(competitionId);
    await h.submit(p.web, competitionId, scored(1, 1));
    expect((await add(h.operator.web, { competitionId, name: 'Mean' }, scored(2, 2))).body.code).toBe(0);
    const set = await h.operator.web.post('/api/admin/leaderboard/options', {
      competitionId,
      phase: 'preliminary',
      ladderStep: null,
      blind: true,
      reason: 'issue 37 test',
    } satisfies scoring.requests.BoardOptionsBody);
    expect(set.body.code).toBe(0);
    const seen = await page(competitionId, (d) => d.baselines.length === 1 && d.total === 1);
    expect(seen.baselines[0]).toMatchObject({ name: 'Mean', score: 2, teamsAhead: 1 });
    await waitFor(
      () => p.web.get('/api/leaderboard/public', { competitionId }),
      (r) => r.body.code === scoringCodes.publicBoardBlind,
      'the blind board refused',
    );
  });
});
