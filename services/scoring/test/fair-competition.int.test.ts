// Issue 30, walked as an outsider would, on the embedded default that `npm start` runs (PGlite and the
// in-process bus) and on PostgreSQL + Kafka: the sample file holds ids and placeholders only; the
// public share is exactly the declared one; a share with no public or no private board is refused in
// both languages; the ground truth's commitment is on the competition page and in a signed checkpoint
// before the first submission is scored against it; setting it again is a new commitment.
import { createHash, createHmac } from 'node:crypto';
import { competition as C, scoring, transparency } from '@sais/events';
import { client, multipart } from '@sais/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { csv, scoringHarness, system, waitFor } from './support.ts';

const day = 86_400_000;

/** True values nobody would type: a sample that carried one would show it. */
const ids = Array.from({ length: 10_000 }, (_, i) => `mol-${(i * 7919).toString(36)}`);
const truth = `id,yield\n${ids.map((id, i) => `${id},${(1000.125 + i * 0.0625).toFixed(4)}`).join('\n')}\n`;

describe.each([
  ['the embedded default (npm start)', true],
  ['PostgreSQL + Kafka', false],
])('a fair competition, on %s', (_mode, embedded) => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;

  beforeAll(async () => {
    h = await scoringHarness(
      { SAIS_CHECKPOINT_INTERVAL_MS: '3600000', SAIS_CHECKPOINT_POLL_MS: '100' },
      undefined,
      { embedded },
    );
  }, 120_000);
  afterAll(() => h?.close());

  /** The published ground truth, as anyone downloads it (no account), in a language. */
  const groundTruthFile = (competitionId: string, language: 'en' | 'zh-CN') =>
    client(h.platform.app, language).raw({
      method: 'GET',
      url: `/api/leaderboard/groundTruth?competitionId=${competitionId}`,
    });

  const metric = async (competitionId: string) =>
    (await h.anonymous.get('/api/leaderboard/metric', { competitionId })).body.data;

  it('gives a sample of the ids and placeholders only', async () => {
    const competitionId = await h.competition(truth);
    const { web } = await h.participant(competitionId);
    const response = await web.raw({
      method: 'GET',
      url: `/api/submission/sample?competitionId=${competitionId}`,
    });
    expect(response.status).toBe(200);
    const lines = response.rawPayload.toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('id,yield');
    expect(lines.slice(1)).toEqual([...ids].sort().map((id) => `${id},0`));
    // Nothing else: the ids, commas, zeros and line ends.
    expect(response.rawPayload.length).toBe(
      'id,yield\n'.length + ids.reduce((sum, id) => sum + id.length + 3, 0),
    );
  });

  it('makes exactly the declared share public: 10/20/50/80 % of 10,000 ids give 1,000/2,000/5,000/8,000 rows', async () => {
    const competitionId = await h.competition(csv((i) => i));
    for (const [share, rows] of [
      [10, 1000],
      [20, 2000],
      [50, 5000],
      [80, 8000],
    ] as const) {
      const answer = await h.groundTruth(competitionId, truth, 'rmse', String(share));
      expect(answer).toMatchObject({
        code: 0,
        data: { rows: 10_000, publicRows: rows, publicPercent: share },
      });
      expect(await metric(competitionId)).toMatchObject({ rows: 10_000, publicRows: rows });
      // What the platform stored is that split.
      expect((await h.publicIds(competitionId)).size).toBe(rows);
    }
  });

  it('refuses a share with no public or no private board, in zh-CN and in en', async () => {
    const competitionId = await h.competition(csv((i) => i));
    for (const share of ['0', '100'])
      expect(await h.groundTruth(competitionId, truth, 'rmse', share)).toMatchObject({
        code: 40070,
        message: expect.stringContaining('1 to 99'),
      });
    const { payload, contentType } = multipart(
      { competitionId, metric: 'rmse', publicPercent: '0' },
      { file: { name: 'truth.csv', type: 'text/csv', bytes: Buffer.from(truth) } },
    );
    const zh = await h.operator.web.raw({
      method: 'POST',
      url: '/api/admin/groundtruth',
      payload,
      headers: { 'content-type': contentType, 'accept-language': 'zh-CN' },
    });
    expect(zh.body).toMatchObject({ code: 40070, message: expect.stringContaining('1 至 99') });
  });

  it('shows the commitment, signs it into a checkpoint before the first score, and a new setting is a new commitment', async () => {
    const competitionId = await h.competition(truth);
    const [commitment] = (await metric(competitionId)).commitments;
    expect(commitment).toMatchObject({
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      splitKeySha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      scorerVersion: expect.stringContaining('sais-scorer'),
      publicPercent: 50,
      rows: 10_000,
      publicRows: 5000,
      splitKey: null,
    });
    const proof = (eventId: string) =>
      h.anonymous.get('/api/transparency/scoring/proof', { eventId }).then((r) => r.body.data);
    // Signed at once after the ground truth's event (checkpointAfter), not at the hourly interval.
    const proven = await waitFor(
      () => proof(commitment.eventId),
      (p) => p?.checkpoint !== null,
      'a checkpoint over the commitment',
    );
    const key = await transparency.parseVerifierKey(
      (await h.anonymous.get('/api/transparency/scoring/checkpoints')).body.data.publicKey,
    );
    await expect(transparency.checkEventInclusion(proven, [key])).resolves.toMatchObject({
      status: 'verified',
    });
    // The first submission comes after it in the log: any checkpoint covering its score covers the commitment.
    const { web } = await h.participant(competitionId);
    const { submissionId } = await h.submit(web, competitionId, truth);
    const record = (await web.get('/api/submission/scoreRecord', { submissionId })).body.data;
    const scored = await waitFor(
      () => proof(record.eventId),
      (p) => typeof p?.leafIndex === 'number',
      'the score numbered in the log',
    );
    expect(scored.leafIndex).toBeGreaterThan(proven.leafIndex);
    // The same file set again: a new split key, a new commitment; the page shows both.
    await h.groundTruth(competitionId, truth, 'rmse', '50');
    const after = (await metric(competitionId)).commitments;
    expect(after).toHaveLength(2);
    expect(after[1].sha256).toBe(commitment.sha256);
    expect(after[1].splitKeySha256).not.toBe(commitment.splitKeySha256);
  });

  it('reveals the split key once final results are published, and anyone recomputes the split from it', async () => {
    const competitionId = await h.competition(truth);
    // A registration phase too (it has no board: the key waits for the phases that take submissions).
    await h.platform.stores.get('competition')!.append(
      C.PhaseScheduled.aggregate,
      `competition-${competitionId}`,
      'any',
      [
        {
          type: C.PhaseScheduled.type,
          data: {
            competitionId,
            phase: 'registration',
            startsAt: new Date(Date.now() - 2 * day).toISOString(),
            endsAt: new Date(Date.now() + day).toISOString(),
          },
        },
      ],
      system(),
    );
    await waitFor(
      () =>
        sql`select phases from scoring.competitions where competition_id = ${competitionId}`.execute(h.db),
      (r) => JSON.stringify(r.rows).includes('registration'),
      'the registration phase mirrored',
    );
    const { web } = await h.participant(competitionId);
    await h.submit(web, competitionId, truth);
    await h.board(competitionId, (d) => d.total === 1, '/api/leaderboard/private', h.operator.web);
    expect((await metric(competitionId)).commitments[0].splitKey).toBeNull();
    await h.closePhase(competitionId);
    const published = await h.operator.web.post('/api/admin/leaderboard/publish', {
      competitionId,
      phase: 'preliminary',
    });
    expect(published.body.code).toBe(0);
    const [revealed] = await waitFor(
      async () => (await metric(competitionId)).commitments,
      (c) => c[0].splitKey !== null,
      'the split key revealed',
    );
    const key = Buffer.from(revealed.splitKey, 'base64');
    // The key proves itself against the commitment signed before the first score…
    expect(createHash('sha256').update(key).digest('hex')).toBe(revealed.splitKeySha256);
    // …and gives back the split the board was scored on: the definition, recomputed outside the server.
    const recomputed = ids
      .map((id) => ({ id, digest: createHmac('sha256', key).update(id).digest() }))
      .sort((a, b) => Buffer.compare(a.digest, b.digest))
      .slice(0, 5000)
      .map(({ id }) => id);
    expect(new Set(recomputed)).toEqual(await h.publicIds(competitionId));
    // The organiser kept this ground truth: the split is checkable, the file is not published.
    expect(revealed).toMatchObject({ revealsGroundTruth: false, groundTruthRevealed: false });
    const kept = await groundTruthFile(competitionId, 'en');
    expect(kept.status).toBe(409);
    expect(kept.body).toMatchObject({ code: 40100, data: { chosen: false, splitKeyRevealed: true } });
  });

  it('publishes the ground truth the organiser chose to reveal, and the participant recomputes both scores from it', async () => {
    const competitionId = await h.competition(truth, { revealGroundTruth: true });
    const { web } = await h.participant(competitionId);
    // Every tenth prediction off (1,000 of 10,000 ids): both sides of the split, whatever the random
    // key, get some, so neither score is trivially 0.
    const mine = `id,yield\n${ids.map((id, i) => `${id},${(1000.125 + i * 0.0625 + (i % 10 === 0 ? 1.5 : 0)).toFixed(4)}`).join('\n')}\n`;
    const { submissionId } = await h.submit(web, competitionId, mine);
    await h.board(competitionId, (d) => d.total === 1, '/api/leaderboard/private', h.operator.web);
    const [chosen] = (await metric(competitionId)).commitments;
    expect(chosen).toMatchObject({ revealsGroundTruth: true, groundTruthRevealed: false, splitKey: null });
    // Not before every phase's final results: in both languages.
    const early = await groundTruthFile(competitionId, 'zh-CN');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 40100, data: { chosen: true, splitKeyRevealed: false } });
    expect(early.body.message).toContain('真值文件未公开');
    await h.closePhase(competitionId);
    expect(
      (await h.operator.web.post('/api/admin/leaderboard/publish', { competitionId, phase: 'preliminary' }))
        .body.code,
    ).toBe(0);
    const [commitment] = await waitFor(
      async () => (await metric(competitionId)).commitments,
      (c) => c[0].groundTruthRevealed,
      'the ground truth published',
    );
    const published = await groundTruthFile(competitionId, 'en');
    expect(published.status).toBe(200);
    expect(published.headers['content-type']).toContain('text/csv');
    const file = published.rawPayload;
    expect(createHash('sha256').update(file).digest('hex')).toBe(commitment.sha256);
    // The record the participant checks (its content revealed with the board), and their own file.
    const record = (await web.get('/api/submission/scoreRecord', { submissionId })).body.data;
    expect(record).toMatchObject({ competitionId, phase: 'preliminary', revealed: true });
    const recomputed = await scoring.recomputeScores({
      groundTruth: file,
      submission: (await web.raw({ method: 'GET', url: `/api/submission/file?submissionId=${submissionId}` }))
        .rawPayload,
      metric: record.event.data.metric,
      splitKey: Buffer.from(commitment.splitKey, 'base64'),
      publicPercent: commitment.publicPercent,
    });
    expect(recomputed).toMatchObject({ rows: 10_000, publicRows: 5000 });
    expect(record.event.data.privateScore).toBeGreaterThan(0);
    expect(record.event.data.publicScore).toBeGreaterThan(0);
    expect(scoring.sameScore(recomputed.privateScore, record.event.data.privateScore)).toBe(true);
    expect(scoring.sameScore(recomputed.publicScore, record.event.data.publicScore)).toBe(true);
  });
});
