/**
 * An initialised embedded database folder for tests to copy (infra/test/global-setup.ts makes one per
 * test run when the run has embedded-mode projects; `platformForTest` copies it). PGlite's first start
 * in an empty folder runs initdb in WebAssembly: 9–12 s on the 2-core test host, where copying the
 * folder and opening the copy takes 2–3 s. The copy is an empty cluster, as a first `npm start` finds:
 * every service still runs its migrations on it.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Environment variable naming the template folder (inherited by the test workers). */
export const PGLITE_TEMPLATE_ENV = 'SAIS_TEST_PGLITE_TEMPLATE';

/** Makes the template; `remove()` deletes it. */
export async function makePgliteTemplate(): Promise<{ dir: string; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'sais-test-pglite-'));
  const dir = join(root, 'pg');
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(dir);
  await pglite.close();
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * Puts a copy of the run's template at `dataDir` (an embedded database folder that does not exist yet);
 * false when the run has no template (PGlite then initialises the folder itself).
 */
export async function copyPgliteTemplate(dataDir: string): Promise<boolean> {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template) return false;
  await cp(template, dataDir, { recursive: true });
  return true;
}
