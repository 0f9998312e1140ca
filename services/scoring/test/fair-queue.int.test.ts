/**
 * The fair queue of container runs (decision 0038) on both modes: runs wait in two competitions (one of
 * weight 2, set by an operator through the route, an event), participants see their place in the fair
 * order, then two runners (two ContainerRunWorker instances with their own ids, sharing the database as two
 * processes do) claim them: the order of the claims is the fair order, and each run is claimed once.
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
import { type WaitingRun, emptyFairState, fairOrder } from '../src/containers/fair-order.ts';
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
      // Claimed once each, in the fair order, by both runners.
      expect(starts.rows.map((row) => row.stream_id.slice('submission-'.length))).toEqual(expected);
      expect(new Set(starts.rows.map((row) => row.worker))).toEqual(new Set(ids));
      // The finished runs give the next waiting ones an estimate.
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from scoring.submissions
      where finished_at is not null and started_at is not null`.execute(harness.db);
      expect(rows[0]!.n).toBeGreaterThanOrEqual(runs.length);
    },
  );
});
