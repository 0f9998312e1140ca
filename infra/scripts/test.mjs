#!/usr/bin/env node
// `npm test`: system packages, servers, build, then one vitest run over every project (vitest.config.ts).
//   1. infra/scripts/ensure-packages.sh, infra/scripts/ensure-docker.sh and infra/images/build.sh (each
//      returns at once when its part is in place): Debian packages the tests use (Chromium, the local
//      image registry, busybox, docker-compose, pg_dump), then Docker and the images the servers'
//      containers (unless DATABASE_URL and KAFKA_BROKERS are both set), the container-image submissions
//      and the deployment test (infra/deploy) need;
//   2. turbo run typecheck build (workspaces without those scripts are skipped by turbo;
//      SAIS_TEST_NO_BUILD=1 skips this step for quick local re-runs);
//   3. vitest run <extra arguments>, e.g. `npm test -- services/kit` or `npm test -- --project @sais/kit`;
//      without arguments, every test file but the timed ones (`alone` below), then those by themselves.
// Exits with vitest's exit code (or with the code of the first step that failed).
import { spawn } from 'node:child_process';
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

function run(title, command, args) {
  return new Promise((resolve) => {
    const t = performance.now();
    console.log(`\n[test] ${title}: ${[command, ...args].join(' ')}`);
    child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
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

/**
 * Tests that time the platform against a limit (issue 17: no participant request over 2 s while an audit
 * tool runs) run after the others, alone on the machine: the platform they measure is the machine's only
 * load, not the other test files running in parallel beside it.
 */
const alone = ['services/gateway/test/audit-load.e2e.test.ts'];
const extra = process.argv.slice(2);
if (extra.length > 0) finish(await run('vitest', 'vitest', ['run', ...extra]));
const rest = await run('vitest', 'vitest', [
  'run',
  ...alone.flatMap((file) => ['--exclude', `**/${file.split('/').pop()}`]),
]);
const timed = await run('vitest (timed, alone)', 'vitest', ['run', ...alone]);
finish(rest || timed);
