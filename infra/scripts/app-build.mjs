// Whether the portal's or the console's build is older than what it is built from: read by `npm start`
// (start.mjs) and by the tests' `ensureAppBuilt` (infra/test/apps.ts), so both rebuild on the same
// changes (the tests' own check once ignored web-shared, public files and the vite config).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'test'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/**
 * Whether `<app>/dist` is missing or older than the app's sources, page, public files and vite config,
 * and the shared packages' sources. Only those: turbo's logs (`<app>/.turbo`, written after the build),
 * the tests and their output are no reason to build again, and a rebuild empties `dist` under any
 * platform serving it (a test run's browser files once got blank pages that way).
 * @param {'web-portal' | 'ops-console'} app
 * @returns {boolean}
 */
export function appBuildIsStale(app) {
  const index = join(root, app, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(
    newestMtime(join(root, app, 'src')),
    newestMtime(join(root, app, 'public')),
    mtime(join(root, app, 'index.html')),
    mtime(join(root, app, 'vite.config.ts')),
    newestMtime(join(root, 'events', 'src')),
    newestMtime(join(root, 'web-shared', 'src')),
  );
  return sources > statSync(index).mtimeMs;
}
