/**
 * A migrated template database on the test server, for test platforms (issue 31): the PostgreSQL twin of
 * pglite-migrated.ts. Creating a database and migrating every service's schema into it took ~0.5 s per
 * test platform on the 2-core test host; a copy of a migrated template (`create database … template …
 * strategy file_copy`, the test server runs without fsync) and the platform's own migrations finding
 * everything done take ~0.25 s.
 *
 * The template is named by a hash of the services' schemas and migrations (`migrationsKey`), so a
 * changed migration makes a new one. Test processes that need the same template at once take turns on an
 * advisory lock; the first makes it under a scratch name and renames it when it is complete, so a copy is
 * never taken of a half-migrated template. Nobody connects to a template after it is made (a copy needs
 * that); the server's container goes with the run, and a developer's shared server keeps one template per
 * set of migrations.
 */
import pg from 'pg';
import { openDatabase } from '../db/database.ts';
import { migrateSchema } from '../db/migrate.ts';
import { type MigratedSchema, allMigrations, migrationsKey } from './pglite-migrated.ts';

/** The advisory lock the makers of templates take turns on (another number than the migrations'). */
const templateLock = 0x5a15_0002;
const made = new Map<string, Promise<string>>();

/**
 * The name of the migrated template for these services on the server at `serverUrl` (its `postgres`
 * database is where the lock and the `create database` run), made now if missing.
 */
export function migratedTemplate(serverUrl: string, services: readonly MigratedSchema[]): Promise<string> {
  const name = `sais_template_${migrationsKey('postgres', services).slice(0, 16)}`;
  let promise = made.get(name);
  if (!promise) {
    promise = makeTemplate(serverUrl, name, services);
    made.set(name, promise);
    promise.catch(() => made.delete(name));
  }
  return promise;
}

async function makeTemplate(
  serverUrl: string,
  name: string,
  services: readonly MigratedSchema[],
): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [templateLock]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return name;
    const scratch = `${name}_making`;
    // A maker that died half-way left its scratch database: start again.
    await admin.query(`drop database if exists "${scratch}" with (force)`);
    await admin.query(`create database "${scratch}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${scratch}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    try {
      for (const service of services)
        await migrateSchema(database.db, service.schema, allMigrations(service));
    } finally {
      await database.close();
    }
    // The pool's sessions end a moment after it closes; until they have, the rename is refused (55006).
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`alter database "${scratch}" rename to "${name}"`);
        return name;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [templateLock]).catch(() => undefined);
    await admin.end();
  }
}
