// `npm start`: builds the portal and the console when their builds are missing or older than their
// sources, then runs every service in one process (the embedded default unless DATABASE_URL /
// KAFKA_BROKERS are set). Runs on the Node 24 that npm puts first on the PATH.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Whether an app's build is older than what it is built from: its sources, page, public files and
 * vite config, and the shared packages'. Only those: turbo's logs (`<app>/.turbo`, written after the
 * build), the tests and their output are no reason to build again, and a rebuild empties `dist` under
 * any platform serving it (a test run's browser files once got blank pages that way).
 */
function needsBuild(app) {
  const index = join(root, app, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);
  const sources = Math.max(
    newestMtime(join(root, app, 'src')),
    existsSync(join(root, app, 'public')) ? newestMtime(join(root, app, 'public')) : 0,
    mtime(join(root, app, 'index.html')),
    mtime(join(root, app, 'vite.config.ts')),
    newestMtime(join(root, 'events', 'src')),
    newestMtime(join(root, 'web-shared', 'src')),
  );
  return sources > statSync(index).mtimeMs;
}

const stale = ['web-portal', 'ops-console'].filter(needsBuild);
if (stale.length > 0 && process.env.SAIS_SKIP_BUILD !== '1') {
  for (const app of stale) {
    console.log(`building ${app} …`);
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      cwd: join(root, app),
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'services/gateway/src/main.ts')], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
