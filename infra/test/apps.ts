/**
 * The built portal and console that the gateway serves (`<app>/dist`). Browser tests against the real
 * platform call `ensureAppBuilt` instead of building unconditionally: `npm test` builds both apps before
 * vitest starts, and rebuilding `dist` while other test files serve it would pull it from under them.
 * Test files run in parallel (infra/scripts/test.mjs): when `dist` is stale (sources edited, then
 * SAIS_TEST_NO_BUILD=1), one file rebuilds it while holding `<app>/.dist-lock`, the others wait for it.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { appBuildIsStale } from '../scripts/app-build.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Holds `<app>/.dist-lock` (a directory: made atomically) while `work` runs; one left by a dead run for 10 min is taken. */
async function locked<T>(lock: string, work: () => Promise<T>): Promise<T> {
  for (const deadline = Date.now() + 600_000; ;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 600_000) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} is still held after 10 min`, { cause: error });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export async function ensureAppBuilt(app: 'web-portal' | 'ops-console'): Promise<string> {
  const appDir = join(root, app);
  const outDir = join(appDir, 'dist');
  // The same check as `npm start`'s (infra/scripts/app-build.mjs).
  const fresh = () => !appBuildIsStale(app);
  if (fresh()) return outDir;
  return locked(join(appDir, '.dist-lock'), async () => {
    // Another file may have rebuilt it while this one waited.
    if (!fresh()) await buildApp(appDir, outDir);
    return outDir;
  });
}

async function buildApp(appDir: string, outDir: string): Promise<void> {
  // vitest sets NODE_ENV=test, which vite would bake into the bundle (development React and all).
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: appDir, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = previous;
  }
}
