/**
 * An initialised, empty embedded database folder for tests to copy. PGlite's first start in an empty
 * folder runs initdb in WebAssembly: 9–12 s on the 2-core test host (over a minute beside other tests),
 * where copying the folder and opening the copy takes 2–3 s. The copy is an empty cluster, as a first
 * `npm start` finds: every service still runs its migrations on it.
 *
 * The folder depends on nothing but PGlite's version, so it is made once, by the first test that needs
 * it (or by infra/test/global-setup.ts while the servers start), and kept under
 * `node_modules/.cache/sais-pglite-template/<version>/` for every later test and run; a new PGlite
 * version makes a new one. `SAIS_TEST_PGLITE_TEMPLATE` names another folder to copy instead.
 */
import { execFile } from 'node:child_process';
import { access, cp, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Environment variable naming a template folder to use instead of the cached one. */
export const PGLITE_TEMPLATE_ENV = 'SAIS_TEST_PGLITE_TEMPLATE';

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

async function pgliteVersion(): Promise<string> {
  // The package's entry point, then up to its folder (its package.json is not among its exports).
  let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    try {
      const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8'));
      if (manifest.name === '@electric-sql/pglite') return String(manifest.version);
    } catch {
      // not this folder
    }
    const parent = dirname(folder);
    if (parent === folder) throw new Error('cannot find @electric-sql/pglite/package.json');
    folder = parent;
  }
}

let making: Promise<string> | undefined;

/**
 * The template folder: `SAIS_TEST_PGLITE_TEMPLATE`, else the cached one for this PGlite version, made
 * now if missing. Several processes may make it at once: each initialises its own folder and renames it
 * into place; the first rename wins and the others remove theirs.
 */
export function pgliteTemplate(): Promise<string> {
  const named = process.env[PGLITE_TEMPLATE_ENV];
  if (named) return Promise.resolve(named);
  making ??= (async () => {
    const root = join(repositoryRoot, 'node_modules', '.cache', 'sais-pglite-template');
    const dir = join(root, await pgliteVersion());
    const ready = join(dir, 'pg');
    try {
      await access(join(ready, 'PG_VERSION'));
      return ready;
    } catch {
      // not made yet
    }
    await mkdir(dir, { recursive: true });
    const scratch = await mkdtemp(join(dir, 'making-'));
    try {
      const { PGlite } = await import('@electric-sql/pglite');
      const pglite = await PGlite.create(join(scratch, 'pg'));
      await pglite.close();
      await rename(join(scratch, 'pg'), ready).catch(async (error: NodeJS.ErrnoException) => {
        // Another process put its copy in place first: use that one.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    return ready;
  })();
  making.catch(() => {
    making = undefined;
  });
  return making;
}

/** Puts a copy of the template at `dataDir`, an embedded database folder that does not exist yet. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  await copyFolder(await pgliteTemplate(), dataDir);
}

/**
 * Copies the folder `from` to `to` (which does not exist yet; its parent is made). A database folder is
 * ~1,300 files: the system's `cp -R` copies one in 0.3–0.7 s on the test host, Node's `fs.cp` (a
 * JavaScript walk, a stat and a copy call per file) took 1.3–3.4 s (load 11, 2026-11-29); every embedded
 * test platform pays one. Without a `cp` on the PATH, Node's.
 */
export async function copyFolder(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await promisify(execFile)('cp', ['-R', from, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await cp(from, to, { recursive: true });
  }
}
