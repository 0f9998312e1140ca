// `npm start`: builds the portal and the console when their builds are missing or older than their
// sources, then runs every service in one process (the embedded default unless DATABASE_URL /
// KAFKA_BROKERS are set). Runs on the Node 24 that npm puts first on the PATH.
import { spawnSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appBuildIsStale } from './app-build.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

const stale = ['web-portal', 'ops-console'].filter(appBuildIsStale);
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
