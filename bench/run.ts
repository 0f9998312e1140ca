/**
 * Benchmark harness: `npm run bench -- <name> [args]` runs bench/<name>.ts. Not part of `npm test`.
 * Servers come from DATABASE_URL / KAFKA_BROKERS, or containers (infra/test/containers.ts) when unset.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Benchmark } from './lib/benchmark.ts';
import { installWarningFilter } from './lib/cleanup.ts';
import { finishWholeRun, profileWholeRun } from './lib/profile.ts';

const benchmarks: Record<string, { description: string; load: () => Promise<Benchmark> }> = {
  eventstore: {
    description:
      'event store appends (1 stream / 1,000 streams × 4 writers), relay → Kafka throughput, ' +
      'append → projection latency at 1,000 events/s. Args: any of append, streams, relay, latency (default: all)',
    load: async () => (await import('./eventstore.ts')).default,
  },
  scoring: {
    description:
      'score a 1,000,000-row CSV (RMSE, every validation on) in a child process vs DuckDB and pandas on the same ' +
      'files, each tool in its own child. Args: ids=all|int|string|uuid|quoted rows=N runs=N quiet=N seed=N',
    load: async () => (await import('./scoring.ts')).default,
  },
  pipeline: {
    description:
      'small result files from upload to leaderboard at a fixed rate through the real platform (open loop), ' +
      'p99 upload accepted → leaderboard applied, nothing lost or double counted. Args: rate=N seconds=N teams=N workers=N',
    load: async () => (await import('./pipeline.ts')).default,
  },
  faults: {
    description:
      'faults survived in real mode (its own PostgreSQL and Kafka containers, the platform in 4 processes): ' +
      'kill -9 of a worker, the API, the projections; Kafka and PostgreSQL restarts, each during a burst of ' +
      'uploads (and a phase without a fault); lost, doubled, stuck, seconds to recover, p99. ' +
      'Args: rate=N uploads=N at=S projections=N faults=none,worker,api,projections,kafka,postgres',
    load: async () => (await import('./faults.ts')).default,
  },
  leaderboard: {
    description:
      'public leaderboard, first page of 50 rows with 10,000 teams, through the real service on 127.0.0.1 vs a ' +
      'bare Fastify route (50 connections, ~10 s each). Args: seconds=N connections=N teams=N',
    load: async () => (await import('./scoring-leaderboard.ts')).default,
  },
  checkpoint: {
    description:
      'transparency checkpoints: appends/s without and with a running checkpointer, and 1,000,000 events ' +
      'checkpointed from nothing and incrementally, with proofs at that size. Args: appends million events=N',
    load: async () => (await import('./checkpoint.ts')).default,
  },
  runner: {
    description:
      'container runs on the Docker Engine: overhead submit → run started and run ended → scored (p50/p99 of ' +
      '20 runs), throughput with 2 runner processes. Args: runs=N',
    load: async () => (await import('./runner.ts')).default,
  },
  'fair-queue': {
    description:
      'fair queue of container runs vs FIFO (the anchor): two competitions, ten teams, one bursting; the real ' +
      'selection on PostgreSQL with simulated run durations; wait per team (mean, p95, max). Args: slots=N burst=N runs=N seed=N',
    load: async () => (await import('./fair-queue.ts')).default,
  },
  'audit-load': {
    description:
      'participants (sign-in, upload, boards) answered within 2 s while each audit tool runs over a history ' +
      'of scored submissions, embedded and on PostgreSQL + Kafka. Args: modes=embedded,servers history=N people=N',
    load: async () => (await import('./audit-load.ts')).default,
  },
  assets: {
    description:
      "the built portal's home page and console as the gateway serves them: files a first visit loads, bytes on " +
      'disk and sent with br/gzip, Cache-Control, what a second visit asks again (npm run build first)',
    load: async () => (await import('./assets.ts')).default,
  },
  'cold-load': {
    description:
      "the portal's home page and a console list shown in Chromium on the embedded platform: first visit " +
      '(empty cache) and second, on loopback and at 10 Mbit/s (npm run build first). Args: rounds=N',
    load: async () => (await import('./cold-load.ts')).default,
  },
  'signin-timing': {
    description:
      'refusing a wrong password for a real account vs an unknown one (identity on PostgreSQL and Kafka), ' +
      'interleaved, each from its own address: medians within 3 ms. Args: samples=N',
    load: async () => (await import('./signin-timing.ts')).default,
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(benchmarks).map((name) => name.length));
  const lines = Object.entries(benchmarks).map(
    ([name, { description }]) => `  ${name.padEnd(width)}  ${description}`,
  );
  return [
    'usage: npm run bench -- <name> [args]',
    '       npm run bench -- compare <base> [<head>] <name> [--runs=N] [args]   (bench/compare.ts)',
    '',
    'benchmarks:',
    ...lines,
  ].join('\n');
}

const [name, ...args] = process.argv.slice(2);
if (!name || name === '--help' || name === '-h' || name === 'list') {
  console.log(usage());
  process.exit(name ? 0 : 1);
}
if (name === 'compare') {
  // Not a benchmark: runs one on two commits (bench/compare.ts), in this process.
  const { compare } = await import('./compare.ts');
  process.exit(await compare(args));
}
const entry = benchmarks[name];
if (!entry) {
  console.error(`unknown benchmark "${name}"\n`);
  console.error(usage());
  process.exit(2);
}
installWarningFilter();
if (process.env.SAIS_BENCH_CHILD !== '1') {
  // tsx's CLI SIGKILLs its child when the child does not acknowledge Ctrl-C within 30 ms, which a
  // benchmark keeping both cores busy cannot promise, and a killed benchmark leaves its containers,
  // database and topics behind. So the benchmark runs in a `node --import tsx` child (no such relay)
  // while this process only waits: idle, it acknowledges at once, and it passes the signal on.
  // SAIS_BENCH_CPU_PROF=<dir>: a V8 CPU profile of the benchmark's process (the platform under test
  // in most benchmarks) is written there, of its measured load only where the benchmark marks it
  // (bench/lib/profile.ts), else of its whole run.
  const script = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', script, name, ...args], {
    stdio: 'inherit',
    env: { ...process.env, SAIS_BENCH_CHILD: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) =>
    process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)),
  );
} else {
  try {
    await profileWholeRun(name);
    const ok = await (await entry.load()).main(args);
    await finishWholeRun();
    process.exit(ok ? 0 : 1);
  } catch (error) {
    console.error(`benchmark ${name} failed:`, error);
    process.exit(1);
  }
}
