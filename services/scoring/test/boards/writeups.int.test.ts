/**
 * Write-ups (issue 37, decision 0047) through the API, on PostgreSQL + Kafka and on the embedded default
 * (a describe each): after publication an operator opens write-ups for the prize places; a team placed
 * there submits one (Markdown and files), replaces it; a team outside is refused; limits; the event names
 * the board's seal and the SHA-256 of body and files and is proven in a signed checkpoint; an operator
 * hides one with a reason; a replay rebuilds the read model.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ProjectionRunner, replayProjection } from '@sais/kit/projections';
import { multipart } from '@sais/kit/testing';
import { scoring, scoringCodes, transparency } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardProjection } from '../../src/boards/projection.ts';
import { sweepWriteUpFiles } from '../../src/boards/writeup-files.ts';
import { type Web, csv, latestSplit, scoringHarness, waitFor } from '../support.ts';

const truth = csv((i) => i * 5);
/** A file whose public and private RMSE are both about `error` (a smaller one ranks higher). */
const scored = (error: number) => csv((i) => i * 5 + (latestSplit.publicIds.has(`r${i}`) ? error : error));
const sha = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

type Harness = Awaited<ReturnType<typeof scoringHarness>>;

describe.each([
  ['PostgreSQL + Kafka', false],
  ['the embedded default (npm start)', true],
])('write-ups, on %s', (_mode, embedded) => {
  let h: Harness;

  beforeAll(async () => {
    h = await scoringHarness({ SAIS_CHECKPOINT_POLL_MS: '100' }, undefined, { embedded });
  });
  afterAll(() => h?.close());

  const submit = (
    web: Web,
    fields: { competitionId: string; phase?: string; title?: string; body?: string },
    files: { name: string; bytes: Buffer }[] = [],
  ) => {
    const { payload, contentType } = multipart(
      { phase: 'preliminary', title: 'Our method', body: '# Method\n\nGradient boosting.', ...fields },
      Object.fromEntries(
        files.map((file, i) => [
          `file${i}`,
          { name: file.name, type: 'application/octet-stream', bytes: file.bytes },
        ]),
      ),
    );
    return web.raw({
      method: 'POST',
      url: '/api/submission/writeup',
      payload,
      headers: { 'content-type': contentType },
    });
  };
  const open = (
    web: Web,
    competitionId: string,
    places: number,
    deadline = new Date(Date.now() + 3_600_000),
  ) =>
    web.post('/api/admin/leaderboard/writeups/open', {
      competitionId,
      phase: 'preliminary',
      places,
      deadline: deadline.toISOString(),
    } satisfies scoring.requests.OpenWriteUps);

  it('the prize places submit, replace and are listed with the seal; others are refused; operators hide', async () => {
    const competitionId = await h.competition(truth);
    const first = await h.participant(competitionId);
    const mate = await h.participant(competitionId);
    const second = await h.participant(competitionId);
    const third = await h.participant(competitionId);
    const teamId = await h.team(competitionId, first.accountId, mate.accountId, 'Catalysts');
    for (const [who, error] of [
      [first, 1],
      [second, 2],
      [third, 3],
    ] as const)
      expect((await h.submit(who.web, competitionId, scored(error))).status).toBe('Completed');

    // Before publication: no prize places yet, for the team or the operators.
    const early = await submit(first.web, { competitionId });
    expect([early.status, early.body.code]).toEqual([409, scoringCodes.writeUpsNotPublished]);
    expect((await open(h.operator.web, competitionId, 2)).body.code).toBe(scoringCodes.writeUpsNotPublished);

    await h.closePhase(competitionId);
    await waitFor(
      () => h.operator.web.get('/api/leaderboard/private', { competitionId }),
      (r) => r.body.data?.total === 3,
      'the private board',
    );
    const published = await h.operator.web.post('/api/admin/leaderboard/publish', {
      competitionId,
      phase: 'preliminary',
    });
    expect(published.body.code).toBe(0);
    const board = await waitFor(
      async () => (await first.web.get('/api/leaderboard/private', { competitionId })).body.data,
      (d) => d?.published === true && d.seal !== null,
      'the published private board',
    );
    const seal = board.seal.digest as string;

    // Published, not opened yet; then only operators open (and one who competes may not).
    expect((await submit(first.web, { competitionId })).body.code).toBe(scoringCodes.writeUpsNotOpen);
    expect((await open(first.web, competitionId, 2)).status).toBe(403);
    const opened = await open(h.operator.web, competitionId, 2);
    expect(opened.body).toMatchObject({ code: 0, data: { places: 2, sealDigest: seal } });

    // Outside the prize places (rank 3 of 2): a clear refusal naming the places and the rank.
    const outside = await submit(third.web, { competitionId });
    expect([outside.status, outside.body.code]).toEqual([403, scoringCodes.writeUpNotPrizePlace]);
    expect(outside.body.data).toEqual({ places: 2, rank: 3 });
    expect(outside.body.message).toContain('2');

    // Limits: the body, the title, the files' kind, count and size.
    const long = await submit(first.web, {
      competitionId,
      body: 'x'.repeat(scoring.writeUpLimits.bodyMax + 1),
    });
    expect([long.status, long.body.code, long.body.data?.field]).toEqual([
      400,
      scoringCodes.writeUpRefused,
      'body',
    ]);
    const noTitle = await submit(first.web, { competitionId, title: ' ' });
    expect(noTitle.body.code).toBe(scoringCodes.writeUpRefused);
    const html = await submit(first.web, { competitionId }, [
      { name: 'page.html', bytes: Buffer.from('<script>') },
    ]);
    expect([html.status, html.body.code]).toEqual([400, scoringCodes.writeUpRefused]);
    const many = await submit(
      first.web,
      { competitionId },
      [1, 2, 3, 4].map((i) => ({ name: `n${i}.txt`, bytes: Buffer.from('x') })),
    );
    expect(many.body.code).toBe(scoringCodes.writeUpRefused);
    const big = await submit(first.web, { competitionId }, [
      { name: 'big.zip', bytes: Buffer.alloc(scoring.writeUpLimits.fileBytesMax + 1) },
    ]);
    expect(big.body.code).toBe(scoringCodes.writeUpRefused);

    // A team member (not the one who submitted to the board) submits for the team; at the body's limit.
    const body = `# Method\n\n${'y'.repeat(scoring.writeUpLimits.bodyMax - 37)}\n\n<script>alert(1)</script>`;
    expect(body.length).toBe(scoring.writeUpLimits.bodyMax);
    const notebook = Buffer.from('{"cells": []}');
    const done = await submit(mate.web, { competitionId, title: 'Boosted trees', body }, [
      { name: 'method.ipynb', bytes: notebook },
    ]);
    expect(done.body.code).toBe(0);
    expect(done.body.data).toMatchObject({
      teamId,
      rank: 1,
      sealDigest: seal,
      bodySha256: sha(body),
      files: [{ name: 'method.ipynb', size: notebook.length, sha256: sha(notebook) }],
    });
    // Replaced: the list shows the latest only.
    const replaced = await submit(first.web, { competitionId, title: 'Boosted trees, v2', body }, [
      { name: 'method.ipynb', bytes: notebook },
    ]);
    expect(replaced.body.code).toBe(0);
    const second2 = await submit(second.web, {
      competitionId,
      title: 'Linear',
      body: '[x](javascript:alert(1))',
    });
    expect(second2.body.data).toMatchObject({ rank: 2 });

    const list = await waitFor(
      async () =>
        (await h.anonymous.get('/api/leaderboard/writeups', { competitionId })).body
          .data as scoring.responses.WriteUpPhases,
      (d) => d[0]?.writeUps.length === 2 && d[0].writeUps[0]!.title.endsWith('v2'),
      'the listed write-ups',
    );
    expect(list[0]).toMatchObject({ phase: 'preliminary', places: 2, sealDigest: seal });
    expect(list[0]!.writeUps.map((w) => [w.rank, w.teamName, w.title])).toEqual([
      [1, 'Catalysts', 'Boosted trees, v2'],
      [2, second.username, 'Linear'],
    ]);
    const one = (
      await h.anonymous.get('/api/leaderboard/writeups/one', { writeUpId: replaced.body.data.writeUpId })
    ).body.data as scoring.responses.WriteUpDetail;
    // The body as written: the portal renders it safely (no raw HTML), the API stores it unaltered.
    expect(one).toMatchObject({ body, bodySha256: sha(body), eventId: replaced.body.data.eventId });
    const download = await h.anonymous.raw({
      method: 'GET',
      url: `/api/leaderboard/writeups/file?writeUpId=${one.writeUpId}&fileId=${one.files[0]!.fileId}`,
    });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(sha(download.rawPayload)).toBe(sha(notebook));

    // A team keeps its latest write-up's files only: the replaced one's file is gone from the disk. The
    // hourly sweep removes files no write-up names once an hour old (a crash's leftovers), nothing else.
    const directory = join(h.dataDir, 'files', 'writeups');
    const firstFile = (done.body.data as scoring.WriteUpSubmittedData).files[0]!.fileId;
    expect(existsSync(join(directory, firstFile))).toBe(false);
    expect(existsSync(join(directory, one.files[0]!.fileId))).toBe(true);
    await writeFile(join(directory, 'left-by-a-crash'), 'x');
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(join(directory, 'left-by-a-crash'), hoursAgo, hoursAgo);
    await utimes(join(directory, one.files[0]!.fileId), hoursAgo, hoursAgo);
    await writeFile(join(directory, 'being-recorded.part'), 'x');
    expect(await sweepWriteUpFiles(h.db, directory)).toBe(1);
    expect((await readdir(directory)).sort()).toEqual([one.files[0]!.fileId, 'being-recorded.part'].sort());
    await rm(join(directory, 'being-recorded.part'));
    // Two replacements of one team at once: whichever is recorded last is the team's, and its file is the
    // only one left (one refused by the stream's version removes its own; the other removes the replaced).
    const raced = await Promise.all(
      [first, mate].map((who, i) =>
        submit(who.web, { competitionId, title: `Race ${i}`, body }, [
          { name: `race-${i}.txt`, bytes: Buffer.from(`race ${i}`) },
        ]),
      ),
    );
    expect(raced.some((answer) => answer.body.code === 0)).toBe(true);
    const history = await h.platform.stores
      .get('scoring')!
      .readStream(`writeups-${competitionId}-preliminary`);
    const last = history
      .filter(
        (event) =>
          event.type === scoring.WriteUpSubmitted.type &&
          (event.data as scoring.WriteUpSubmittedData).teamId === teamId,
      )
      .at(-1)!;
    expect(await readdir(directory)).toEqual([(last.data as scoring.WriteUpSubmittedData).files[0]!.fileId]);

    // The event is in the signed scoring log: it names the seal and the body's and the file's digests.
    const key = await transparency.parseVerifierKey(
      (await h.anonymous.get('/api/transparency/scoring/checkpoints')).body.data.publicKey,
    );
    const proof = await waitFor(
      async () =>
        (await h.anonymous.get('/api/transparency/scoring/proof', { eventId: one.eventId })).body.data,
      (p) => p?.checkpoint !== null,
      'a checkpoint over the write-up',
    );
    expect(proof.eventHash).toBe(one.eventHash);
    await expect(transparency.checkEventInclusion(proof, [key])).resolves.toMatchObject({
      status: 'verified',
    });
    const [event] = (
      await sql<{
        data: scoring.WriteUpSubmittedData;
      }>`select data from scoring.events where event_id = ${one.eventId}`.execute(h.db)
    ).rows;
    expect(event!.data).toMatchObject({ sealDigest: seal, bodySha256: sha(body), rank: 1, teamId });

    // Hidden by an operator with a reason: gone from the public list and page, kept for operators.
    expect(
      (
        await h.operator.web.post('/api/admin/leaderboard/writeups/hide', {
          competitionId,
          phase: 'preliminary',
          teamId: second.accountId,
          reason: 'copied text',
        } satisfies scoring.requests.HideWriteUp)
      ).body.code,
    ).toBe(0);
    expect(
      (
        await second.web.post('/api/admin/leaderboard/writeups/hide', {
          competitionId,
          phase: 'preliminary',
          teamId,
          reason: 'x',
        })
      ).status,
    ).toBe(403);
    await waitFor(
      async () => (await h.anonymous.get('/api/leaderboard/writeups', { competitionId })).body.data,
      (d) => d[0]?.writeUps.length === 1,
      'the hidden one gone from the list',
    );
    const hiddenOne = await h.anonymous.get('/api/leaderboard/writeups/one', {
      writeUpId: second2.body.data.writeUpId,
    });
    expect([hiddenOne.status, hiddenOne.body.code]).toEqual([404, scoringCodes.writeUpUnknown]);
    const staff = (await h.operator.web.get('/api/admin/leaderboard/writeups', { competitionId })).body.data;
    expect(staff[0].writeUps.find((w: scoring.responses.WriteUpSummary) => w.rank === 2)).toMatchObject({
      hidden: true,
      hiddenReason: 'copied text',
    });
    expect((await submit(second.web, { competitionId, title: 'Again' })).body.code).toBe(
      scoringCodes.writeUpHidden,
    );

    // The deadline passed (opened again with a past one): no more replacing.
    expect((await open(h.operator.web, competitionId, 2, new Date(Date.now() - 1000))).body.code).toBe(0);
    const late = await submit(first.web, { competitionId });
    expect([late.status, late.body.code]).toEqual([409, scoringCodes.writeUpsClosed]);

    // A replay rebuilds the write-ups from the events.
    const snapshot = () =>
      sql`select team_id, writeup_id, rank, title, body_sha256, files, hidden_reason, submitted_at from scoring.writeups
        where competition_id = ${competitionId} order by team_id`.execute(h.db);
    const kept = (await snapshot()).rows;
    expect(kept).toHaveLength(2);
    await replayProjection(h.db, new ProjectionRunner(leaderboardProjection, h.db), [
      h.platform.stores.get('scoring')!,
    ]);
    expect((await snapshot()).rows).toEqual(kept);
  });
});
