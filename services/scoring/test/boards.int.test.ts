import type { AddressInfo } from 'node:net';
import { ProjectionRunner, replayProjection } from '@sais/kit/projections';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardProjection } from '../src/boards/index.ts';
import { type Web, csv, scoringHarness, waitFor, latestSplit } from './support.ts';

const truth = csv((i) => i * 5);
/** A file whose public RMSE is `pub` and private RMSE is `priv` against `truth`. */
const scored = (pub: number, priv: number) =>
  csv((i) => i * 5 + (latestSplit.publicIds.has(`r${i}`) ? pub : priv));
const nanFile = csv((i) => (i === 3 ? NaN : i));

type Row = { teamId: string; score: number; rank: number };
const teamsOf = (data: { records: Row[] }) => data.records.map((r) => r.teamId);

describe('scoring: final selection, private leaderboard, operator calls, live updates, inbox', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;

  beforeAll(async () => {
    h = await scoringHarness();
  });
  afterAll(() => h.close());

  it('selects final submissions (default: 2 best public), keeps the private board hidden until published', async () => {
    const competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    const other = await h.participant(competitionId);
    const bOnly = await h.submit(b.web, competitionId, scored(5, 0.1));
    const s1 = await h.submit(a.web, competitionId, scored(1, 3));
    const s2 = await h.submit(a.web, competitionId, scored(2, 0.5));
    const s3 = await h.submit(a.web, competitionId, scored(3, 0.1));
    const invalid = await h.submit(a.web, competitionId, nanFile);
    expect(invalid.status).toBe('Invalid');
    const otherSubmission = await h.submit(other.web, competitionId, scored(9, 9));

    const defaults = await a.web.get('/api/submission/final', { competitionId });
    expect(defaults.body.data).toEqual([
      expect.objectContaining({ phase: 'preliminary', default: true, closed: false }),
    ]);
    expect(defaults.body.data[0].submissions.map((s: { submissionId: string }) => s.submissionId)).toEqual([
      s1.submissionId,
      s2.submissionId,
    ]);

    // Hidden from participants and visitors until published; operators may preview.
    const hidden = await a.web.get('/api/leaderboard/private', { competitionId });
    expect(hidden.status).toBe(403);
    expect(hidden.body).toMatchObject({ code: 40009, message: expect.stringMatching(/not published/) });
    expect((await h.anonymous.get('/api/leaderboard/private', { competitionId })).body.code).toBe(40009);
    const preview = await h.board(
      competitionId,
      (d) => d.total === 3 && d.records.some((r: Row) => r.teamId === a.accountId && r.score === 0.5),
      '/api/leaderboard/private',
      h.operator.web,
    );
    expect(preview.published).toBe(false);
    expect(teamsOf(preview)).toEqual([b.accountId, a.accountId, other.accountId]);

    // Refusals: Invalid, another team's, more than two.
    for (const submissionIds of [[invalid.submissionId], [otherSubmission.submissionId]]) {
      const refused = await a.web.post('/api/submission/selectFinal', { competitionId, submissionIds });
      expect(refused.body.code).toBe(40010);
    }
    const tooMany = await a.web.post('/api/submission/selectFinal', {
      competitionId,
      submissionIds: [s1.submissionId, s2.submissionId, s3.submissionId],
    });
    expect(tooMany.status).toBe(400);

    const chosen = await a.web.post('/api/submission/selectFinal', {
      competitionId,
      submissionIds: [s3.submissionId],
    });
    expect(chosen.body.code).toBe(0);
    expect(chosen.body.data).toMatchObject({ phase: 'preliminary', default: false });
    expect(chosen.body.data.submissions).toEqual([
      expect.objectContaining({ submissionId: s3.submissionId }),
    ]);
    const events = await sql<{ type: string }>`select type from scoring.events
      where stream_id = ${`scoring-team-${competitionId}-${a.accountId}`}`.execute(h.db);
    expect(events.rows.map((r) => r.type)).toEqual(['scoring.FinalSubmissionsSelected']);

    // a's private score is now s3's 0.1, the same as b's: b submitted earlier and stays first.
    const selected = await h.board(
      competitionId,
      (d) => d.records.some((r: Row) => r.teamId === a.accountId && Math.abs(r.score - 0.1) < 1e-9),
      '/api/leaderboard/private',
      h.operator.web,
    );
    expect(teamsOf(selected)).toEqual([b.accountId, a.accountId, other.accountId]);
    expect(selected.records[0]).toMatchObject({ rank: 1, teamId: b.accountId });
    // The public board is unaffected by the selection: a (1) before b (5).
    const publicBoard = await h.board(competitionId, (d) => d.total === 3);
    expect(teamsOf(publicBoard)).toEqual([a.accountId, b.accountId, other.accountId]);
    expect(bOnly.score).toBe(5);
    // Decision 0029: the stated order, and each team's entries (scored ones: a's Invalid file is not
    // one) with the time of its last: a's best is s1, its last entry s3.
    expect(publicBoard.order).toEqual({ steps: ['score', 'submittedAt', 'teamId'], higherIsBetter: false });
    const aRow = publicBoard.records.find((r: Row) => r.teamId === a.accountId);
    expect(publicBoard.records.map((r: { entries: number }) => r.entries)).toEqual([3, 1, 1]);
    expect(Date.parse(aRow.lastEntryAt)).toBeGreaterThan(Date.parse(aRow.submittedAt));
    expect(aRow).not.toHaveProperty('publicRank');
    const mineBefore = (await a.web.get('/api/submission/myScore', { competitionId })).body.data;
    expect(mineBefore).toMatchObject({ teamId: a.accountId, privateBest: [] });
    expect(mineBefore.best).toEqual([expect.objectContaining({ phase: 'preliminary', rank: 1 })]);

    const participantPublish = await a.web.post('/api/admin/leaderboard/publish', {
      competitionId,
      phase: 'preliminary',
    });
    expect(participantPublish.status).toBe(403);
    await h.closePhase(competitionId);
    const published = await h.operator.web.post('/api/admin/leaderboard/publish', {
      competitionId,
      phase: 'preliminary',
    });
    expect(published.body.data).toMatchObject({ alreadyPublished: false });
    const again = await h.operator.web.post('/api/admin/leaderboard/publish', {
      competitionId,
      phase: 'preliminary',
    });
    expect(again.body.data).toMatchObject({ alreadyPublished: true });
    const visible = await h.board(
      competitionId,
      (d) => d?.published === true,
      '/api/leaderboard/private',
      a.web,
    );
    expect(teamsOf(visible)).toEqual([b.accountId, a.accountId, other.accountId]);
    // The shake-up: public rank → private rank, with the places moved.
    expect(
      visible.records.map((r: { publicRank: number; rank: number; rankChange: number }) => [
        r.publicRank,
        r.rank,
        r.rankChange,
      ]),
    ).toEqual([
      [2, 1, 1],
      [1, 2, -1],
      [3, 3, 0],
    ]);
    const mineAfter = (await a.web.get('/api/submission/myScore', { competitionId })).body.data;
    expect(mineAfter.privateBest).toEqual([
      { phase: 'preliminary', score: expect.closeTo(0.1, 9), rank: 2, teams: 3 },
    ]);
    const closed = await a.web.post('/api/submission/selectFinal', { competitionId, submissionIds: [] });
    expect(closed.body.code).toBe(40011);
    expect((await a.web.get('/api/submission/final', { competitionId })).body.data[0].closed).toBe(true);
  });

  it('rescores one submission or a whole competition after a ground-truth fix, and ranks follow', async () => {
    const competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    const sa = await h.submit(a.web, competitionId, truth);
    const sb = await h.submit(
      b.web,
      competitionId,
      csv((i) => i * 5 + 1),
    );
    expect([sa.score, sb.score]).toEqual([0, 1]);
    expect(teamsOf(await h.board(competitionId, (d) => d.total === 2))).toEqual([a.accountId, b.accountId]);

    // The "fixed" ground truth is what b predicted.
    await h.uploadTruth(
      competitionId,
      csv((i) => i * 5 + 1),
    );
    const refused = await a.web.post(`/api/admin/submissions/${sa.submissionId}/rescore`, {});
    expect(refused.status).toBe(403);
    const one = await h.operator.web.post(`/api/admin/submissions/${sa.submissionId}/rescore`, {});
    expect(one.body.data).toMatchObject({ status: 'Completed', publicScore: 1, previousPublicScore: 0 });
    // a's best went down from 0 to 1: the row is recomputed, and at 1 : 1 the earlier submission (a) leads.
    const tied = await h.board(competitionId, (d) => d.records.every((r: Row) => r.score === 1));
    expect(teamsOf(tied)).toEqual([a.accountId, b.accountId]);

    const all = await h.operator.web.post('/api/admin/submissions/rescore', {
      competitionId,
      allPhases: true,
    });
    expect(all.body.data).toMatchObject({ rescored: 2, changed: 1, invalid: 0 });
    const after = await h.board(competitionId, (d) => d.records[0]?.teamId === b.accountId);
    expect(after.records.map((r: Row) => [r.teamId, r.score])).toEqual([
      [b.accountId, 0],
      [a.accountId, 1],
    ]);
    expect((await b.web.get('/api/submission/mine', { competitionId })).body.data[0].score).toBe(0);

    // A ground truth that no longer fits the file: the rescore makes it Invalid, and it leaves the board.
    await h.uploadTruth(
      competitionId,
      csv((i) => i, 19),
    );
    const invalid = await h.operator.web.post(`/api/admin/submissions/${sb.submissionId}/rescore`, {});
    expect(invalid.body.data).toMatchObject({ status: 'Invalid', publicScore: null });
    expect(invalid.body.data).toMatchObject({ log: null, refusal: { key: 'extraId' } });
    expect(invalid.body.data.logText).toMatch(/extra id/);
    const left = await h.board(competitionId, (d) => d.total === 1);
    expect(teamsOf(left)).toEqual([a.accountId]);
  });

  it('lists submissions for the console and disqualifies a submission or a team', async () => {
    const competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    const member = await h.participant(competitionId);
    const teamId = await h.team(competitionId, b.accountId, member.accountId, 'Fermenters');
    const best = await h.submit(a.web, competitionId, truth);
    await h.submit(
      a.web,
      competitionId,
      csv((i) => i * 5 + 1),
    );
    await h.submit(
      b.web,
      competitionId,
      csv((i) => i * 5 + 0.5),
    );
    await h.submit(member.web, competitionId, nanFile);
    expect(teamsOf(await h.board(competitionId, (d) => d.total === 2))).toEqual([a.accountId, teamId]);

    const list = (params: Record<string, string>, web: Web = h.operator.web) =>
      web.raw({ method: 'GET', url: `/api/admin/submissions?${new URLSearchParams(params)}` });
    expect((await list({}, a.web)).status).toBe(403);
    const page = await list({
      filter: JSON.stringify({ competitionId }),
      sort: JSON.stringify(['publicScore', 'ASC']),
      range: JSON.stringify([0, 1]),
    });
    expect(page.headers['content-range']).toBe('submissions 0-1/4');
    expect(page.body.data.map((r: { publicScore: number }) => r.publicScore)).toEqual([0, 0.5]);
    expect(page.body.data[1]).toMatchObject({ teamId, teamName: 'Fermenters', submitter: b.username });
    const invalidOnly = await list({ filter: JSON.stringify({ competitionId, status: 'Invalid', teamId }) });
    expect(invalidOnly.headers['content-range']).toBe('submissions 0-0/1');
    expect(invalidOnly.body.data[0]).toMatchObject({
      submitterId: member.accountId,
      refusal: { key: expect.any(String), params: expect.any(Object) },
      logText: expect.any(String),
    });
    const badFilter = await list({ filter: '{"status":"Nope"}' });
    expect(badFilter.status).toBe(400);

    const dq = await h.operator.web.post(`/api/admin/submissions/${best.submissionId}/disqualify`, {
      reason: 'hand-labelled test set',
    });
    expect(dq.body.data).toMatchObject({ disqualifiedReason: 'hand-labelled test set' });
    const twice = await h.operator.web.post(`/api/admin/submissions/${best.submissionId}/disqualify`, {
      reason: 'again',
    });
    expect(twice.body.code).toBe(40014);
    // a falls back to its other submission (1), behind b's team (0.5).
    const fallback = await h.board(competitionId, (d) => d.records[0]?.teamId === teamId);
    expect(fallback.records.map((r: Row) => [r.teamId, r.score])).toEqual([
      [teamId, 0.5],
      [a.accountId, 1],
    ]);
    const selectDq = await a.web.post('/api/submission/selectFinal', {
      competitionId,
      submissionIds: [best.submissionId],
    });
    expect(selectDq.body.code).toBe(40010);

    const team = await h.operator.web.post('/api/admin/leaderboard/disqualifyTeam', {
      competitionId,
      teamId,
      reason: 'shared accounts',
    });
    expect(team.body.code).toBe(0);
    expect(teamsOf(await h.board(competitionId, (d) => d.total === 1))).toEqual([a.accountId]);
    const privateBoard = await h.board(
      competitionId,
      (d) => d.total === 1,
      '/api/leaderboard/private',
      h.operator.web,
    );
    expect(teamsOf(privateBoard)).toEqual([a.accountId]);
    const flagged = await list({ filter: JSON.stringify({ competitionId, disqualified: true }) });
    expect(flagged.headers['content-range']).toBe('submissions 0-2/3');
    const unknownTeam = await h.operator.web.post('/api/admin/leaderboard/disqualifyTeam', {
      competitionId,
      teamId: 'nobody',
      reason: 'x',
    });
    expect(unknownTeam.body.code).toBe(40013);
  });

  it('pushes "changed" to open leaderboard streams (server-sent events)', async () => {
    const competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    await h.platform.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.platform.app.server.address() as AddressInfo;
    const abort = new AbortController();
    const response = await fetch(
      `http://127.0.0.1:${port}/api/leaderboard/stream?competitionId=${competitionId}`,
      {
        signal: abort.signal,
      },
    );
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = response.body!.getReader();
    let received = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(received)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${received}`);
        received += Buffer.from(value).toString();
      }
    };
    await readUntil(/event: ready/);
    await new Promise((resolve) => setTimeout(resolve, 150)); // the watch has polled once
    await h.submit(a.web, competitionId, truth);
    await readUntil(/event: changed\ndata: \{"competitionId":"[0-9a-f-]+","version":\d+\}/);
    expect(received).toContain(competitionId);
    abort.abort();
  });

  it('tells the submitter in the inbox: scored, invalid, failed by the platform', async () => {
    const competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    await h.submit(a.web, competitionId, scored(0.5, 0.5), 'mine.csv');
    await h.submit(a.web, competitionId, nanFile, 'broken.csv');
    await sql`update scoring.ground_truths set content = ${Buffer.from('garbage')}, sha256 = ${'0'.repeat(64)}
      where competition_id = ${competitionId}`.execute(h.db);
    const failed = await h.submit(a.web, competitionId, truth, 'unlucky.csv');
    expect(failed.status).toBe('Failed');
    const inbox = await waitFor(
      async () => (await a.web.get('/api/notify/page', { page: '1', pageSize: '10' })).body.data,
      (data) => data.total >= 3,
      'three notices',
    );
    expect(inbox.records.map((r: { title: string }) => r.title).sort()).toEqual([
      'Submission failed',
      'Submission invalid',
      'Submission scored',
    ]);
    const body = async (title: string) => {
      const notifyId = inbox.records.find((r: { title: string }) => r.title === title).notifyId;
      return (await a.web.get('/api/notify/detail', { notifyId })).body.data;
    };
    expect(await body('Submission scored')).toMatchObject({
      sender: 'Scoring Office',
      content: 'Your submission mine.csv scored 0.5 (RMSE, public leaderboard).',
    });
    expect((await body('Submission invalid')).content).toBe(
      'Submission broken.csv is invalid: Line 5, column yield: "NaN" is not a finite number (NaN).',
    );
    expect((await body('Submission failed')).content).toMatch(/unlucky\.csv.*allowance refunded/);
  });

  it('rebuilds both boards by replay to the same rows', async () => {
    const snapshot = async () =>
      Promise.all(
        ['leaderboard', 'private_leaderboard'].map(
          async (table) =>
            (
              await sql`select competition_id, phase, team_id, best_score, submission_id from ${sql.table(`scoring.${table}`)}
                order by competition_id, phase, team_id`.execute(h.db)
            ).rows,
        ),
      );
    const before = await snapshot();
    expect(before[0]!.length).toBeGreaterThan(5);
    const runner = new ProjectionRunner(leaderboardProjection, h.db);
    await replayProjection(h.db, runner, [h.platform.stores.get('scoring')!]);
    expect(await snapshot()).toEqual(before);
  });
});
