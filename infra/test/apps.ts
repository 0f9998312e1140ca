/**
 * The built portal and console that the gateway serves (`<app>/dist`). Browser tests against the real
 * platform call `ensureAppBuilt` instead of building unconditionally: `npm test` builds both apps before
 * vitest starts, and rebuilding `dist` while other test files serve it would pull it from under them.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../../', import.meta.url));

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'test'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export async function ensureAppBuilt(app: 'web-portal' | 'ops-console'): Promise<string> {
  const appDir = join(root, app);
  const outDir = join(appDir, 'dist');
  const index = join(outDir, 'index.html');
  const sources = Math.max(
    newest(join(appDir, 'src')),
    newest(join(root, 'events', 'src')),
    statSync(join(appDir, 'index.html')).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return outDir;
  // vitest sets NODE_ENV=test, which vite would bake into the bundle (development React and all).
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: appDir, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = previous;
  }
  return outDir;
}
