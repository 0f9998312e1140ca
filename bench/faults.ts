/**
 * `npm run bench -- faults [rate=50] [uploads=2000] [at=10] [projections=1]
 *   [faults=none,worker,api,projections,kafka,postgres]`
 *
 * Faults survived, in real mode on the benchmark's own PostgreSQL and Kafka containers (never shared
 * ones: it restarts them). The platform runs split as a deployment runs it (bench/faults-process.ts): an
 * API process, two scoring worker processes and a projections process, each started again when it
 * exits (bench/lib/supervisor.ts). For each fault a phase of `uploads` result files is posted at `rate`
 * per second (open loop, bench/pipeline-load.ts) to its own competition, and `at` seconds in:
 *
 *   none         no fault: the same load, for reference (what "delayed" and p99 are without a fault)
 *   worker       kill -9 of one scoring worker process
 *   api          kill -9 of the API process (uploads without an answer are not accepted; any it stored
 *                must still be scored)
 *   projections  kill -9 of the projections process (the leaderboard's)
 *   kafka        a restart of the Kafka container (clean stop, start)
 *   postgres     a restart of the PostgreSQL container (clean stop, start)
 *
 * Then, with no step of an operator's, it waits for the pipeline to drain and checks: every accepted
 * upload scored once and on the leaderboard once, nothing left Waiting or Evaluating. Per fault it prints
 * accepted, scored, lost, doubled, stuck, seconds to recover and upload → leaderboard p99 / max.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { competitionService } from '@sais/competition';
import { competition as C, type EventMetadata } from '@sais/events';
import {
  competitionEvents,
  competitionStream,
  registrationStream,
  signedUpEvent,
} from '@sais/events/fixtures';
import { identityService } from '@sais/identity';
import { type ServiceDefinition, createPlatform } from '@sais/kit/platform';
import { scoringService } from '@sais/scoring';
import pg from 'pg';
import pino from 'pino';
import { accountMaker } from './lib/accounts.ts';
import { Cleanup, sleep } from './lib/cleanup.ts';
import { fmt, ms, table } from './lib/report.ts';
import { reportFigures } from './lib/result.ts';
import { createDatabase, deleteTopics, printRunHeader } from './lib/servers.ts';
import { type Load, type PhaseResult, drain, measure, recoverSeconds } from './lib/faults-check.ts';
import { Supervised } from './lib/supervisor.ts';
import type { Benchmark } from './lib/benchmark.ts';

const run = promisify(execFile);
const FAULTS = ['none', 'worker', 'api', 'projections', 'kafka', 'postgres'] as const;
type Fault = (typeof FAULTS)[number];
const DESCRIBED: Record<Fault, string> = {
  none: 'none (the same load, for reference)',
  worker: 'kill -9 of a scoring worker process',
  api: 'kill -9 of the API process',
  projections: 'kill -9 of the projections process',
  kafka: 'restart of the Kafka container',
  postgres: 'restart of the PostgreSQL container',
};
/**
 * A result later than this after its upload counts as delayed by the fault: 2 s, or twice the p99 of the
 * phase without a fault when it ran (on a loaded host that p99 alone can pass 2 s).
 */
const DELAYED_FLOOR_MS = 2000;
/** Goals of issue 16 after the kill of one process: p99 and "moving again" (every result within). */
/**
 * After the kill of a worker: at the best the code has reached (issue 32), p99 3.4 s and every result
 * within 4.3 s (docs/benchmarks.md, "Faults survived"); the issue's own bound was 5 s and 10 s.
 */
const GOALS = { p99Ms: 3400, maxMs: 4300 };
const DAILY_LIMIT = 100;

const system = (): EventMetadata => ({
  actor: { userId: null, role: 'system' },
  correlationId: randomUUID(),
  causationId: null,
});

async function main(args: readonly string[]): Promise<boolean> {
  const setting = (name: string, fallback: string) =>
    args.find((a) => a.startsWith(`${name}=`))?.split('=')[1] ?? fallback;
  const rate = Number(setting('rate', '50'));
  const uploads = Number(setting('uploads', '2000'));
  const faultAfterSeconds = Number(setting('at', '10'));
  // More than one: the projections' consumer groups share their partitions, so another takes over.
  const projectionProcesses = Number(setting('projections', '1'));
  // The phase without a fault goes first: its p99 sets what counts as delayed in the others.
  const faults = setting('faults', FAULTS.join(','))
    .split(',')
    .filter((f): f is Fault => (FAULTS as readonly string[]).includes(f))
    .sort((a, b) => Number(b === 'none') - Number(a === 'none'));
  const people = Math.ceil(uploads / (DAILY_LIMIT - 10));
  const cleanup = new Cleanup();
  try {
    // Its own servers, always: it restarts them.
    const containers = await import('../infra/test/containers.ts');
    console.log('starting the benchmark’s own PostgreSQL and Kafka containers ...');
    const [postgres, kafka] = await Promise.all([containers.startPostgres(), containers.startKafka()]);
    cleanup.defer('stop the PostgreSQL container', () => postgres.stop());
    cleanup.defer('stop the Kafka container', () => kafka.stop());
    const topicPrefix = `faults-${randomUUID().slice(0, 8)}.`;
    cleanup.defer('delete the run’s Kafka topics', () => deleteTopics([kafka.brokers], topicPrefix));
    const databaseUrl = await createDatabase(cleanup, postgres.url, 'faults');
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-faults-'));
    cleanup.defer('remove the data folder', () => rm(dataDir, { recursive: true, force: true }));
    cleanup.defer('remove the keys folder', () => rm(`${dataDir}-keys`, { recursive: true, force: true }));
    const logs = await mkdtemp(join(tmpdir(), 'bench-faults-logs-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      KAFKA_BROKERS: kafka.brokers,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      SAIS_DATA_DIR: dataDir,
      SAIS_SEED: 'off',
      // The load comes from a few accounts on one address: the participants' write limit is off.
      SAIS_RATE_LIMIT_ACCOUNT: '0',
      SAIS_RATE_LIMIT_ADDRESS: '0',
    };

    // Migrations, accounts, competitions and ground truths through a platform in this process, closed
    // before the first fault (only the supervised processes serve the load).
    const seed = await createPlatform({
      services: [identityService, competitionService, scoringService].map((service): ServiceDefinition => ({
        ...service,
        projections: () => [],
        workers: () => [],
      })),
      config: { dataDir, keysDir: `${dataDir}-keys`, env: { ...env, SAIS_WORKERS: 'off' } },
      logger: pino({ level: 'error' }),
    });
    const closeSeed = cleanup.defer('close the seeding platform', () => seed.close());
    const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    db.on('error', () => undefined); // the PostgreSQL restart drops idle connections
    cleanup.defer('close the benchmark’s connections', () => db.end());
    await db.query(`create schema bench_faults;
      create table bench_faults.applied (submission_id uuid not null, applied_at timestamptz not null);
      create index on bench_faults.applied (submission_id)`);

    const port = await freePort();
    const script = join(import.meta.dirname, 'faults-process.ts');
    const process_ = (name: string, role: string, extra: NodeJS.ProcessEnv = {}) =>
      new Supervised(
        name,
        ['--import', 'tsx', script, role],
        { ...env, ...extra },
        join(logs, `${name}.log`),
      );
    const api = process_('api', 'api', { PORT: String(port) });
    const workers = [process_('worker-1', 'workers'), process_('worker-2', 'workers')];
    const projections = Array.from({ length: projectionProcesses }, (_, i) =>
      process_(`projections-${i + 1}`, 'projections'),
    );
    const all = [api, ...workers, ...projections];
    for (const p of all) cleanup.defer(`stop ${p.name}`, () => p.stop());
    await Promise.all(all.map((p) => p.start()));
    console.log(`platform processes up (logs in ${logs})`);

    const signIn = accountMaker(seed, 'f');
    const operator = await signIn(['operator']);
    const participants = await Promise.all(Array.from({ length: people }, () => signIn()));
    const competitionOf = new Map<Fault | 'warm-up', string>();
    for (const fault of ['warm-up' as const, ...faults]) {
      const competitionId = randomUUID();
      competitionOf.set(fault, competitionId);
      await seed.stores.get('competition')!.append(
        C.CompetitionCreated.aggregate,
        competitionStream(competitionId),
        'no_stream',
        competitionEvents(
          competitionId,
          {
            title: { en: `Fault: ${fault}`, 'zh-CN': `故障：${fault}` },
            dailySubmissionLimit: DAILY_LIMIT,
          },
          { startsAt: new Date(Date.now() - 86_400_000), endsAt: new Date(Date.now() + 30 * 86_400_000) },
        ),
        system(),
      );
      for (const person of participants)
        await seed.stores
          .get('competition')!
          .append(
            C.ParticipantSignedUp.aggregate,
            registrationStream(competitionId, person.accountId),
            'no_stream',
            [signedUpEvent(competitionId, person.accountId)],
            system(),
          );
    }
    // The projections process builds scoring's mirrors; wait for every sign-up.
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from scoring.registrations where competition_id = any($1::uuid[])',
        [[...competitionOf.values()]],
      );
      if (rows[0]!.n === people * competitionOf.size) break;
      await sleep(200);
    }
    const truth = `id,yield\n${Array.from({ length: 20 }, (_, r) => `r${r},${r * 5}`).join('\n')}\n`;
    for (const competitionId of competitionOf.values()) {
      const boundary = 'faultsbenchtruth';
      const body =
        `--${boundary}\r\nContent-Disposition: form-data; name="competitionId"\r\n\r\n${competitionId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="metric"\r\n\r\nrmse\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="publicPercent"\r\n\r\n50\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="truth.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${truth}\r\n--${boundary}--\r\n`;
      const answer = await seed.app.inject({
        method: 'POST',
        url: '/api/admin/groundtruth',
        headers: { cookie: operator.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      if (answer.json<{ code: number }>().code !== 0) throw new Error(`ground truth refused: ${answer.body}`);
    }
    await closeSeed();

    await printRunHeader('Faults benchmark (npm run bench -- faults)', [
      ['PostgreSQL', `container ${containers.PG_IMAGE} of the benchmark's own (${postgres.url})`],
      ['Kafka', `container ${containers.KAFKA_IMAGE} of the benchmark's own (${kafka.brokers})`],
      [
        'platform',
        `API process (HTTP, relays) + 2 scoring worker processes + ${projectionProcesses} projections ` +
          'process(es), each restarted on exit',
      ],
      [
        'load per fault',
        `${fmt(uploads)} uploads at ${rate}/s (open loop, 20-row CSVs, ${people} one-person teams), fault ${faultAfterSeconds} s in`,
      ],
      [
        'settings',
        `KAFKA_SESSION_TIMEOUT_MS=${env.KAFKA_SESSION_TIMEOUT_MS ?? 'default'}, SCORING_SWEEP_MS=${env.SCORING_SWEEP_MS ?? 'default'}`,
      ],
    ]);

    const load = (competitionId: string, count: number) =>
      run(
        process.execPath,
        [
          join(import.meta.dirname, 'pipeline-load.ts'),
          String(port),
          competitionId,
          String(rate),
          String(count / rate),
        ],
        {
          maxBuffer: 64 << 20,
          env: { ...process.env, SAIS_BENCH_COOKIES: participants.map((p) => p.cookie).join(',') },
        },
      );
    // Warm-up (compiled code, connections, caches), not measured.
    const warmUp = JSON.parse((await load(competitionOf.get('warm-up')!, rate * 10)).stdout) as Load;
    await drain(db, competitionOf.get('warm-up')!, warmUp, 120_000);

    const results: PhaseResult[] = [];
    let delayedMs = DELAYED_FLOOR_MS;
    for (const fault of faults) {
      if (cleanup.stopping) break;
      const competitionId = competitionOf.get(fault)!;
      console.log(`\n## ${DESCRIBED[fault]}: ${fmt(uploads)} uploads at ${rate}/s`);
      const crashesBefore = all.reduce((sum, p) => sum + p.crashes, 0);
      const loadBefore = os.loadavg()[0]!;
      const loading = load(competitionId, uploads);
      await sleep(faultAfterSeconds * 1000);
      const faultAt = Date.now();
      if (fault === 'worker') workers[0]!.kill9();
      if (fault === 'api') api.kill9();
      if (fault === 'projections') projections[0]!.kill9();
      if (fault === 'kafka') await kafka.restart();
      if (fault === 'postgres') await postgres.restart();
      const faultSeconds = (Date.now() - faultAt) / 1000;
      console.log(
        `  fault injected ${faultAfterSeconds} s in (the injection took ${faultSeconds.toFixed(1)} s)`,
      );
      const sent = JSON.parse((await loading).stdout) as Load;
      const drained = await drain(db, competitionId, sent, 180_000);
      const result = await measure(db, fault, competitionId, sent, faultAt, drained);
      if (fault === 'none') delayedMs = Math.max(DELAYED_FLOOR_MS, 2 * result.latency.p99);
      result.recoverSeconds = recoverSeconds(result, delayedMs);
      result.faultSeconds = faultSeconds;
      result.crashes = all.reduce((sum, p) => sum + p.crashes, 0) - crashesBefore;
      result.loadAverage = `${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`;
      results.push(result);
      console.log(
        `  accepted ${fmt(sent.accepted.length)}, no answer ${fmt(sent.failed)}, refused ${fmt(sent.refused)} ` +
          `${JSON.stringify(sent.refusals)}; lost ${result.lost}, doubled ${result.doubled}, stuck ${result.stuck}; ` +
          `recovered in ${result.recoverSeconds.toFixed(1)} s (${Math.max(0, result.recoverSeconds - faultSeconds).toFixed(1)} s after the injection ended); p99 ${ms(result.latency.p99)}, max ${ms(result.latency.max)}`,
      );
      // Every process back before the next fault.
      await Promise.all(all.map((p) => waitFor(() => p.ready, 60_000)));
      await sleep(3000);
    }

    console.log('\n## Results\n');
    console.log(
      table(
        [
          'fault',
          'accepted',
          'no answer / refused',
          'stored',
          'scored',
          'lost',
          'doubled',
          'stuck',
          'recover s',
          'of which after the injection',
          'p99',
          'max',
          'crashes',
          'load avg',
        ],
        results.map((r) => [
          DESCRIBED[r.fault as Fault],
          fmt(r.load.accepted.length),
          `${fmt(r.load.failed)} / ${fmt(r.load.refused)}`,
          fmt(r.stored),
          fmt(r.scored),
          fmt(r.lost),
          fmt(r.doubled),
          fmt(r.stuck),
          fmt(r.recoverSeconds, 1),
          fmt(Math.max(0, r.recoverSeconds - r.faultSeconds), 1),
          ms(r.latency.p99),
          ms(r.latency.max),
          fmt(r.crashes),
          r.loadAverage,
        ]),
      ),
    );
    console.log(
      `\nrecover s: from the fault until uploads are answered again and the last result it delayed ` +
        `(> ${fmt(delayedMs / 1000, 1)} s from upload to leaderboard: 2 s or twice the p99 without a fault) ` +
        `is on the board; of it, what came after the injection ended (a container's restart itself, ` +
        `stop and start, is the benchmark's host's time, not the platform's). stored: submissions in the ` +
        `database (uploads answered or not). stuck: left Waiting or Evaluating. crashes: process exits ` +
        `the benchmark did not cause. Goal after the kill of one process: p99 ≤ ${GOALS.p99Ms / 1000} s, ` +
        `every result within ${GOALS.maxMs / 1000} s.`,
    );
    const exact = results.every(
      (r) =>
        r.drained && r.lost === 0 && r.doubled === 0 && r.stuck === 0 && r.scored === r.load.accepted.length,
    );
    const killsFast = results
      .filter((r) => r.fault === 'worker')
      .every((r) => r.latency.p99 <= GOALS.p99Ms && r.latency.max <= GOALS.maxMs);
    console.log(
      `\nnothing lost, doubled or stuck: ${exact ? 'MET' : 'MISSED'}; ` +
        `worker kill p99 ≤ ${GOALS.p99Ms / 1000} s and max ≤ ${GOALS.maxMs / 1000} s: ${killsFast ? 'MET' : 'MISSED'}`,
    );
    reportFigures(
      Object.fromEntries(
        results.flatMap((r) => [
          [`${r.fault}: p99 ms`, r.latency.p99],
          [`${r.fault}: max ms`, r.latency.max],
          [`${r.fault}: recover s`, r.recoverSeconds],
          [`${r.fault}: recover after the injection s`, Math.max(0, r.recoverSeconds - r.faultSeconds)],
          [`${r.fault}: lost + doubled + stuck`, r.lost + r.doubled + r.stuck],
        ]),
      ),
    );
    return exact && killsFast && results.length === faults.length;
  } finally {
    await cleanup.run();
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await sleep(100);
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const benchmark: Benchmark = { description: 'faults survived: kills and restarts under load', main };
export default benchmark;
