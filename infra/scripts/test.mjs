#!/usr/bin/env node
// `npm test`: system packages, servers, build, then vitest over every project (vitest.config.ts).
//   1. infra/scripts/ensure-packages.sh, infra/scripts/ensure-docker.sh and infra/images/build.sh (each
//      returns at once when its part is in place): Debian packages the tests use (Chromium, the local
//      image registry, busybox, docker-compose, pg_dump), then Docker and the images the servers'
//      containers (unless DATABASE_URL and KAFKA_BROKERS are both set), the container-image submissions
//      and the deployment test (infra/deploy) need;
//   2. turbo run typecheck build (workspaces without those scripts are skipped by turbo;
//      SAIS_TEST_NO_BUILD=1 skips this step for quick local re-runs);
//   3. vitest run <extra arguments>, e.g. `npm test -- services/kit` or `npm test -- --project @sais/kit`
//      (the workspaces' projects run on PostgreSQL + Kafka; the `embedded` project runs the files of
//      infra/test/embedded.ts again on the embedded default: PGlite and the in-process bus)
//      (as many files at a time as vitest's default: one on 2 cores); without arguments, two runs:
//      a. every test file but the timed ones, `SAIS_TEST_WORKERS` files at a time (default 2, see below;
//         the longest first, infra/test/sequencer.ts, by vitest's last durations or, on a fresh clone,
//         the times recorded in infra/test/file-times.json). Files share PostgreSQL, Kafka and Docker but
//         no state: each makes its own databases (`freshDatabase`), Kafka topic prefix, temporary
//         folders, loopback ports, registry, compose project; the fault tests start servers of their own;
//      b. the timed ones (infra/test/alone.json, one list with each file's reason), one after another and alone
//         on the machine (`--maxWorkers 1`).
//      After the run the slowest files, and any file over twice its recorded time, are printed
//      (infra/test/file-times.ts). Two at a time is the default on the 2-core test host: one at a time
//      left a core idle while a file waited on its servers or browser; three at a time was no faster
//      (the CPU is busy throughout) and ran tests into their timeouts. The browser tests wait for what
//      they expect, up to 30 s (infra/test/browser.ts), not for a fixed time. Measured figures:
//      docs/operations.md, "The test run".
// Exits with vitest's exit code (or with the code of the first step that failed).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'node_modules', '.bin');
// node_modules/.bin first, as in npm scripts: its `node` is the Node 24 of the devDependency `node`.
const env = {
  ...process.env,
  PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
  TURBO_TELEMETRY_DISABLED: '1',
  // kafkajs 2.2 on Node 24 sets a timer with a negative delay in its request queue: harmless, but it
  // printed a warning in every test process.
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--disable-warning=TimeoutNegativeWarning']
    .filter(Boolean)
    .join(' '),
};
const started = performance.now();
const timings = [];

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

let child = null;
// Ctrl-C reaches the running step through the terminal; stay alive until it has finished (vitest's
// global teardown stops the containers). SIGTERM sent to this process alone is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child?.kill('SIGTERM'));

function run(title, command, args, extraEnv = {}) {
  return new Promise((resolve) => {
    const t = performance.now();
    const shown = Object.entries(extraEnv).map(([name, value]) => `${name}=${value} `);
    console.log(`\n[test] ${title}: ${shown.join('')}${[command, ...args].join(' ')}`);
    child = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`[test] ${title}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      child = null;
      const status = code ?? (signal ? 128 : 1);
      timings.push(`${title} ${seconds(t)}${status ? ` (exit ${status})` : ''}`);
      console.log(`[test] ${title} ${status ? `FAILED (exit ${status})` : 'done'} in ${seconds(t)}`);
      resolve(status);
    });
  });
}

function finish(code) {
  console.log(`\n[test] ${timings.join(', ')}; total ${seconds(started)}`);
  process.exit(code);
}

if (process.env.DATABASE_URL && process.env.KAFKA_BROKERS)
  console.log('[test] DATABASE_URL and KAFKA_BROKERS are set: using those servers, no server containers');
for (const [title, script] of [
  ['packages', 'infra/scripts/ensure-packages.sh'],
  ['docker', 'infra/scripts/ensure-docker.sh'],
  ['images', 'infra/images/build.sh'],
]) {
  const code = await run(title, 'bash', [join(root, script)]);
  if (code) finish(code);
}

if (process.env.SAIS_TEST_NO_BUILD) {
  console.log('\n[test] SAIS_TEST_NO_BUILD is set: skipping turbo typecheck/build');
} else {
  const built = await run('typecheck+build', 'turbo', [
    'run',
    'typecheck',
    'build',
    '--output-logs=errors-only',
  ]);
  if (built) finish(built);
}

// The timed files (step 3b), one list with each file's reason: infra/test/alone.json. vitest.config.ts
// leaves them out of the shared run when SAIS_TEST_TIER=shared (vitest's own --exclude does not reach
// the projects' file lists: the file ran twice, once beside the others).
const alone = JSON.parse(readFileSync(join(root, 'infra', 'test', 'alone.json'), 'utf8')).files.map(
  ({ file }) => file,
);
/** How many of the other files run at a time (step 3a above). */
const workers = process.env.SAIS_TEST_WORKERS || '2';
const extra = process.argv.slice(2);
if (extra.length > 0) finish(await run('vitest', 'vitest', ['run', ...extra]));
const rest = await run(`vitest (${workers} at a time)`, 'vitest', ['run', '--maxWorkers', workers], {
  SAIS_TEST_TIER: 'shared',
});
const timed = await run('vitest (timed, alone)', 'vitest', ['run', '--maxWorkers', '1', ...alone]);
finish(rest || timed);
