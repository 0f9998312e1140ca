/**
 * `npm run bench -- runner [runs=20]`
 *
 * Container-run overhead and throughput, on the real engine, registry, PostgreSQL and Kafka: the platform
 * (identity, competition, scoring; HTTP and projections, no runner) in this process and 2 runner processes
 * (services/scoring/test/fixtures/worker-process.ts, one run at a time each). The image is built from
 * busybox-static and pushed to a loopback registry with htpasswd auth (infra/test/registry.ts); its script
 * prints the kernel's uptime clock (/proc/uptime, shared with this host, 10 ms steps) when it starts and
 * when it ends, so the container's own start and exit are timed, not the runner's view of them.
 *
 * - overhead: `runs` submissions one after another: submit (HTTP call) → run script started, and
 *   run script ended → SubmissionScored committed. The image is pulled for every run (nothing else
 *   needs it, so it is removed after each run); the pulling → running step is shown apart.
 * - throughput: `runs` submissions of `runs` teams at once; wall time until the last is scored.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { startRegistry } from '../infra/test/registry.ts';
import { takeContainers } from '../services/scoring/test/containers-support.ts';
import { csv, scoringHarness } from '../services/scoring/test/support.ts';
import { Cleanup, sleep } from './lib/cleanup.ts';
import { distribution, fmt, ms, table, verdict } from './lib/report.ts';
import { reportFigures } from './lib/result.ts';
import { machine, startServers } from './lib/servers.ts';
import type { Benchmark } from './lib/benchmark.ts';

const TARGET_P99_MS = 2000;
const answers = csv((i) => i);
const uptimeMs = async () => Number((await readFile('/proc/uptime', 'utf8')).split(' ')[0]) * 1000;

async function main(args: readonly string[]): Promise<boolean> {
  const runs = Number(args.find((a) => a.startsWith('runs='))?.split('=')[1] ?? 20);
  const cleanup = new Cleanup();
  const children: ChildProcess[] = [];
  try {
    const servers = await startServers(cleanup);
    process.env.DATABASE_URL = servers.databaseUrl;
    process.env.KAFKA_BROKERS = servers.kafkaBrokers.join(',');
    const registry = await startRegistry();
    cleanup.defer('stop the registry', () => registry.stop());
    const image = await registry.push('bench:1', {
      '/app/run.sh':
        '#!/bin/sh\ncat /proc/uptime\ncp /saisdata/answers.csv /saisresult/result.csv\ncat /proc/uptime\n',
    });
    const datasets = await mkdtemp(join(tmpdir(), 'bench-datasets-'));
    cleanup.defer('remove the datasets', () => rm(datasets, { recursive: true, force: true }));
    const runnerEnv = {
      SCORING_DATASETS_DIR: datasets,
      SCORING_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
      KAFKA_TOPIC_PREFIX: `bench-${randomUUID().slice(0, 8)}.`,
    };
    const harness = await scoringHarness({ ...runnerEnv, SCORING_RUNNER: 'off' });
    cleanup.defer('close the platform', () => harness.close());
    const db = harness.db;
    const competitionId = await harness.competition(answers);
    await takeContainers(harness, competitionId, datasets, answers, ['container-image']);
    const url = new URL(servers.databaseUrl);
    url.pathname = `/${(await sql<{ db: string }>`select current_database() as db`.execute(db)).rows[0]!.db}`;
    const child = () =>
      new Promise<void>((resolve, reject) => {
        const runner = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            join(import.meta.dirname, '../services/scoring/test/fixtures/worker-process.ts'),
          ],
          {
            env: { ...process.env, ...runnerEnv, DATABASE_URL: url.toString(), SAIS_SEED: 'off' },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        children.push(runner);
        runner.once('exit', (code) => reject(new Error(`runner exited (${code})`)));
        runner.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      });
    await Promise.all([child(), child()]);
    cleanup.defer('stop the runners', async () => children.forEach((runner) => runner.kill('SIGTERM')));

    // One team per run (a team runs one container at a time); made one by one (password hashing is CPU-bound).
    const people: Awaited<ReturnType<typeof harness.participant>>[] = [];
    for (let i = 0; i <= 2 * runs; i++) people.push(await harness.participant(competitionId));
    console.log(`${people.length} participants signed up; warming up`);
    const submit = async (web: (typeof people)[number]['web']) => {
      const response = await web.post('/api/submission/container', {
        competitionId,
        image,
        username: registry.username,
        password: registry.password,
      });
      if (response.body.code !== 0) throw new Error(`submission refused: ${JSON.stringify(response.body)}`);
      return response.body.data.submissionId as string;
    };
    const done = async (ids: string[]) => {
      for (;;) {
        const rows = await sql<{ status: string }>`select status from scoring.submissions
          where submission_id = any(${ids}::uuid[])`.execute(db);
        const open = rows.rows.filter((row) => ['Waiting', 'Evaluating'].includes(row.status));
        if (open.length === 0) {
          const bad = rows.rows.filter((row) => row.status !== 'Completed');
          if (bad.length) throw new Error(`${bad.length} run(s) did not complete`);
          return;
        }
        await sleep(10);
      }
    };
    // Warm-up: the first run pays for module loading and the first connections.
    await done([await submit(people.pop()!.web)]);

    const toStart: number[] = [];
    const toScore: number[] = [];
    const pullToRunning: number[] = [];
    for (let i = 0; i < runs; i++) {
      const submittedAt = await uptimeMs();
      const id = await submit(people[i]!.web);
      await done([id]);
      const offset = (await uptimeMs()) - Date.now(); // uptime clock = wall clock + offset
      const log = (
        await sql<{ log: string }>`select log from scoring.submissions where submission_id = ${id}`.execute(
          db,
        )
      ).rows[0]!.log;
      const [started, ended] = [...log.matchAll(/^(\d+\.\d+) /gm)].map((match) => Number(match[1]) * 1000);
      const events = await harness.platform.stores.get('scoring')!.readStream(`submission-${id}`);
      const at = (type: string, state?: string) =>
        Date.parse(
          events.find((e) => e.type === type && (!state || (e.data as { state: string }).state === state))!
            .occurredAt,
        );
      toStart.push(started! - submittedAt);
      toScore.push(at('scoring.SubmissionScored') + offset - ended!);
      pullToRunning.push(
        at('scoring.ContainerRunProgressed', 'running') - at('scoring.ContainerRunProgressed', 'pulling'),
      );
    }

    console.log(`overhead: ${runs} runs done; throughput: ${runs} runs at once`);
    const batch = people.slice(runs, 2 * runs);
    const t0 = performance.now();
    const ids = await Promise.all(batch.map((person) => submit(person.web)));
    await done(ids);
    const wall = performance.now() - t0;

    const start = distribution(toStart);
    const score = distribution(toScore);
    const pull = distribution(pullToRunning);
    const m = machine();
    console.log('# Container runner benchmark (npm run bench -- runner)\n');
    console.log(
      table(
        ['', 'run'],
        [
          ['date', m.date!],
          ['machine', `${m.host!}, ${m.cpu!}, ${m.memory!}`],
          ['load before', m.load!],
          ['git commit', m.commit!],
          [
            'image',
            `${image} (busybox-static, 2 layers), pulled from a loopback registry with htpasswd auth`,
          ],
          ['runners', '2 processes × 1 slot (SCORING_RUNNER_SLOTS=1)'],
        ],
      ),
    );
    console.log();
    console.log(
      table(
        ['measure', 'p50', 'p99', 'max', 'target'],
        [
          ['submit → run script started', ms(start.p50), ms(start.p99), ms(start.max), ''],
          [
            '  of which pulling → running (pull, create, start)',
            ms(pull.p50),
            ms(pull.p99),
            ms(pull.max),
            '',
          ],
          [
            '  submit → started, without the pull step',
            ms(start.p50 - pull.p50),
            ms(start.p99 - pull.p99),
            '',
            verdict(start.p99 - pull.p99, TARGET_P99_MS, false),
          ],
          [
            'run script ended → scored',
            ms(score.p50),
            ms(score.p99),
            ms(score.max),
            verdict(score.p99, TARGET_P99_MS, false),
          ],
        ],
      ),
    );
    console.log(
      `\nthroughput: ${runs} runs of ${runs} teams submitted at once, all scored in ${fmt(wall / 1000, 1)} s ` +
        `(${fmt((runs / wall) * 60_000, 1)} runs/min, 2 runner processes)`,
    );
    reportFigures({
      'submit → started without the pull, p99 ms': start.p99 - pull.p99,
      'run script ended → scored, p99 ms': score.p99,
      'runs/min (2 runner processes)': (runs / wall) * 60_000,
    });
    return start.p99 - pull.p99 <= TARGET_P99_MS && score.p99 <= TARGET_P99_MS;
  } finally {
    for (const runner of children) runner.kill('SIGTERM');
    await cleanup.run();
  }
}

export default {
  description:
    'container runs: overhead submit → start and exit → score (p50/p99), throughput with 2 runners',
  main,
} satisfies Benchmark;
