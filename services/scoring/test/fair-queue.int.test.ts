/**
 * The fair queue of container runs (decision 0038) on both modes: runs wait in two competitions (one of
 * weight 2, set by an operator through the route, an event), participants see their place in the fair
 * order, then two runners (two ContainerRunWorker instances with their own ids, sharing the database as two
 * processes do) claim them: each run is claimed once, and each claim is the fair choice of its moment,
 * replayed with the pure function from the runs' rows (charged by their declared seconds, given back what
 * they did not use: which choice settled which run, and the time each used, are kept on the rows).
 * Real registry, Docker Engine (a trivial image under the default runtime), PostgreSQL + Kafka or PGlite.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scoring } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestRegistry, startRegistry } from '../../../infra/test/registry.ts';
import { CredentialVault } from '../src/containers/credentials.ts';
import { DockerRunner } from '../src/containers/docker-runner.ts';
import {
  type FairState,
  type WaitingRun,
  applyFair,
  RECENT_RUNS,
  emptyFairState,
  estimateSeconds,
  fairOrder,
  nextFair,
  settleFair,
} from '../src/containers/fair-order.ts';
import { runnerSettings } from '../src/containers/settings.ts';
import { ContainerRunWorker } from '../src/workers/container-runner.ts';
import { WorkerPresence } from '../src/workers/presence.ts';
import { takeContainers } from './containers-support.ts';
import { csv, scoringHarness, waitFor } from './support.ts';

const answers = csv((i) => i);

describe.each([
  { mode: 'PostgreSQL + Kafka', embedded: false },
  { mode: 'embedded (npm start)', embedded: true },
])('the fair queue of container runs on $mode', ({ embedded }) => {
  let harness: Awaited<ReturnType<typeof scoringHarness>>;
  let registry: TestRegistry;
  let datasets: string;
  let image: string;
  const key = randomBytes(32);
  const env = () => ({
    SCORING_DATASETS_DIR: datasets,
    SCORING_CREDENTIALS_KEY: key.toString('base64'),
    SCORING_RUNNER_SWEEP_MS: '150',
    SCORING_RUN_TIMEOUT_S: '30',
  });

  beforeAll(async () => {
    datasets = await mkdtemp(join(tmpdir(), 'sais-datasets-'));
    registry = await startRegistry();
    image = await registry.push('fair:1', {
      '/app/run.sh': '#!/bin/sh\ncp /saisdata/answers.csv /saisresult/result.csv\n',
    });
    // The platform's own runner is off: the two runners below are the only ones.
    harness = await scoringHarness({ ...env(), SCORING_RUNNER: 'off' }, undefined, { embedded });
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
    await registry?.stop();
    await rm(datasets, { recursive: true, force: true });
  });

  it(
    'operators set weights (an event); participants see their fair place; two runners claim in the fair order',
    { timeout: 240_000 },
    async () => {
      const [heavy, light] = [await harness.competition(answers), await harness.competition(answers)];
      for (const competitionId of [heavy, light])
        await takeContainers(
          harness,
          competitionId,
          datasets,
          answers,
          ['container-image'],
          [registry.address],
        );

      // The weight: operators only, 1–100, recorded.
      const participantOnly = await harness.participant(heavy);
      const refused = await participantOnly.web.post('/api/admin/run-queue/weight', {
        competitionId: heavy,
        weight: 2,
      });
      expect(refused.status).toBe(403);
      const tooHeavy = await harness.operator.web.post('/api/admin/run-queue/weight', {
        competitionId: heavy,
        weight: 101,
      });
      expect(tooHeavy.status).toBe(400);
      const set = await harness.operator.web.post('/api/admin/run-queue/weight', {
        competitionId: heavy,
        weight: 2,
      });
      expect(set.body).toMatchObject({ code: 0, data: { competitionId: heavy, weight: 2, previous: 1 } });
      const recorded = await harness.platform.stores.get('scoring')!.readStream(`runqueue-${heavy}`);
      expect(recorded.map((event) => [event.type, event.data])).toEqual([
        [scoring.RunQueueWeightSet.type, { competitionId: heavy, weight: 2, previous: 1 }],
      ]);
      const listed = await harness.operator.web.get('/api/admin/run-queue');
      expect(listed.body.data).toEqual(
        expect.arrayContaining([
          { competitionId: heavy, weight: 2, waiting: 0, running: 0 },
          { competitionId: light, weight: 1, waiting: 0, running: 0 },
        ]),
      );

      // Four teams of the heavy competition and three of the light one submit while no runner runs.
      const people = [
        ...(await Promise.all([0, 1, 2, 3].map(() => harness.participant(heavy)))).map((p) => ({
          ...p,
          competitionId: heavy,
        })),
        ...(await Promise.all([0, 1, 2].map(() => harness.participant(light)))).map((p) => ({
          ...p,
          competitionId: light,
        })),
      ];
      const submitted: { submissionId: string; person: (typeof people)[number] }[] = [];
      for (const person of [
        people[0]!,
        people[4]!,
        people[1]!,
        people[2]!,
        people[5]!,
        people[3]!,
        people[6]!,
      ]) {
        const answer = await person.web.post('/api/submission/container', {
          competitionId: person.competitionId,
          image,
          username: registry.username,
          password: registry.password,
        });
        expect(answer.body.code).toBe(0);
        submitted.push({ submissionId: answer.body.data.submissionId as string, person });
      }

      // The fair order of what waits, as the pure function gives it for these runs and weights.
      const waiting = await sql<{
        submission_id: string;
        competition_id: string;
        team_id: string;
        created_at: Date;
      }>`
      select submission_id, competition_id, team_id, created_at from scoring.container_runs`.execute(
        harness.db,
      );
      const runs: WaitingRun[] = waiting.rows.map((row) => ({
        submissionId: row.submission_id,
        competitionId: row.competition_id,
        teamId: row.team_id,
        at: new Date(row.created_at).getTime(),
      }));
      const expected = fairOrder({ ...emptyFairState(), weights: new Map([[heavy, 2]]) }, runs).map(
        (r) => r.submissionId,
      );
      // Heavy gets two of every three places while both wait.
      expect(
        expected.slice(0, 6).filter((id) => runs.find((r) => r.submissionId === id)!.competitionId === heavy),
      ).toHaveLength(4);

      // Each participant sees their run's place (no finished run yet: no estimate) and nobody else's.
      for (const { submissionId, person } of submitted) {
        const mine = (await person.web.get('/api/submission/mine', { competitionId: person.competitionId }))
          .body.data as { submissionId: string; queue: unknown }[];
        expect(mine).toEqual([
          expect.objectContaining({
            submissionId,
            queue: {
              place: expected.indexOf(submissionId) + 1,
              ahead: expected.indexOf(submissionId),
              estimatedStart: null,
              estimatedFinish: null,
              basedOn: 0,
            },
          }),
        ]);
      }

      // The queue's state before the runners (the weight's row only: no run was chosen yet).
      const head = await sql<{ vtime: number; tick: string | number }>`
        select vtime, tick from scoring.run_queue where id = 1`.execute(harness.db);
      const initial: FairState = {
        ...emptyFairState(),
        vtime: Number(head.rows[0]!.vtime),
        tick: Number(head.rows[0]!.tick),
        weights: new Map([[heavy, 2]]),
      };

      // Two runners, one slot each, sharing the database (and, on PostgreSQL, each with its presence).
      const settings = runnerSettings({ ...process.env, ...env() }, datasets);
      const ids = ['fair-runner-a', 'fair-runner-b'];
      const workers = ids.map((id) => {
        const liveness = embedded
          ? { alive: async (asked: readonly string[]) => new Set(asked.filter((one) => ids.includes(one))) }
          : new WorkerPresence(harness.db, id);
        return new ContainerRunWorker(
          harness.db,
          harness.platform.stores.get('scoring')!,
          new DockerRunner({ user: settings.user, runtime: settings.runtime }),
          async () => new CredentialVault(key),
          settings,
          id,
          undefined,
          undefined,
          liveness,
        );
      });
      for (const worker of workers) worker.start();
      try {
        await waitFor(
          () =>
            sql<{ n: number }>`select count(*)::int as n from scoring.submissions s
            join scoring.container_runs r using (submission_id) where s.status = 'Completed'`.execute(
              harness.db,
            ),
          (result) => result.rows[0]!.n === runs.length,
          'every run to be scored',
        );
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
      const starts = await sql<{ stream_id: string; worker: string }>`
      select stream_id, data->>'worker' as worker from scoring.events
      where type = ${scoring.EvaluationStarted.type} and stream_id = any(${runs.map((r) => `submission-${r.submissionId}`)})
      order by global_position`.execute(harness.db);
      // Claimed once each, by both runners.
      const claimed = starts.rows.map((row) => row.stream_id.slice('submission-'.length));
      expect([...claimed].sort()).toEqual(runs.map((r) => r.submissionId).sort());
      expect(new Set(starts.rows.map((row) => row.worker))).toEqual(new Set(ids));
      // Each claim replayed: the charges settled before it (the runs over by then, with the time they
      // used), then the pure choice among the runs not yet taken, each priced by the time its competition's
      // finished runs used (30 declared seconds, SCORING_RUN_TIMEOUT_S, while none has finished), which
      // must be the run it took, with the charge it wrote.
      const charged = await sql<{
        submission_id: string;
        charge: number;
        charge_seconds: number;
        charge_tick: string | number;
        settled_tick: string | number | null;
        used: number | null;
      }>`
        select r.submission_id, r.charge, r.charge_seconds, r.charge_tick, r.settled_tick,
            extract(epoch from s.finished_at - r.charged_at)::float8 as used
          from scoring.container_runs r join scoring.submissions s using (submission_id)
        where r.submission_id = any(${runs.map((r) => r.submissionId)}::uuid[])
        order by r.charge_tick`.execute(harness.db);
      const byId = new Map(runs.map((run) => [run.submissionId, run]));
      const history = new Map<string, number[]>([
        [heavy, []],
        [light, []],
      ]);
      let state = initial;
      for (const row of charged.rows) {
        const tick = Number(row.charge_tick);
        const over = charged.rows
          .filter((other) => other.settled_tick !== null && Number(other.settled_tick) === tick)
          .map((other) => ({
            submissionId: other.submission_id,
            competitionId: byId.get(other.submission_id)!.competitionId,
            charge: Number(other.charge),
            seconds: Number(other.charge_seconds),
            declared: 30,
            usedSeconds: Math.max(0, Number(other.used ?? 0)),
          }));
        state = settleFair(state, over);
        for (const run of over) history.get(run.competitionId)!.push(Math.min(run.usedSeconds, 30));
        const left = charged.rows
          .filter((other) => Number(other.charge_tick) >= tick)
          .map((other) => byId.get(other.submission_id)!)
          .map((run) => ({
            ...run,
            seconds: estimateSeconds(history.get(run.competitionId)!.slice(-RECENT_RUNS), 30),
            declared: 30,
          }));
        const step = nextFair(state, left)!;
        expect(step.run.submissionId).toBe(row.submission_id);
        expect(step.tick).toBe(tick);
        expect(step.run.seconds).toBeCloseTo(Number(row.charge_seconds), 9);
        expect(step.charge).toBe(Number(row.charge));
        state = applyFair(state, step);
      }
      // The claims (events) are in the order of the charges (the queue's ticks).
      expect(claimed).toEqual(charged.rows.map((row) => row.submission_id));
      // The finished runs give the next waiting ones an estimate.
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from scoring.submissions
      where finished_at is not null and started_at is not null`.execute(harness.db);
      expect(rows[0]!.n).toBeGreaterThanOrEqual(runs.length);
    },
  );
});
