import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type PublishedPage, recomputePublishedSeal, scoring } from '@sais/events';
import { Accounts } from '@sais/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealStream } from '../src/boards/index.ts';
import { sql } from 'kysely';
import { type Web, csv, scoringHarness, system, waitFor, latestSplit } from './support.ts';

const run = promisify(execFile);
const verifyCli = fileURLToPath(new URL('../src/integrity/verify-cli.ts', import.meta.url));
const truth = csv((i) => i * 5);
/** A file whose public RMSE is `pub` and private RMSE is `priv` against `truth`. */
const scored = (pub: number, priv: number) =>
  csv((i) => i * 5 + (latestSplit.publicIds.has(`r${i}`) ? pub : priv));

type Row = { teamId: string; rank: number; score: number };
const teamsOf = (data: { records: Row[] }) => data.records.map((r) => r.teamId);

describe('integrity: sealed final results, leaderboards as of a time, collusion signals', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  const privateBoard = (competitionId: string, done: (d: { total: number; records: Row[] }) => boolean) =>
    h.board(competitionId, done, '/api/leaderboard/private', h.operator.web);
  const pages = (web: Web, competitionId: string) => async (page: number) =>
    (
      await web.get('/api/leaderboard/private', {
        competitionId,
        page: String(page),
        pageSize: '2',
      })
    ).body.data as PublishedPage;

  beforeAll(async () => {
    h = await scoringHarness();
  });
  afterAll(() => h.close());

  it('seals the private board, shows the seal publicly, publishes it, and anyone recomputes the digest', async () => {
    const competitionId = await h.competition(truth);
    const [a, b, c] = [
      await h.participant(competitionId),
      await h.participant(competitionId),
      await h.participant(competitionId),
    ];
    await h.submit(a.web, competitionId, scored(1, 3));
    await h.submit(b.web, competitionId, scored(2, 1));
    await h.submit(c.web, competitionId, scored(3, 2));
    const preview = await privateBoard(competitionId, (d) => d.total === 3);
    expect(teamsOf(preview)).toEqual([b.accountId, c.accountId, a.accountId]);

    const phase = 'preliminary';
    expect((await a.web.post('/api/admin/leaderboard/seal', { competitionId, phase })).status).toBe(403);
    const sealed = await h.operator.web.post('/api/admin/leaderboard/seal', { competitionId, phase });
    expect(sealed.body.data).toMatchObject({ rows: 3, algorithm: 'sha256', form: 'v1', metric: 'rmse' });
    const digest = sealed.body.data.digest as string;
    expect(digest).toMatch(/^[0-9a-f]{64}$/);

    // The public page shows the seal before the reveal; the private board stays hidden.
    const board = await h.board(competitionId, (d) => d.seal !== null);
    expect(board.seal).toEqual({
      digest,
      algorithm: 'sha256',
      form: 'v1',
      rows: 3,
      sealedAt: expect.any(String),
    });
    expect((await h.anonymous.get('/api/leaderboard/private', { competitionId })).body.code).toBe(40009);
    const [event] = await h.platform.stores.get('scoring')!.readStream(sealStream(competitionId, phase));
    expect(event).toMatchObject({
      type: scoring.PrivateLeaderboardSealed.type,
      data: { digest, sealedBy: h.operator.accountId, rows: 3 },
    });

    // Final results once the phase has ended (issue 30).
    await h.closePhase(competitionId);
    expect(
      (await h.operator.web.post('/api/admin/leaderboard/publish', { competitionId, phase })).body.code,
    ).toBe(0);
    await h.board(competitionId, (d) => d.published === true, '/api/leaderboard/private');
    // After the reveal, anyone recomputes the digest from the published ranking (pages of 2 rows).
    const check = await recomputePublishedSeal(competitionId, pages(h.anonymous, competitionId));
    expect(check).toMatchObject({ phase, rows: 3, digest, match: true });
    // The documented command does the same over HTTP.
    const origin = await h.platform.app.listen({ port: 0, host: '127.0.0.1' });
    const cli = await run(process.execPath, [
      '--import',
      'tsx',
      verifyCli,
      competitionId,
      phase,
      '--url',
      origin,
    ]);
    expect(cli.stdout).toContain(`recomputed ${digest}`);
    expect(cli.stdout).toContain('PASS');

    // Sealed and published results no longer change.
    for (const [path, body] of [
      ['/api/admin/leaderboard/seal', { competitionId, phase }],
      ['/api/admin/submissions/rescore', { competitionId }],
      ['/api/admin/leaderboard/disqualifyTeam', { competitionId, teamId: a.accountId, reason: 'late' }],
    ] as const) {
      const refused = await h.operator.web.post(path, body);
      expect(refused.body).toMatchObject({
        code: 40043,
        message: expect.stringMatching(/can no longer change/),
      });
    }
  });

  it('refuses to publish a ranking that changed after the seal; sealing again gives another digest', async () => {
    const competitionId = await h.competition(truth);
    const phase = 'preliminary';
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    await h.submit(a.web, competitionId, scored(1, 3));
    await h.submit(b.web, competitionId, scored(2, 1));
    await privateBoard(competitionId, (d) => d.total === 2);
    const first = (await h.operator.web.post('/api/admin/leaderboard/seal', { competitionId, phase })).body
      .data;

    // a's new submission is now among its 2 best public: it leads the private board.
    await h.submit(a.web, competitionId, scored(0.5, 0.5));
    await privateBoard(competitionId, (d) => d.records[0]?.teamId === a.accountId);
    const status = await h.operator.web.get('/api/admin/leaderboard/seal', { competitionId, phase });
    expect(status.body.data.seal.digest).toBe(first.digest);
    expect(status.body.data.current.digest).not.toBe(first.digest);
    await h.closePhase(competitionId);
    const stale = await h.operator.web.post('/api/admin/leaderboard/publish', { competitionId, phase });
    expect(stale.body).toMatchObject({ code: 40042, message: expect.stringMatching(/seal it again/) });

    const second = (await h.operator.web.post('/api/admin/leaderboard/seal', { competitionId, phase })).body
      .data;
    expect(second.digest).not.toBe(first.digest);
    expect(
      (await h.operator.web.post('/api/admin/leaderboard/publish', { competitionId, phase })).body.code,
    ).toBe(0);
    await h.board(competitionId, (d) => d.published === true, '/api/leaderboard/private');
    const check = await recomputePublishedSeal(competitionId, pages(b.web, competitionId));
    expect(check).toMatchObject({ digest: second.digest, match: true });
  });

  it('seals at publication when the operator did not seal first', async () => {
    const competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    await h.submit(a.web, competitionId, scored(1, 1));
    await privateBoard(competitionId, (d) => d.total === 1);
    const empty = await h.operator.web.post('/api/admin/leaderboard/seal', { competitionId, phase: 'final' });
    expect(empty.body.code).toBe(40040);
    await h.closePhase(competitionId);
    const published = await h.operator.web.post('/api/admin/leaderboard/publish', {
      competitionId,
      phase: 'preliminary',
    });
    expect(published.body.code).toBe(0);
    const board = await h.board(
      competitionId,
      (d) => d.published === true && d.seal !== null,
      '/api/leaderboard/private',
    );
    expect(await recomputePublishedSeal(competitionId, pages(a.web, competitionId))).toMatchObject({
      digest: board.seal.digest,
      match: true,
    });
  });

  it('shows auditors a leaderboard as of a time before a rescore, with the old ranks', async () => {
    const competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    await h.submit(a.web, competitionId, truth);
    await h.submit(
      b.web,
      competitionId,
      csv((i) => i * 5 + 1),
    );
    await h.board(competitionId, (d) => d.total === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await h.uploadTruth(
      competitionId,
      csv((i) => i * 5 + 1),
    );
    expect(
      (await h.operator.web.post('/api/admin/submissions/rescore', { competitionId, phase: 'preliminary' }))
        .body.code,
    ).toBe(0);
    await h.board(competitionId, (d) => d.records[0]?.teamId === b.accountId);

    const auditor = await h.account();
    const accounts = new Accounts(
      h.db,
      h.platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    );
    await accounts.grantRole(auditor.accountId, 'auditor', system());
    const asOf = (web: Web, at: string) =>
      web.get('/api/admin/audit/scoring/asof', { projection: 'scoring.leaderboard', at, competitionId });
    expect((await asOf(a.web, before)).status).toBe(403);
    const old = await asOf(auditor.web, before);
    expect(old.body.data.value.records.map((r: Row) => [r.teamId, r.rank, r.score])).toEqual([
      [a.accountId, 1, 0],
      [b.accountId, 2, 1],
    ]);
    const now = await asOf(auditor.web, new Date().toISOString());
    expect(teamsOf(now.body.data.value)).toEqual([b.accountId, a.accountId]);
  });

  it('finds identical result files and near-identical predictions across teams; operators dismiss or disqualify', async () => {
    const n = 40;
    const truth40 = csv((i) => i * 5, n);
    const noiseA = (i: number) => ((i * 7919) % 13) - 6;
    const noiseC = (i: number) => ((i * 104729 + 3) % 17) - 8; // error correlation with A: about -0.17
    const competitionId = await h.competition(truth40);
    const [a, b, c, d] = [
      await h.participant(competitionId),
      await h.participant(competitionId),
      await h.participant(competitionId),
      await h.participant(competitionId),
    ];
    const fileA = csv((i) => i * 5 + noiseA(i), n);
    const sa = await h.submit(a.web, competitionId, fileA);
    const sb = await h.submit(
      b.web,
      competitionId,
      csv((i) => i * 5 + noiseA(i) * 1.02 + 0.001, n),
    );
    await h.submit(
      c.web,
      competitionId,
      csv((i) => i * 5 + noiseC(i), n),
    );
    const sd = await h.submit(d.web, competitionId, fileA, 'copy.csv');
    expect([sa, sb, sd].every((s) => s.status === 'Completed')).toBe(true);

    const list = (web: Web, filter: object, extra: Record<string, string> = {}) =>
      web.raw({
        method: 'GET',
        url: `/api/admin/signals?${new URLSearchParams({ filter: JSON.stringify({ competitionId, ...filter }), ...extra })}`,
      });
    expect((await list(a.web, {})).status).toBe(403);
    const all = await list(h.operator.web, {}, { sort: JSON.stringify(['strength', 'DESC']) });
    expect(all.headers['content-range']).toBe('signals 0-2/3');
    type Signal = {
      id: string;
      kind: string;
      teamIds: string[];
      status: string;
      strength: number;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- evidence is read as the service gives it
      evidence: any;
    };
    const signals = all.body.data as Signal[];
    const pairs = (kind: string) =>
      signals.filter((s) => s.kind === kind).map((s) => [...s.teamIds].sort().join('+'));
    const key = (...people: { accountId: string }[]) =>
      people
        .map((p) => p.accountId)
        .sort()
        .join('+');
    expect(pairs('identical-files')).toEqual([key(a, d)]);
    expect(pairs('correlated-predictions').sort()).toEqual([key(a, b), key(b, d)].sort());
    expect(signals.every((s) => !s.teamIds.includes(c.accountId))).toBe(true);

    const identical = signals.find((s) => s.kind === 'identical-files')!;
    // Words, not ids: each team by name (a single-person team by its member's username).
    expect((identical as Signal & { teamNames: Record<string, string> }).teamNames).toEqual({
      [a.accountId]: a.username,
      [d.accountId]: d.username,
    });
    expect(identical.evidence.submissions.map((s: { submissionId: string }) => s.submissionId)).toEqual([
      sa.submissionId,
      sd.submissionId,
    ]);
    const correlated = signals.find(
      (s) => s.kind === 'correlated-predictions' && s.teamIds.includes(a.accountId),
    )!;
    expect(correlated.strength).toBeGreaterThan(0.999);
    expect(correlated.evidence).toMatchObject({ threshold: 0.98, pairs: [{ rows: n }] });
    // The compared submissions in words: each one's team, sender, status and time, oldest first.
    expect(correlated.evidence.submissions).toEqual([
      expect.objectContaining({
        submissionId: sa.submissionId,
        teamId: a.accountId,
        submitterId: a.accountId,
      }),
      expect.objectContaining({ submissionId: sb.submissionId, teamId: b.accountId, status: 'Completed' }),
    ]);
    expect(Number.isNaN(Date.parse(correlated.evidence.submissions[0].createdAt))).toBe(false);
    const byKind = await list(h.operator.web, { kind: 'identical-files' });
    expect(byKind.body.data.map((s: Signal) => s.id)).toEqual([identical.id]);

    // Dismiss one with a reason; it cannot be decided twice; the decision is an event.
    const path = (s: Signal, action: string) => `/api/admin/signals/${s.id}/${action}`;
    const dismissed = await h.operator.web.post(path(correlated, 'dismiss'), {
      reason: 'same public baseline',
    });
    expect(dismissed.body.data).toMatchObject({
      status: 'dismissed',
      decision: { reason: 'same public baseline' },
    });
    expect((await h.operator.web.post(path(correlated, 'dismiss'), { reason: 'again' })).body.code).toBe(
      40045,
    );
    const [event] = await h.platform.stores.get('scoring')!.readStream(`signal-${correlated.id}`);
    expect(event).toMatchObject({
      type: scoring.CollusionSignalDecided.type,
      data: { decision: 'dismissed', reason: 'same public baseline', teamId: null },
      actor: { userId: h.operator.accountId, role: 'operator' },
    });
    const open = await list(h.operator.web, { status: 'open' });
    expect(open.body.data.map((s: Signal) => s.id)).not.toContain(correlated.id);

    // Disqualify a team the signal names: it leaves the board; a team not named is refused.
    const notNamed = await h.operator.web.post(path(identical, 'disqualify'), {
      teamId: c.accountId,
      reason: 'copied file',
    });
    expect(notNamed.body.code).toBe(40046);
    const dq = await h.operator.web.post(path(identical, 'disqualify'), {
      teamId: d.accountId,
      reason: 'copied file',
    });
    expect(dq.body.data).toMatchObject({ status: 'disqualified', decision: { teamId: d.accountId } });
    const board = await h.board(competitionId, (data) => data.total === 3);
    expect(teamsOf(board)).not.toContain(d.accountId);
  });

  it('compares new results in the background, keeps each file’s errors, and recomputes them for a fixed truth', async () => {
    const n = 30;
    const noise = (i: number) => ((i * 7919) % 13) - 6;
    const competitionId = await h.competition(csv((i) => i * 5, n));
    const [a, b, c] = [
      await h.participant(competitionId),
      await h.participant(competitionId),
      await h.participant(competitionId),
    ];
    const sa = await h.submit(
      a.web,
      competitionId,
      csv((i) => i * 5 + noise(i), n),
    );
    const sb = await h.submit(
      b.web,
      competitionId,
      csv((i) => i * 5 + noise(i) * 1.5 + 0.25, n),
    );
    const scans = (ids: string[]) =>
      sql<{ submission_id: string; truth_sha256: string | null; errors: Buffer | null }>`
        select submission_id, truth_sha256, errors from scoring.signal_scans
        where submission_id = any(${ids}::uuid[]) order by submission_id`.execute(h.db);
    // Nobody lists the signals: the background worker scans both and finds the pair.
    const scanned = await waitFor(
      () => scans([sa.submissionId, sb.submissionId]),
      (result) => result.rows.length === 2,
      'both files scanned in the background',
    );
    const [firstTruth] = (
      await sql<{
        sha256: string;
      }>`select sha256 from scoring.ground_truths where competition_id = ${competitionId}`.execute(h.db)
    ).rows;
    for (const row of scanned.rows) {
      expect(row.truth_sha256).toBe(firstTruth!.sha256);
      // One error (prediction − truth) per id of the truth, as float64.
      expect(row.errors!.length).toBe(n * 8);
    }
    const errorsOfA = new Float64Array(
      new Uint8Array(scanned.rows.find((r) => r.submission_id === sa.submissionId)!.errors!).buffer,
    );
    expect([...errorsOfA].sort((x, y) => x - y)).toEqual(
      Array.from({ length: n }, (_, i) => noise(i)).sort((x, y) => x - y),
    );
    const pair = await sql`select correlation, rows from scoring.signal_pairs
      where competition_id = ${competitionId}`.execute(h.db);
    expect(pair.rows).toEqual([{ correlation: expect.closeTo(1, 9), rows: n }]);

    // The ground truth is fixed: the next scan compares against errors computed for the new truth.
    expect(
      (
        await h.groundTruth(
          competitionId,
          csv((i) => i * 5 + 1, n),
        )
      )?.code,
    ).toBe(0);
    const sc = await h.submit(
      c.web,
      competitionId,
      csv((i) => i * 5 + 1 + noise(i) * 2, n),
    );
    const after = await waitFor(
      () => scans([sa.submissionId, sb.submissionId, sc.submissionId]),
      (result) => result.rows.length === 3 && new Set(result.rows.map((row) => row.truth_sha256)).size === 1,
      'the scans recomputed for the new ground truth',
    );
    expect(after.rows[0]!.truth_sha256).not.toBe(firstTruth!.sha256);
    const pairs = await sql<{
      team_a: string;
      team_b: string;
    }>`select team_a, team_b from scoring.signal_pairs
      where competition_id = ${competitionId}`.execute(h.db);
    // Against the new truth A's and B's errors are still noise, and C's is too: three correlated pairs.
    expect(pairs.rows).toHaveLength(3);
  });
});
