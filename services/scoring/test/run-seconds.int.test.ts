/**
 * The fair queue charges runs by their time (decision 0038), on both modes: a choice charges the run's
 * estimate (the mean its competition's finished runs used, else its declared seconds: its phase's
 * `timeoutSeconds` or the environment's default) and writes the charge on the run; the next choice corrects
 * it to the time the run used (from its choice to its end, both on the database's clock, at most its
 * declared time), all of it back to a run Waiting again; a competition
 * that kept runs waiting keeps its refunds, one back from idle is lifted; and the place a participant is
 * shown is the next choice's order with the charges settled. The runs are rows written as a runner's
 * claim leaves them (no container is started: `fair-queue.int` runs real ones); their ends are set on the
 * database's clock, so every figure below is exact.
 */
import { randomUUID } from 'node:crypto';
import { competition } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIDE } from '../src/containers/fair-order.ts';
import { runQueuePlaces } from '../src/containers/run-queue-places.ts';
import { takeNextFair } from '../src/containers/run-queue.ts';
import { csv, scoringHarness, waitFor } from './support.ts';

const answers = csv((i) => i);
/** The platform's environment below: a phase without its own limits declares 100 s. */
const env = { SCORING_RUNNER: 'off', SCORING_RUN_TIMEOUT_S: '100' };
const policy = competition.runLimitPolicy(env);

describe.each([
  { mode: 'PostgreSQL + Kafka', embedded: false },
  { mode: 'embedded (npm start)', embedded: true },
])('run-seconds in the fair queue on $mode', ({ embedded }) => {
  let harness: Awaited<ReturnType<typeof scoringHarness>>;

  beforeAll(async () => {
    // No runner: the choices below are the only ones. A phase without its own limits declares 100 s.
    harness = await scoringHarness(env, undefined, { embedded });
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
  });

  /** A Waiting container run of `team`, submitted `at` ms after the epoch (the order within a team). */
  async function waiting(competitionId: string, team: string, at: number) {
    const submissionId = randomUUID();
    const created = new Date(Date.UTC(2030, 0, 1) + at);
    await sql`insert into scoring.submissions (submission_id, competition_id, phase, team_id, submitter_id,
        file_name, size, sha256, quota_day, status, created_at, updated_at)
      values (${submissionId}, ${competitionId}, 'preliminary', ${team}, ${randomUUID()}, 'image', 0,
        ${'0'.repeat(64)}, '2030-01-01', 'Waiting', ${created}, ${created})`.execute(harness.db);
    await sql`insert into scoring.container_runs (submission_id, competition_id, team_id, image, config_path, created_at)
      values (${submissionId}, ${competitionId}, ${team}, 'bench:1', '/app/run.sh', ${created})`.execute(
      harness.db,
    );
    return submissionId;
  }

  /** A runner's claim: the fair choice and Evaluating, in one transaction. */
  const claim = () =>
    harness.db.transaction().execute(async (trx) => {
      const run = await takeNextFair(trx, new Set(), policy);
      if (run)
        await sql`update scoring.submissions set status = 'Evaluating', started_at = now()
          where submission_id = ${run.submissionId}`.execute(trx);
      return run?.submissionId ?? null;
    });

  /** The run ends `seconds` after its choice (on the database's clock). */
  const finish = (submissionId: string, seconds: number) =>
    sql`update scoring.submissions s set status = 'Completed',
        finished_at = r.charged_at + make_interval(secs => ${seconds})
      from scoring.container_runs r
      where r.submission_id = s.submission_id and s.submission_id = ${submissionId}`.execute(harness.db);

  const charge = async (submissionId: string) =>
    (
      await sql<{ charge: number | null; seconds: number | null; refund: number | null; settled: boolean }>`
        select charge, charge_seconds as seconds, refund, settled_tick is not null as settled
        from scoring.container_runs
        where submission_id = ${submissionId}`.execute(harness.db)
    ).rows[0]!;

  const pass = async (competitionId: string) =>
    Number(
      (
        await sql<{ pass: number }>`select pass from scoring.run_queue_competitions
          where competition_id = ${competitionId}`.execute(harness.db)
      ).rows[0]?.pass,
    );

  it(
    'charges an estimate, corrects it to the time used, gives a released run all back, and places follow',
    { timeout: 120_000 },
    async () => {
      const [long, short] = [await harness.competition(answers), await harness.competition(answers)];
      // The short competition's phase declares 10 s (an operator's limits, decision 0044).
      const set = await harness.operator.web.raw({
        method: 'PUT',
        url: `/api/admin/competitions/${short}/phases/preliminary/run-limits`,
        payload: { timeoutSeconds: 10, memoryMb: 512, cpus: 1, resultMb: 64, gpus: 0 },
      });
      expect(set.body).toMatchObject({ code: 0 });
      await waitFor(
        () =>
          sql<{
            seconds: string | null;
          }>`select phases -> 'preliminary' -> 'runLimits' ->> 'timeoutSeconds' as seconds
            from scoring.competitions where competition_id = ${short}`.execute(harness.db),
        (result) => result.rows[0]?.seconds === '10',
        'the phase’s limits in scoring’s mirror',
      );
      // The queue is shared by every test of the file's platform: the figures are relative to it.
      const vtime = async () =>
        Number(
          (await sql<{ vtime: number }>`select vtime from scoring.run_queue where id = 1`.execute(harness.db))
            .rows[0]!.vtime,
        );
      const v0 = await vtime();

      // Only the long competition waits: its run is charged its 100 declared seconds.
      const l1 = await waiting(long, 'la', 0);
      expect(await claim()).toBe(l1);
      expect(await charge(l1)).toEqual({ charge: 100 * STRIDE, seconds: 100, refund: null, settled: false });
      expect(await pass(long)).toBe(v0 + 100 * STRIDE);

      // It ran 25 s. A short run and another long one arrive; the short one is shown first (the long
      // competition's pass, settled, is v0 + 25 s; the short one, back from idle, starts at v0).
      await finish(l1, 25);
      const l2 = await waiting(long, 'lb', 1);
      const s1 = await waiting(short, 'sa', 2);
      expect((await runQueuePlaces(harness.db, long, 'lb', new Date(), policy)).get(l2)).toMatchObject({
        place: 2,
        ahead: 1,
      });
      expect((await runQueuePlaces(harness.db, short, 'sa', new Date(), policy)).get(s1)).toMatchObject({
        place: 1,
        ahead: 0,
      });
      expect(await claim()).toBe(s1);
      // Settled once, kept on the run: 75 of its 100 s given back.
      expect(await charge(l1)).toEqual({
        charge: 100 * STRIDE,
        seconds: 100,
        refund: 75 * STRIDE,
        settled: true,
      });
      expect(await pass(long)).toBe(v0 + 25 * STRIDE);
      expect(await charge(s1)).toMatchObject({ charge: 10 * STRIDE, seconds: 10, settled: false });
      expect(await pass(short)).toBe(v0 + 10 * STRIDE);

      // The short run is given back (a stopping runner): Waiting again, its whole charge comes back, and
      // it is chosen again before the long one (v0 < v0 + 25 s), charged once.
      await sql`update scoring.submissions set status = 'Waiting', started_at = null
        where submission_id = ${s1}`.execute(harness.db);
      expect(await claim()).toBe(s1);
      expect(await pass(short)).toBe(v0 + 10 * STRIDE);

      // It runs past its declared time (40 s of 10: the runner's timeout had a grace): nothing back, and
      // it counts as 10 s for the short competition's next estimate.
      await finish(s1, 40);
      const s2 = await waiting(short, 'sb', 3);
      // Starts: long v0 + 25 s, short v0 + 10 s (kept: it had runs waiting): short first, charged the
      // mean of its competition's finished runs (10 s).
      expect(await claim()).toBe(s2);
      expect(await charge(s2)).toMatchObject({ charge: 10 * STRIDE, seconds: 10, settled: false });
      expect(await pass(short)).toBe(v0 + 20 * STRIDE);
      // It ends at once: all 10 s back (v0 + 10 s) and the short competition, still ahead, would go first,
      // but nothing of it waits: the long run goes, charged its competition's mean so far (25 s), not 100.
      await finish(s2, 0);
      expect(await claim()).toBe(l2);
      expect(await pass(short)).toBe(v0 + 10 * STRIDE);
      expect(await charge(l2)).toMatchObject({ charge: 25 * STRIDE, seconds: 25, settled: false });
      expect(await pass(long)).toBe(v0 + 50 * STRIDE);
      // The long one runs 100 s; nothing waits, so nothing is settled until the next choice.
      await finish(l2, 100);
      expect(await claim()).toBeNull();
      expect(await charge(l2)).toMatchObject({ charge: 25 * STRIDE, settled: false });
      expect(await charge(s2)).toMatchObject({ refund: 10 * STRIDE, settled: true });
      expect(await charge(s1)).toMatchObject({ refund: 0, settled: true });
      // The next choice settles it: 75 s more than it was charged (a negative refund), so the long pass is
      // v0 + 125 s; the next long run is charged the mean of 25 and 100 s.
      const l3 = await waiting(long, 'la', 4);
      expect(await claim()).toBe(l3);
      expect(await charge(l2)).toMatchObject({ refund: -75 * STRIDE, settled: true });
      expect(await charge(l3)).toMatchObject({ charge: 62.5 * STRIDE, seconds: 62.5 });
      expect(await pass(long)).toBe(v0 + 187.5 * STRIDE);
    },
  );
});
