import { randomUUID } from 'node:crypto';
import { scoring } from '@sais/events';
import { multipart } from '@sais/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardStream, publicationStream } from '../src/boards/index.ts';
import { Evaluator } from '../src/workers/evaluator.ts';
import { csv, scoringHarness } from './support.ts';

const truth = csv((i) => i * 5);
const near = (shift: number) => csv((i) => i * 5 + shift);

/**
 * Final means final (issue 30, decision 0025), on real storage in both modes: PostgreSQL + Kafka, and
 * the embedded default (PGlite, in-process bus) that `npm start` runs. No scoring worker runs here: the
 * test scores submissions itself, so a submission waits exactly as long as the test wants.
 */
describe.each([
  { mode: 'PostgreSQL + Kafka', embedded: false },
  { mode: 'embedded (npm start)', embedded: true },
])('phase rules on $mode', ({ embedded }) => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let evaluator: Evaluator;

  beforeAll(async () => {
    h = await scoringHarness({ SCORING_WORKERS: 'off', SCORING_RUNNER: 'off' }, undefined, { embedded });
    expect(h.platform.database.kind).toBe(embedded ? 'pglite' : 'postgres');
    evaluator = new Evaluator(h.db, h.platform.stores.get('scoring')!, {
      workerId: `test-${randomUUID().slice(0, 8)}`,
      leaseMs: 60_000,
      maxAttempts: 3,
      backoffMs: 20,
    });
  }, 180_000);
  afterAll(async () => {
    await h?.close();
  });

  const eventsOf = async (stream: string) =>
    (await h.platform.stores.get('scoring')!.readStream(stream)).map((event) => event.type);
  const score = (submissionId: string) => evaluator.evaluate(submissionId, randomUUID());
  const privateRows = async (competitionId: string) =>
    (await h.board(competitionId, (d) => d !== null, '/api/leaderboard/private', h.operator.web)).records.map(
      (r: { teamId: string; score: number; rank: number }) => [r.rank, r.teamId, r.score],
    );

  it('refuses publication while the phase is open or still scoring, publishes after, and the board stays', async () => {
    const competitionId = await h.competition(truth, { finalResultsApproval: 'two-operators' });
    const phase = 'preliminary';
    const [a, b] = [await h.participant(competitionId), await h.participant(competitionId)];
    await score(await h.upload(a.web, competitionId, near(1)));
    await score(await h.upload(b.web, competitionId, near(2)));
    await h.board(competitionId, (d) => d.total === 2, '/api/leaderboard/private', h.operator.web);
    const second = await h.account(['operator']);
    const body = { competitionId, phase, reason: 'ranking checked' };
    const propose = (web = h.operator.web, language = 'en') =>
      web.raw({
        method: 'POST',
        url: '/api/admin/leaderboard/publication/propose',
        payload: body,
        headers: { 'accept-language': language },
      });

    // Open phase: refused in both languages, naming from when (the phase's end, in the competition's zone).
    const status = (await h.operator.web.get('/api/admin/leaderboard/publication', { competitionId, phase }))
      .body.data;
    expect(status.schedule).toMatchObject({
      ended: false,
      override: null,
      timeZone: 'Asia/Shanghai',
      pending: 0,
    });
    expect(status.schedule.publishableFrom).toBe(status.schedule.endsAt);
    const open = await propose();
    expect(open.status).toBe(409);
    expect(open.body).toEqual({
      code: 40050,
      message: expect.stringMatching(
        /only after the phase has ended: from \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)? GMT\+8 \(Asia\/Shanghai\)$/,
      ),
      data: expect.objectContaining({ phase, publishableFrom: status.schedule.endsAt }),
    });
    expect((await propose(h.operator.web, 'zh-CN')).body.message).toMatch(/^该阶段结束后才能公布最终成绩/);
    // Nothing recorded, nothing sealed.
    expect(await eventsOf(publicationStream(competitionId, phase))).toEqual([]);
    expect(await eventsOf(`leaderboard-seal-${competitionId}-${phase}`)).toEqual([]);

    // An unknown competition: "no such competition", not "nothing to seal".
    const unknown = await h.operator.web.post('/api/admin/leaderboard/publication/propose', {
      ...body,
      competitionId: randomUUID(),
    });
    expect(unknown.body).toMatchObject({ code: 40001, message: 'This competition does not exist' });

    // Phase closed, but a submission made before is still waiting: not yet.
    const late = await h.upload(a.web, competitionId, near(0.5));
    await h.closePhase(competitionId);
    const waiting = await propose();
    expect(waiting.body).toMatchObject({ code: 40051, data: { pending: 1 } });
    await score(late);
    await h.board(
      competitionId,
      (d) => d.records[0]?.teamId === a.accountId && d.records[0].score < 1,
      '/api/leaderboard/private',
      h.operator.web,
    );

    // Proposed; an operator opens the phase again: the approval is refused until it is closed.
    expect((await propose()).body.code).toBe(0);
    await h.openPhase(competitionId);
    const reopened = await second.web.post('/api/admin/leaderboard/publication/approve', body);
    expect(reopened.body).toMatchObject({ code: 40050, data: { publishableFrom: null } });
    expect(reopened.body.message).toMatch(/an operator opened it/);
    await h.closePhase(competitionId);
    // The same operator twice is still refused; the second one publishes.
    expect((await h.operator.web.post('/api/admin/leaderboard/publication/approve', body)).body.code).toBe(
      40049,
    );
    expect((await second.web.post('/api/admin/leaderboard/publication/approve', body)).body.code).toBe(0);
    expect(await eventsOf(boardStream(competitionId, phase))).toEqual([
      scoring.PrivateLeaderboardPublished.type,
    ]);
    await h.board(competitionId, (d) => d.published === true, '/api/leaderboard/private');
    const published = await privateRows(competitionId);

    // After the end: refused (no late submissions); after an operator opens the phase again: refused too.
    const after = await h.post(b.web, competitionId, near(0));
    expect(after.body).toMatchObject({ code: 40003 });
    await h.openPhase(competitionId);
    const form = multipart(
      { competitionId },
      { file: { name: 'r.csv', type: 'text/csv', bytes: Buffer.from(near(0)) } },
    );
    const reopenedUpload = await b.web.raw({
      method: 'POST',
      url: '/api/submission/upload',
      payload: form.payload,
      headers: { 'content-type': form.contentType, 'accept-language': 'zh-CN' },
    });
    expect(reopenedUpload.body).toEqual({
      code: 40052,
      message: '该阶段最终成绩已公布，不再接受提交',
      data: { phase },
    });
    // Nothing changes a published board with one operator: rescore and disqualification are refused.
    const rescore = await h.operator.web.post('/api/admin/submissions/rescore', { competitionId, phase });
    expect(rescore.body.code).toBe(40043);
    const disqualify = await h.operator.web.post('/api/admin/leaderboard/disqualifyTeam', {
      competitionId,
      teamId: a.accountId,
      reason: 'after the fact',
    });
    expect(disqualify.body.code).toBe(40043);
    expect(await privateRows(competitionId)).toEqual(published);
    const mine = (await b.web.get('/api/submission/mine', { competitionId })).body.data;
    expect(mine).toHaveLength(1);
  });
});
