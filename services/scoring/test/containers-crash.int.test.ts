/**
 * A container runner killed (SIGKILL) mid-run: its lease runs out, the other runner process takes the
 * submission over (attempt 2), removes the dead runner's container and finishes the run. Real registry,
 * engine, PostgreSQL and Kafka; the runners are child processes (test/fixtures/worker-process.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestRegistry, startRegistry } from '../../../infra/test/registry.ts';
import { takeContainers } from './containers-support.ts';
import { csv, scoringHarness, waitFor } from './support.ts';

const answers = csv((i) => i);

describe('a container runner killed mid-run', () => {
  let harness: Awaited<ReturnType<typeof scoringHarness>>;
  let registry: TestRegistry;
  let datasets: string;
  let env: NodeJS.ProcessEnv;
  const runners = new Map<number, ChildProcess>();
  const key = randomBytes(32).toString('base64');

  function startRunner(): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./fixtures/worker-process.ts', import.meta.url))],
      { env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    runners.set(child.pid!, child);
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`runner exited early (${code})`)));
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve(child));
    });
  }

  beforeAll(async () => {
    datasets = await mkdtemp(join(tmpdir(), 'sais-datasets-'));
    registry = await startRegistry();
    const prefix = `r${randomUUID().slice(0, 8)}.`;
    const runnerEnv = {
      SCORING_DATASETS_DIR: datasets,
      SCORING_CREDENTIALS_KEY: key,
      SCORING_RUNNER_LEASE_MS: '3000',
      SCORING_RUN_TIMEOUT_S: '30',
    };
    // This process serves HTTP and projections; only the child processes run containers.
    harness = await scoringHarness({ ...runnerEnv, KAFKA_TOPIC_PREFIX: prefix, SCORING_RUNNER: 'off' });
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${(await sql<{ db: string }>`select current_database() as db`.execute(harness.db)).rows[0]!.db}`;
    env = {
      ...process.env,
      ...runnerEnv,
      DATABASE_URL: url.toString(),
      KAFKA_TOPIC_PREFIX: prefix,
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      SAIS_SEED: 'off',
      // Every process of a platform shares its keys folder (personal data, registry credentials).
      SAIS_KEYS_DIR: harness.keysDir,
    };
  }, 120_000);

  afterAll(async () => {
    for (const runner of runners.values()) runner.kill('SIGKILL');
    await harness?.close();
    await registry?.stop();
    await rm(datasets, { recursive: true, force: true });
  });

  it('is retried by the other runner and scored, never left running', { timeout: 120_000 }, async () => {
    const image = await registry.push('slow:1', {
      '/app/run.sh': '#!/bin/sh\necho started\nsleep 5\ncp /saisdata/answers.csv /saisresult/result.csv\n',
    });
    const competitionId = await harness.competition(answers);
    await takeContainers(harness, competitionId, datasets, answers, ['container-image'], [registry.address]);
    await Promise.all([startRunner(), startRunner()]);
    const person = await harness.participant(competitionId);
    const submitted = await person.web.post('/api/submission/container', {
      competitionId,
      image,
      username: registry.username,
      password: registry.password,
    });
    expect(submitted.body.code).toBe(0);
    const submissionId = submitted.body.data.submissionId as string;
    const run = () =>
      sql<{ worker: string; attempt: number; run_state: string | null }>`
        select worker, attempt, run_state from scoring.container_runs where submission_id = ${submissionId}`
        .execute(harness.db)
        .then((result) => result.rows[0]!);
    const first = await waitFor(
      run,
      (row) => row.run_state === 'running',
      'the first runner to start the run',
    );
    const holder = runners.get(Number(first.worker.split(':')[1]))!;
    holder.kill('SIGKILL');
    const killedAt = Date.now();

    // A lease (3 s) to run out, a sweep, and the 5 s run again: more than waitFor's 15 s at worst.
    let row: { status: string } | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      row = (
        (await person.web.get('/api/submission/mine', { competitionId })).body.data as { status: string }[]
      )[0];
      if (row && !['Waiting', 'Evaluating'].includes(row.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.log(
      `[containers-crash] taken over and finished ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
    expect(row).toMatchObject({ status: 'Completed', score: 0 });
    expect((await run()).attempt).toBe(2);
    const starts = (
      await harness.platform.stores.get('scoring')!.readStream(`submission-${submissionId}`)
    ).filter((event) => event.type === 'scoring.EvaluationStarted');
    expect(starts).toHaveLength(2);
    // The dead runner's container is gone too.
    const left = execFileSync('docker', [
      'ps',
      '-aq',
      '--filter',
      `label=org.sais.submission=${submissionId}`,
    ]);
    expect(left.toString().trim()).toBe('');
  });
});
