import { scoring } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stream } from '../src/submissions/index.ts';
import { Evaluator } from '../src/workers/evaluator.ts';
import { csv, scoringHarness } from './support.ts';

/**
 * The evaluator claims and records a chunk of submissions in one transaction each way. Two workers given
 * the same batch at the same moment (a rebalance can do that) must still score each submission once:
 * one wins the claim of the whole chunk, the other falls back to one submission at a time, finds the
 * winner's live leases, waits for them, and appends nothing.
 */
describe('scoring workers racing on one batch', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;

  // No worker group in this process: the test drives the evaluators itself.
  beforeAll(async () => (h = await scoringHarness({ SAIS_WORKERS: 'off' })));
  afterAll(() => h.close());

  it('scores every submission exactly once, whoever wins the claim', async () => {
    const competitionId = await h.competition(
      csv((i) => i * 5),
      { dailySubmissionLimit: 50 },
    );
    const person = await h.participant(competitionId);
    const ids: string[] = [];
    // 20 files: more than one chunk (16), and every second one off by 1 in each row.
    for (let i = 0; i < 20; i++)
      ids.push(
        await h.upload(
          person.web,
          competitionId,
          csv((r) => r * 5 + (i % 2)),
        ),
      );
    const store = h.platform.stores.get('scoring')!;
    const received = [...(await store.readStreams(ids.map(stream))).values()].map((events) => events[0]!);
    const worker = (name: string) =>
      new Evaluator(h.db, store, {
        workerId: name,
        leaseMs: 5000,
        maxAttempts: 3,
        backoffMs: 20,
        batchSize: 16,
      });
    await Promise.all([worker('a').handleBatch(received), worker('b').handleBatch(received)]);

    const streams = await store.readStreams(ids.map(stream));
    for (const events of streams.values()) {
      expect(events.map((event) => event.type)).toEqual([
        scoring.SubmissionReceived.type,
        scoring.EvaluationStarted.type,
        scoring.SubmissionScored.type,
      ]);
    }
    const rows = await sql<{ status: string; public_score: number }>`
      select status, public_score from scoring.submissions where submission_id = any(${ids}::uuid[])
      order by created_at`.execute(h.db);
    expect(rows.rows.map((row) => row.status)).toEqual(ids.map(() => 'Completed'));
    expect(rows.rows.map((row) => row.public_score)).toEqual(ids.map((_, i) => i % 2));
    expect(await store.verify()).toMatchObject({ ok: true });
  }, 60_000);
});
