/**
 * An embedded database folder with the given services' schemas already migrated, for test platforms
 * (issue 31). Migrating every service's schema in PGlite takes ~2.8 s on the 2-core test host, and every
 * embedded test platform used to pay it; copying a migrated folder costs what copying the empty one did.
 *
 * The migrated folder is made from the empty template (pglite-template.ts) by the same `migrateSchema`
 * calls `createPlatform` makes, once per set of migrations: its name is a hash of PGlite's folder, each
 * service's schema and its migrations' names and source text, so a changed or added migration makes a
 * new folder rather than reusing a stale one. The platform still runs its migrations at start, and finds
 * them done. Folders are kept under `node_modules/.cache/sais-pglite-migrated/`; ones unused for a day
 * are removed when a new one is made.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, mkdtemp, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from 'kysely';
import { openDatabase } from '../db/database.ts';
import { migrateSchema } from '../db/migrate.ts';
import { eventStoreMigrations } from '../eventstore/migrations.ts';
import { copyFolder, pgliteTemplate } from './pglite-template.ts';

/** What is migrated: a service's schema and its own migrations (the event store's are added). */
export interface MigratedSchema {
  readonly schema: string;
  readonly migrations: Record<string, Migration>;
}

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const cacheRoot = join(repositoryRoot, 'node_modules', '.cache', 'sais-pglite-migrated');
const day = 86_400_000;

export const allMigrations = (service: MigratedSchema) => ({
  ...eventStoreMigrations(service.schema),
  ...service.migrations,
});

/**
 * A name for these services' migrations: a hash of `seed` (what they are applied to), each service's
 * schema and its migrations' names and source text, so a changed or added migration gives a new name.
 */
export function migrationsKey(seed: string, services: readonly MigratedSchema[]): string {
  const hash = createHash('sha256').update(seed);
  for (const service of services) {
    hash.update(`\0schema ${service.schema}`);
    for (const [name, migration] of Object.entries(allMigrations(service)))
      hash.update(`\0${name}\0${String(migration.up)}\0${String(migration.down ?? '')}`);
  }
  return hash.digest('hex').slice(0, 24);
}

const making = new Map<string, Promise<string>>();

/** The migrated folder for these services, made now if missing (several processes may race: one wins). */
export function migratedPgliteTemplate(services: readonly MigratedSchema[]): Promise<string> {
  const run = async () => {
    const template = await pgliteTemplate();
    const key = migrationsKey(template, services);
    const dir = join(cacheRoot, key);
    const ready = join(dir, 'pg');
    try {
      await access(join(ready, 'PG_VERSION'));
      const now = new Date();
      await utimes(dir, now, now).catch(() => undefined); // used: kept by the pruning below
      return ready;
    } catch {
      // not made yet
    }
    await mkdir(dir, { recursive: true });
    const scratch = await mkdtemp(join(dir, 'making-'));
    try {
      await copyFolder(template, join(scratch, 'pg'));
      const database = await openDatabase({ kind: 'pglite', dataDir: join(scratch, 'pg') });
      try {
        for (const service of services)
          await migrateSchema(database.db, service.schema, allMigrations(service));
      } finally {
        await database.close();
      }
      await rename(join(scratch, 'pg'), ready).catch(async (error: NodeJS.ErrnoException) => {
        // Another process put its copy in place first: use that one.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    await prune(key);
    return ready;
  };
  const key = services.map((service) => service.schema).join(',');
  let promise = making.get(key);
  if (!promise) {
    promise = run();
    making.set(key, promise);
    promise.catch(() => making.delete(key));
  }
  return promise;
}

/** Removes migrated folders (other than `keep`) unused for a day: old migrations leave no heap behind. */
async function prune(keep: string): Promise<void> {
  const names = await readdir(cacheRoot).catch(() => [] as string[]);
  for (const name of names) {
    if (name === keep) continue;
    const path = join(cacheRoot, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > day) await rm(path, { recursive: true, force: true });
  }
}

/** Puts a copy of the migrated folder for these services at `dataDir`, which does not exist yet. */
export async function copyMigratedPgliteTemplate(
  dataDir: string,
  services: readonly MigratedSchema[],
): Promise<void> {
  await copyFolder(await migratedPgliteTemplate(services), dataDir);
}
