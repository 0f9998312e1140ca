import { randomUUID } from 'node:crypto';
import { scoring } from '@sais/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardStream, publicationStream } from '../src/boards/index.ts';
import { csv, scoringHarness, latestSplit } from './support.ts';

const truth = csv((i) => i * 5);
const scored = (pub: number, priv: number) =>
  csv((i) => i * 5 + (latestSplit.publicIds.has(`r${i}`) ? pub : priv));

/** Issue 19 on real PostgreSQL and Kafka: two operators for final results, no default phase, own teams. */
describe('final results need two operators; nobody decides on their own team', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  beforeAll(async () => {
    h = await scoringHarness();
  });
  afterAll(() => h.close());

  const eventsOf = async (stream: string) =>
    (await h.platform.stores.get('scoring')!.readStream(stream)).map((event) => event.type);

  it('a prize competition publishes through a proposal and a different operator’s approval', async () => {
    // No explicit rule: prize money (bonus 1) means two operators.
    const competitionId = await h.competition(truth, { finalResultsApproval: null });
    const phase = 'preliminary';
    const [a, b] = [await h.participant(competitionId), await h.participant(competitionId)];
    await h.submit(a.web, competitionId, scored(1, 3));
    await h.submit(b.web, competitionId, scored(2, 1));
    await h.board(competitionId, (d) => d.total === 2, '/api/leaderboard/private', h.operator.web);
    const second = await h.account(['operator']);
    const body = { competitionId, phase, reason: 'ranking checked against the seal' };
    // Final results once the phase has ended (issue 30; phase-rules.int.test.ts shows the refusal).
    await h.closePhase(competitionId);

    const direct = await h.operator.web.post('/api/admin/leaderboard/publish', { competitionId, phase });
    expect(direct.body).toMatchObject({ code: 40041, message: expect.stringMatching(/two operators/) });
    expect(await eventsOf(boardStream(competitionId, phase))).toEqual([]);

    // No default phase: refused before anything happens.
    const noPhase = await h.operator.web.post('/api/admin/leaderboard/publication/propose', {
      competitionId,
      reason: 'x',
    });
    expect(noPhase.body).toMatchObject({ code: 400, message: expect.stringMatching(/Choose the phase/) });

    const proposed = await h.operator.web.post('/api/admin/leaderboard/publication/propose', body);
    expect(proposed.body.data).toMatchObject({
      mode: 'two-operators',
      proposal: { proposedBy: h.operator.accountId, reason: body.reason, sealDigest: expect.any(String) },
      published: null,
    });
    expect((await h.operator.web.post('/api/admin/leaderboard/publication/propose', body)).body.code).toBe(
      40047,
    );

    // The proposer cannot approve their own proposal; nothing is published.
    const own = await h.operator.web.post('/api/admin/leaderboard/publication/approve', body);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: 40049, message: expect.stringMatching(/different operator/) });
    expect(await eventsOf(boardStream(competitionId, phase))).toEqual([]);
    expect((await h.anonymous.get('/api/leaderboard/private', { competitionId })).body.code).toBe(40009);

    // Withdrawn, proposed again, approved by the second operator: published.
    const withdrawn = await second.web.post('/api/admin/leaderboard/publication/withdraw', {
      ...body,
      reason: 'wait for the appeal',
    });
    expect(withdrawn.body.data.proposal).toBeNull();
    expect((await second.web.post('/api/admin/leaderboard/publication/approve', body)).body.code).toBe(40048);
    expect((await h.operator.web.post('/api/admin/leaderboard/publication/propose', body)).body.code).toBe(0);
    const approved = await second.web.post('/api/admin/leaderboard/publication/approve', body);
    expect(approved.body.data).toMatchObject({
      published: { by: second.accountId, role: 'operator' },
      proposal: null,
    });
    expect(await eventsOf(publicationStream(competitionId, phase))).toEqual([
      scoring.PublicationProposed.type,
      scoring.PublicationWithdrawn.type,
      scoring.PublicationProposed.type,
      scoring.PublicationApproved.type,
    ]);
    expect(await eventsOf(boardStream(competitionId, phase))).toEqual([
      scoring.PrivateLeaderboardPublished.type,
    ]);
    await h.board(competitionId, (d) => d.published === true, '/api/leaderboard/private');
    const status = await h.operator.web.get('/api/admin/leaderboard/publication', { competitionId, phase });
    expect(status.body.data.history.map((e: { by: string }) => e.by)).toEqual([
      h.operator.accountId,
      second.accountId,
      h.operator.accountId,
      second.accountId,
    ]);
    // Participants cannot take part.
    expect((await a.web.post('/api/admin/leaderboard/publication/propose', body)).status).toBe(403);
  });

  it('answers “no such competition” to every publication step and the seal for an unknown competition (issue 35)', async () => {
    const competitionId = randomUUID();
    const body = { competitionId, phase: 'preliminary', reason: 'checked' };
    const texts = { en: 'This competition does not exist', 'zh-CN': '该比赛不存在' };
    for (const language of ['en', 'zh-CN'] as const) {
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        h.operator.web.raw({ method, url, payload, headers: { 'accept-language': language } });
      for (const step of ['propose', 'approve', 'withdraw']) {
        const answer = await call('POST', `/api/admin/leaderboard/publication/${step}`, body);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ code: 40001, message: texts[language], data: null });
      }
      const seal = await call('POST', '/api/admin/leaderboard/seal', { competitionId, phase: 'preliminary' });
      expect(seal.body).toMatchObject({ code: 40001, message: texts[language] });
    }
    expect(await eventsOf(publicationStream(competitionId, 'preliminary'))).toEqual([]);
  });

  it('two operators racing to propose and two to approve: one of each lands, the others hear why', async () => {
    const competitionId = await h.competition(truth, { finalResultsApproval: 'two-operators' });
    const phase = 'preliminary';
    const a = await h.participant(competitionId);
    await h.submit(a.web, competitionId, scored(1, 3));
    await h.board(competitionId, (d) => d.total === 1, '/api/leaderboard/private', h.operator.web);
    const [second, third] = [await h.account(['operator']), await h.account(['operator'])];
    const body = { competitionId, phase, reason: 'checked' };
    await h.closePhase(competitionId);
    const call = (web: typeof second.web, step: 'propose' | 'approve') =>
      web.post(`/api/admin/leaderboard/publication/${step}`, body);

    const proposals = await Promise.all([call(h.operator.web, 'propose'), call(second.web, 'propose')]);
    // The loser of the race is decided again on the new state: a pending proposal, not a conflict.
    expect(proposals.map((answer) => answer.body.code).sort()).toEqual([0, 40047]);
    const proposer = proposals[0]!.body.code === 0 ? h.operator : second;
    const approvers = [second, third].filter((who) => who !== proposer);
    if (approvers.length < 2) approvers.push(h.operator);
    const approvals = await Promise.all(approvers.map((who) => call(who.web, 'approve')));
    expect(approvals.map((answer) => answer.body.code).sort()).toEqual([0, 40043]);
    expect(await eventsOf(publicationStream(competitionId, phase))).toEqual([
      scoring.PublicationProposed.type,
      scoring.PublicationApproved.type,
    ]);
    expect(await eventsOf(boardStream(competitionId, phase))).toEqual([
      scoring.PrivateLeaderboardPublished.type,
    ]);
  });

  it('a one-operator competition publishes directly; a rescore names its phase or all phases', async () => {
    const competitionId = await h.competition(truth, { finalResultsApproval: 'one-operator' });
    const a = await h.participant(competitionId);
    await h.submit(a.web, competitionId, scored(1, 3));
    const rescore = (body: object) =>
      h.operator.web.post('/api/admin/submissions/rescore', { competitionId, ...body });
    const none = await rescore({});
    expect(none.body).toMatchObject({ code: 400, message: expect.stringMatching(/no default phase/) });
    expect((await rescore({ phase: 'preliminary', allPhases: true })).body.code).toBe(400);
    expect((await rescore({ phase: 'preliminary' })).body.data).toMatchObject({
      phase: 'preliminary',
      rescored: 1,
    });
    expect((await rescore({ allPhases: true })).body.data).toMatchObject({ phase: null, rescored: 1 });
    expect((await h.operator.web.post('/api/admin/leaderboard/publish', { competitionId })).body.code).toBe(
      400,
    );
    const status = await h.operator.web.get('/api/admin/leaderboard/publication', {
      competitionId,
      phase: 'preliminary',
    });
    expect(status.body.data.mode).toBe('one-operator');
    // The ground-truth panel shows the truth in force: file, rows, split, metric, who and when.
    const truthNow = await h.operator.web.get('/api/admin/groundtruth', { competitionId });
    expect(truthNow.body.data).toMatchObject({
      metric: 'rmse',
      rows: 20,
      publicRows: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      uploadedBy: h.operator.accountId,
      uploadedByName: h.operator.username,
      uploadedAt: expect.any(String),
    });
    expect((await a.web.get('/api/admin/groundtruth', { competitionId })).status).toBe(403);
  });

  it('refuses an operator disqualifying their own team or its submissions', async () => {
    const competitionId = await h.competition(truth);
    const insider = await h.participant(competitionId, ['operator']);
    const mate = await h.participant(competitionId);
    const teamId = await h.team(competitionId, mate.accountId, insider.accountId);
    const { submissionId } = await h.submit(mate.web, competitionId, scored(1, 1));
    const team = await insider.web.post('/api/admin/leaderboard/disqualifyTeam', {
      competitionId,
      teamId,
      reason: 'mine',
    });
    expect(team.status).toBe(403);
    expect(team.body).toMatchObject({ code: 40028, message: expect.stringMatching(/member of this team/) });
    const submission = await insider.web.post(`/api/admin/submissions/${submissionId}/disqualify`, {
      reason: 'mine',
    });
    expect(submission.body.code).toBe(40028);
    expect(await eventsOf(`scoring-team-${competitionId}-${teamId}`)).toEqual([]);
    // Another operator may.
    const other = await h.operator.web.post('/api/admin/leaderboard/disqualifyTeam', {
      competitionId,
      teamId,
      reason: 'two accounts, one person',
    });
    expect(other.body.code).toBe(0);
  });
});
