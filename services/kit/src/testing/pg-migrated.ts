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
/** The templates this process has made or found, by server and name (a fault test starts servers of its own). */
const made = new Map<string, Promise<string>>();

/**
 * The name of the migrated template for these services on the server at `serverUrl` (its `postgres`
 * database is where the lock and the `create database` run), made now if missing.
 */
export function migratedTemplate(serverUrl: string, services: readonly MigratedSchema[]): Promise<string> {
  const name = `sais_template_${migrationsKey('postgres', services).slice(0, 16)}`;
  const key = `${serverUrl} ${name}`;
  let promise = made.get(key);
  if (!promise) {
    promise = makeTemplate(serverUrl, name, services);
    made.set(key, promise);
    promise.catch(() => made.delete(key));
  }
  return promise;
}

async function makeTemplate(
  serverUrl: string,
  name: string,
  services: readonly MigratedSchema[],
): Promise<string> {
  const admin = adminClient(serverUrl);
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

/**
 * A client for the server's `postgres` database. A server that goes away under it (a fault test stops
 * its own) fails its query; with no listener, the same news emitted as an event would crash the test process.
 */
export function adminClient(serverUrl: string): pg.Client {
  const client = new pg.Client({ connectionString: serverUrl });
  client.on('error', () => undefined);
  return client;
}
