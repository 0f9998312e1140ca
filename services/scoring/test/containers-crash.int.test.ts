/**
 * A container runner that goes away mid-run, with the other runner process taking the submission over:
 * killed (SIGKILL), its presence lock goes with its database session and the other runner takes the run
 * (attempt 2) without waiting for the lease; stopped (SIGTERM, a deploy), it kills its container and gives
 * the claim back (ContainerRunReleased), which does not count as an attempt. Either way the run is scored
 * once, and no container is left. The lease here is 60 s: a takeover within seconds comes from presence
 * or the release, never from the lease. Real registry, engine, PostgreSQL and Kafka; the runners are child
 * processes (test/fixtures/worker-process.ts), stopped as a deployment stops them.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestRegistry, startRegistry } from '../../../infra/test/registry.ts';
import { takeContainers } from './containers-support.ts';
import { csv, scoringHarness, waitFor } from './support.ts';

const answers = csv((i) => i);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a container runner that goes away mid-run', () => {
  let harness: Awaited<ReturnType<typeof scoringHarness>>;
  let registry: TestRegistry;
  let datasets: string;
  let env: NodeJS.ProcessEnv;
  let image: string;
  const runners = new Map<number, ChildProcess>();
  const key = randomBytes(32).toString('base64');

  function startRunner(extra: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./fixtures/worker-process.ts', import.meta.url))],
      { env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    runners.set(child.pid!, child);
    child.once('exit', () => runners.delete(child.pid!));
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`runner exited early (${code})`)));
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve(child));
    });
  }

  const exited = (child: ChildProcess) =>
    new Promise<number | null>((resolve) =>
      child.exitCode !== null || child.signalCode !== null
        ? resolve(child.exitCode)
        : child.once('exit', (code) => resolve(code)),
    );

  beforeAll(async () => {
    datasets = await mkdtemp(join(tmpdir(), 'sais-datasets-'));
    registry = await startRegistry();
    const prefix = `r${randomUUID().slice(0, 8)}.`;
    const runnerEnv = {
      SCORING_DATASETS_DIR: datasets,
      SCORING_CREDENTIALS_KEY: key,
      // Far beyond the bounds asserted below: only presence or a release can explain a quick takeover.
      SCORING_RUNNER_LEASE_MS: '60000',
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
    image = await registry.push('slow:1', {
      '/app/run.sh': '#!/bin/sh\necho started\nsleep 5\ncp /saisdata/answers.csv /saisresult/result.csv\n',
    });
  }, 120_000);

  afterEach(async () => {
    // Each test starts runners of its own.
    const left = [...runners.values()];
    for (const runner of left) runner.kill('SIGKILL');
    await Promise.all(left.map(exited));
  });

  afterAll(async () => {
    await harness?.close();
    await registry?.stop();
    await rm(datasets, { recursive: true, force: true });
  });

  /** A participant's container submission, running on one of two runners: its holder and helpers. */
  async function runningOnOneOfTwo(runnerEnv: NodeJS.ProcessEnv = {}) {
    const competitionId = await harness.competition(answers);
    await takeContainers(harness, competitionId, datasets, answers, ['container-image'], [registry.address]);
    await Promise.all([startRunner(runnerEnv), startRunner(runnerEnv)]);
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
    expect(holder).toBeDefined();
    /** Waits (200 ms steps, at most 60 s) for the submission to finish; answers its row of "my submissions". */
    const finished = async () => {
      let row: { status: string; score: number | null; log: string | null } | undefined;
      for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
        row = (
          (await person.web.get('/api/submission/mine', { competitionId })).body.data as NonNullable<
            typeof row
          >[]
        )[0];
        if (row && !['Waiting', 'Evaluating'].includes(row.status)) break;
        await sleep(200);
      }
      return row;
    };
    /** Waits for another runner's claim (attempt 2) and answers when it came. */
    const takenOver = async () => {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        const row = await run();
        if (row.attempt === 2 && row.worker !== first.worker) return { at: Date.now(), row };
        await sleep(100);
      }
      throw new Error('no other runner took the run over within 30 s');
    };
    const events = async () =>
      (await harness.platform.stores.get('scoring')!.readStream(`submission-${submissionId}`)).map(
        (event) => ({ type: event.type, data: event.data as Record<string, unknown> }),
      );
    const containers = (filter: string) =>
      execFileSync('docker', ['ps', '-aq', '--filter', filter]).toString().trim();
    return { submissionId, first, holder, run, finished, takenOver, events, containers };
  }

  it(
    'killed (SIGKILL): the other runner takes the run over within seconds and scores it once',
    { timeout: 120_000 },
    async () => {
      const { submissionId, first, holder, run, finished, takenOver, events, containers } =
        await runningOnOneOfTwo();
      holder.kill('SIGKILL');
      const killedAt = Date.now();
      const takeover = await takenOver();
      const row = await finished();
      console.log(
        `[containers-crash] SIGKILL: taken over ${((takeover.at - killedAt) / 1000).toFixed(1)} s after the kill, ` +
          `finished after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`,
      );
      // Its presence went with its database session: no waiting for the 60 s lease.
      expect(takeover.at - killedAt).toBeLessThan(10_000);
      expect(row).toMatchObject({ status: 'Completed', score: 0 });
      expect((await run()).attempt).toBe(2);
      const history = await events();
      const starts = history.filter((event) => event.type === 'scoring.EvaluationStarted');
      expect(starts.map((event) => event.data.worker)).toEqual([first.worker, takeover.row.worker]);
      expect(history.filter((event) => event.type === 'scoring.SubmissionScored')).toHaveLength(1);
      // The dead runner's container is gone too.
      expect(containers(`label=org.sais.submission=${submissionId}`)).toBe('');
    },
  );

  it(
    'stopped (SIGTERM): it kills its container and gives the run back, the other takes it at once, scored once, no attempt spent',
    { timeout: 120_000 },
    async () => {
      // One attempt only: a run given back must not count, or the takeover would fail it.
      const { submissionId, first, holder, run, finished, takenOver, events, containers } =
        await runningOnOneOfTwo({ SCORING_RUNNER_MAX_ATTEMPTS: '1' });
      const exit = exited(holder);
      holder.kill('SIGTERM');
      const stoppedAt = Date.now();
      const [code, takeover] = await Promise.all([exit, takenOver()]);
      const exitedAt = Date.now();
      // A clean exit, within closeOnSignals' 10 s; its container killed and removed on the way out.
      expect(code).toBe(0);
      // Killed on the way out; the engine finishes removing it (`--rm`) a moment later on a busy host.
      const deadline = Date.now() + 10_000;
      while (containers(`name=sais-run-${submissionId}-1`) !== '' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(containers(`name=sais-run-${submissionId}-1`)).toBe('');
      const row = await finished();
      console.log(
        `[containers-crash] SIGTERM: taken over ${((takeover.at - stoppedAt) / 1000).toFixed(1)} s after the signal ` +
          `(exit within ${((exitedAt - stoppedAt) / 1000).toFixed(1)} s), finished after ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s`,
      );
      expect(takeover.at - stoppedAt).toBeLessThan(10_000);
      expect(row).toMatchObject({ status: 'Completed', score: 0 });
      expect(row!.log).toContain('started');
      expect((await run()).attempt).toBe(2);
      const history = await events();
      const types = history.map((event) => event.type);
      expect(types.filter((type) => type === 'scoring.EvaluationStarted')).toHaveLength(2);
      expect(types.filter((type) => type === 'scoring.SubmissionScored')).toHaveLength(1);
      // Not the participant's failure, nor a platform failure: no EvaluationFailed, nothing refunded.
      expect(types).not.toContain('scoring.EvaluationFailed');
      expect(types).not.toContain('scoring.QuotaRefunded');
      const released = history.filter((event) => event.type === 'scoring.ContainerRunReleased');
      expect(released.map((event) => event.data)).toEqual([
        { submissionId, attempt: 1, worker: first.worker },
      ]);
      // The release comes after the first claim and before the second.
      expect(types.indexOf('scoring.ContainerRunReleased')).toBeLessThan(
        types.lastIndexOf('scoring.EvaluationStarted'),
      );
      expect(containers(`label=org.sais.submission=${submissionId}`)).toBe('');
    },
  );
});
