// A participant's score in the scoring log's signed checkpoints (decision 0012): the event that recorded
// it, its inclusion proof, verified as the portal verifies it; a seal signs a checkpoint at once; the
// event's content (with the private score) only after publication; a rewritten score fails the proof.
import { transparency } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, scoringHarness, waitFor } from './support.ts';

const truth = csv((i) => i * 5);
type Proof = transparency.EventInclusionProof;

describe('scores in the transparency log', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  const checkpoints = async () =>
    (await h.anonymous.get('/api/transparency/scoring/checkpoints')).body.data as {
      publicKey: string;
      latest: transparency.CheckpointRecord | null;
    };
  const proof = async (eventId: string) =>
    (await h.anonymous.get('/api/transparency/scoring/proof', { eventId })).body.data as Proof;

  beforeAll(async () => {
    // Regular checkpoints only once an hour: here a checkpoint comes from the first events and the seal.
    h = await scoringHarness({ SAIS_CHECKPOINT_INTERVAL_MS: '3600000', SAIS_CHECKPOINT_POLL_MS: '100' });
  });
  afterAll(() => h.close());

  it('proves a scored submission’s event once a seal signed a checkpoint, and its content after publication', async () => {
    const competitionId = await h.competition(truth);
    await waitFor(checkpoints, (c) => c.latest !== null, 'the first checkpoint of the scoring log');
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    const { submissionId, score } = await h.submit(
      a.web,
      competitionId,
      csv((i) => i * 5 + 1),
    );

    const record = (await a.web.get('/api/submission/scoreRecord', { submissionId })).body.data;
    expect(record).toMatchObject({ submissionId, eventId: expect.any(String), revealed: false, event: null });
    const other = await b.web.get('/api/submission/scoreRecord', { submissionId });
    expect([other.status, other.body.code]).toEqual([404, 40008]);

    const key = await transparency.parseVerifierKey((await checkpoints()).publicKey);
    const pending = await proof(record.eventId);
    expect(pending).toMatchObject({ eventHash: record.eventHash, checkpoint: null, inclusionPath: [] });
    await expect(transparency.checkEventInclusion(pending, [key])).resolves.toEqual({ status: 'pending' });

    // The private board is a read model: the seal waits until the projection has the score (40040 before).
    const sealed = await waitFor(
      () => h.operator.web.post('/api/admin/leaderboard/seal', { competitionId, phase: 'preliminary' }),
      (answer) => answer.body.code !== 40040,
      'the private board to have the score',
    );
    expect(sealed.body.code).toBe(0);
    const proven = await waitFor(
      () => proof(record.eventId),
      (p) => p.checkpoint !== null,
      'a checkpoint after the seal',
    );
    await expect(transparency.checkEventInclusion(proven, [key])).resolves.toEqual({
      status: 'verified',
      checkpoint: proven.checkpoint!.number,
      treeSize: proven.checkpoint!.treeSize,
      leafIndex: proven.leafIndex,
      contentChecked: false,
    });

    await h.closePhase(competitionId);
    expect(
      (await h.operator.web.post('/api/admin/leaderboard/publish', { competitionId, phase: 'preliminary' }))
        .body.code,
    ).toBe(0);
    // The publication reaches the board's read model through its projection.
    const revealed = await waitFor(
      async () => (await a.web.get('/api/submission/scoreRecord', { submissionId })).body.data,
      (r) => r.revealed,
      'the publication',
    );
    expect(revealed).toMatchObject({
      revealed: true,
      event: { id: record.eventId, data: { submissionId, publicScore: score } },
    });
    await expect(transparency.checkEventInclusion(proven, [key], revealed.event)).resolves.toMatchObject({
      status: 'verified',
      contentChecked: true,
    });

    // Someone with database access changes the score and recomputes the hash chain: the proof fails.
    await h.db.connection().execute(async (db) => {
      await sql`set session_replication_role = replica`.execute(db);
      await sql`update scoring.events set data = jsonb_set(data, '{publicScore}', '0.001')
        where event_id = ${record.eventId}`.execute(db);
      const [event] = (
        await sql<{
          data: unknown;
        }>`select data from scoring.events where event_id = ${record.eventId}`.execute(db)
      ).rows;
      const content = { ...revealed.event, data: event!.data };
      const hash = await transparency.recomputeEventHash(content);
      await sql`update scoring.events set hash = ${hash} where event_id = ${record.eventId}`.execute(db);
      await sql`set session_replication_role = origin`.execute(db);
    });
    const rewritten = (await a.web.get('/api/submission/scoreRecord', { submissionId })).body.data;
    expect(rewritten.event.data.publicScore).toBe(0.001);
    await expect(
      transparency.checkEventInclusion(await proof(record.eventId), [key], rewritten.event),
    ).resolves.toEqual({ status: 'failed', reason: 'path' });
  });
});
