/**
 * The Ladder and blind phases (issue 37, decision 0045) through the API, on PostgreSQL + Kafka and on
 * the embedded default (a describe each): a probing attack (Whitehill's: many noise variations of one
 * file, keeping what the feedback says is better) climbs the public board with the Ladder off and does
 * not with it on; a blind phase gives a participant no public score on any route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoring, scoringCodes } from '@sais/events';
import { sql } from 'kysely';
import { type Web, csv, scoringHarness, waitFor } from './support.ts';
import { seededRandom } from './random.ts';

const rows = 40;
const truth = csv((i) => i * 5, rows);
/** The honest file: every prediction off by 0.97, so its RMSE (public and private) is 0.97. */
const honest = Array.from({ length: rows }, (_, i) => i * 5 + (i % 2 === 0 ? 0.97 : -0.97));
const fileOf = (predictions: readonly number[]) => csv((i) => predictions[i]!, rows);
const step = 0.1;

type Harness = Awaited<ReturnType<typeof scoringHarness>>;

describe.each([
  ['PostgreSQL + Kafka', false],
  ['the embedded default (npm start)', true],
])('the Ladder and blind phases, on %s', (_mode, embedded) => {
  let h: Harness;

  beforeAll(async () => {
    h = await scoringHarness({}, undefined, { embedded });
  });
  afterAll(() => h?.close());

  const setOptions = (web: Web, competitionId: string, ladderStep: number | null, blind: boolean) =>
    web.post('/api/admin/leaderboard/options', {
      competitionId,
      phase: 'preliminary',
      ladderStep,
      blind,
      reason: 'issue 37 test',
    } satisfies scoring.requests.BoardOptionsBody);

  /** The options as the board's projection has them (the operator's call is answered before). */
  const applied = (competitionId: string, ladderStep: number | null, blind: boolean) =>
    waitFor(
      () =>
        sql<{
          ladder_step: number | null;
          blind: boolean;
        }>`select ladder_step, blind from scoring.board_options
          where competition_id = ${competitionId}`.execute(h.db),
      (r) => r.rows[0]?.ladder_step === ladderStep && r.rows[0]?.blind === blind,
      'the board options applied',
    );

  /** The team's public row once it counts `entries` submissions. */
  const rowOf = async (competitionId: string, teamId: string, entries: number) => {
    const page = await h.board(competitionId, (d) =>
      d.records.some(
        (r: { teamId: string; entries: number }) => r.teamId === teamId && r.entries === entries,
      ),
    );
    return { page, row: page.records.find((r: { teamId: string }) => r.teamId === teamId) };
  };

  /**
   * Whitehill's probe: noise variations of the honest file, each submitted through the API; a variation
   * is kept when the feedback the participant gets says it is better. Returns the feedback before and after.
   */
  async function probe(competitionId: string, ladderOn: boolean, rounds: number) {
    const attacker = await h.participant(competitionId);
    const random = seededRandom(ladderOn ? 37 : 2015);
    const feedback = async (submissionId: string, entries: number) => {
      if (!ladderOn) return (await h.finished(attacker.web, competitionId, submissionId)).score!;
      // The Ladder on: the only number the participant gets is the board's (their row, or myScore).
      await h.finished(attacker.web, competitionId, submissionId);
      await rowOf(competitionId, attacker.accountId, entries);
      const mine = (await attacker.web.get('/api/submission/myScore', { competitionId })).body.data;
      return mine.best[0].score as number;
    };
    let current = honest;
    const first = await feedback(await h.upload(attacker.web, competitionId, fileOf(honest)), 1);
    let best = first;
    for (let round = 2; round <= rounds + 1; round++) {
      const candidate = current.map((p) => p + (random() * 2 - 1) * 0.1);
      const seen = await feedback(await h.upload(attacker.web, competitionId, fileOf(candidate)), round);
      if (seen < best) {
        best = seen;
        current = candidate;
      }
    }
    const { row, page } = await rowOf(competitionId, attacker.accountId, rounds + 1);
    return { attacker, first, shown: row.score as number, page };
  }

  it('a probing attack climbs the public board with the Ladder off', async () => {
    const competitionId = await h.competition(truth, { dailySubmissionLimit: 100 });
    const { first, shown, page } = await probe(competitionId, false, 16);
    expect(first).toBeCloseTo(0.97, 9);
    // The public score climbs: better than the honest file's, with no model and no new information.
    expect(shown).toBeLessThan(first - 0.01);
    expect(page.options).toEqual({ ladderStep: null, blind: false });
  });

  it('with the Ladder on, the same attack does not climb beyond one step of the honest score', async () => {
    const competitionId = await h.competition(truth, { dailySubmissionLimit: 100 });
    const set = await setOptions(h.operator.web, competitionId, step, false);
    expect(set.body).toMatchObject({
      code: 0,
      data: { phase: 'preliminary', ladderStep: step, blind: false },
    });
    await applied(competitionId, step, false);
    const { attacker, first, shown, page } = await probe(competitionId, true, 16);
    // The honest 0.97 is shown as 1.0 (rounded away from better); the noise never beats it by a step.
    expect(first).toBe(1);
    expect(shown).toBeGreaterThanOrEqual(0.97 - step);
    expect(shown).toBe(1);
    expect(page.options).toEqual({ ladderStep: step, blind: false });
    // No unrounded public score leaks through the participant's own reads.
    const mine = (await attacker.web.get('/api/submission/mine', { competitionId })).body.data;
    expect(mine).toHaveLength(17);
    for (const row of mine)
      expect(row).toMatchObject({ status: 'Completed', score: null, scoreHidden: 'ladder' });
    const myScore = (await attacker.web.get('/api/submission/myScore', { competitionId })).body.data;
    expect(myScore.history).toEqual([]);
    expect(myScore.boardOptions).toEqual([{ phase: 'preliminary', ladderStep: step, blind: false }]);
    const finals = (await attacker.web.get('/api/submission/final', { competitionId })).body.data;
    expect(finals).toEqual([expect.objectContaining({ default: true, submissions: [] })]);
    const inbox = (await attacker.web.get('/api/notify/page', { pageSize: '50' })).body.data.records as {
      title: string;
      notifyId: string;
    }[];
    const scoredNotice = inbox.find((r) => r.title === 'Submission scored')!;
    const content = (await attacker.web.get('/api/notify/detail', { notifyId: scoredNotice.notifyId })).body
      .data.content as string;
    expect(content).toMatch(/Ladder/);
    expect(content).not.toMatch(/\d\.\d/);
    // The private board is unaffected: the true private scores, ranked as before.
    const preview = await h.board(
      competitionId,
      (d) => d.total === 1,
      '/api/leaderboard/private',
      h.operator.web,
    );
    expect(preview.records[0].score).not.toBe(1);
    // Turning the Ladder off shows the true best again (the projection recomputes the phase's rows).
    await setOptions(h.operator.web, competitionId, null, false);
    const off = await h.board(competitionId, (d) => d.options.ladderStep === null);
    const trueBest = await sql<{ best: number }>`select min(public_score) as best from scoring.submissions
      where competition_id = ${competitionId}`.execute(h.db);
    expect(off.records[0].score).toBe(trueBest.rows[0]!.best);
  });

  it('a blind phase gives the participant no number on any route; operators see everything', async () => {
    const competitionId = await h.competition(truth, { dailySubmissionLimit: 10 });
    const participant = await h.participant(competitionId);
    // Only operators set options: a participant is refused, bad steps and phases are refused.
    expect((await setOptions(participant.web, competitionId, null, true)).status).toBe(403);
    expect((await setOptions(h.operator.web, competitionId, 0, true)).status).toBe(400);
    const unknown = await h.operator.web.post('/api/admin/leaderboard/options', {
      competitionId,
      phase: 'final',
      ladderStep: null,
      blind: true,
      reason: 'no such phase',
    });
    expect(unknown.body.code).toBe(scoringCodes.publicationPhaseUnknown);
    expect((await setOptions(h.operator.web, competitionId, step, true)).body.code).toBe(0);
    await applied(competitionId, step, true);
    const listed = (await h.operator.web.get('/api/admin/leaderboard/options', { competitionId })).body.data;
    expect(listed).toEqual([{ phase: 'preliminary', ladderStep: step, blind: true }]);

    const a = await h.submit(participant.web, competitionId, fileOf(honest));
    const b = await h.submit(
      participant.web,
      competitionId,
      csv((i) => i * 5 + 0.5, rows),
    );
    expect([a.status, b.status]).toEqual(['Completed', 'Completed']);
    // Operators see the board (with the Ladder's rounding) and the true scores.
    const operatorBoard = await h.board(
      competitionId,
      (d) => d.records[0]?.entries === 2,
      '/api/leaderboard/public',
      h.operator.web,
    );
    expect(operatorBoard.options).toEqual({ ladderStep: step, blind: true });
    const scores = await sql<{
      public_score: number;
      private_score: number;
    }>`select public_score, private_score
      from scoring.submissions where competition_id = ${competitionId}`.execute(h.db);
    // The true scores (0.97, 0.5 and their private twins); the board's Ladder-rounded 1 is too short to look for.
    const numbers = scores.rows.flatMap((r) => [r.public_score, r.private_score]);
    expect(operatorBoard.records[0].score).toBe(0.5);
    await waitFor(
      async () => (await participant.web.get('/api/notify/page', { pageSize: '50' })).body.data.records,
      (records: { title: string }[]) => records.filter((r) => r.title === 'Submission scored').length === 2,
      'the two notices',
    );

    // Every route that answers a participant about scores: none carries a score.
    const answers: [string, { status: number; body: { code: number; data: unknown } }][] = [];
    for (const [path, query] of [
      ['/api/submission/mine', { competitionId }],
      ['/api/submission/myScore', { competitionId }],
      ['/api/submission/final', { competitionId }],
      ['/api/submission/remaining', { competitionId }],
      ['/api/leaderboard/public', { competitionId }],
      ['/api/leaderboard/public', { competitionId, asOf: new Date().toISOString() }],
      ['/api/leaderboard/private', { competitionId }],
      ['/api/submission/scoreRecord', { submissionId: a.submissionId }],
      ['/api/notify/page', { pageSize: '50' }],
    ] as const)
      answers.push([path, await participant.web.get(path, query)]);
    const inbox = answers.find(([path]) => path === '/api/notify/page')![1].body.data as {
      records: { notifyId: string }[];
    };
    for (const record of inbox.records)
      answers.push([
        '/api/notify/detail',
        await participant.web.get('/api/notify/detail', { notifyId: record.notifyId }),
      ]);
    for (const [path, answer] of answers) {
      // Times first: "19:30:00.574Z" holds "0.5" without carrying any score.
      const text = JSON.stringify(answer.body).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>');
      for (const n of numbers)
        for (const form of [String(n), scoring.formatScore(n), n.toFixed(2), n.toFixed(3)])
          expect(text, `${path} carries ${form}`).not.toContain(form);
    }
    const byPath = Object.fromEntries(answers);
    expect(byPath['/api/leaderboard/public']!.body.code).toBe(scoringCodes.publicBoardBlind);
    expect(byPath['/api/leaderboard/public']!.status).toBe(403);
    expect((await h.anonymous.get('/api/leaderboard/public', { competitionId })).body.code).toBe(
      scoringCodes.publicBoardBlind,
    );
    expect(byPath['/api/submission/mine']!.body.data).toEqual([
      expect.objectContaining({ status: 'Completed', score: null, scoreHidden: 'blind' }),
      expect.objectContaining({ status: 'Completed', score: null, scoreHidden: 'blind' }),
    ]);
    expect(byPath['/api/submission/myScore']!.body.data).toMatchObject({ best: [], history: [] });
    expect(byPath['/api/submission/remaining']!.body.data).toMatchObject({ remaining: 8 });
    const detail = answers.filter(([path]) => path === '/api/notify/detail').map(([, r]) => r.body.data);
    expect(detail.some((d) => /blind/.test((d as { content: string }).content))).toBe(true);
  });
});
