import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Database, lockEmbeddedDatabase, openDatabase } from '@sais/kit/db';
import { sql } from 'kysely';
import { type SealedKeys, openKeys, passphraseFrom } from './keys-archive.ts';
import { type Layout, pgTool } from './layout.ts';
import {
  type Counts,
  type Manifest,
  countRows,
  keyFingerprints,
  readManifest,
  sha256File,
} from './manifest.ts';
import { type RestoreCheck, checkRestored } from './verify.ts';

const run = promisify(execFile);

export interface RestoreOptions {
  layout: Layout;
  /** A folder written by `backup`. */
  from: string;
  /** Replace a platform that already holds data (its database schemas and data folder). */
  force?: boolean;
  /** Put the backup's sealed keys (`keys.enc`) into the keys folder, opened with SAIS_BACKUP_PASSPHRASE. */
  withKeys?: boolean;
  log?: (line: string) => void;
}

export interface RestoreReport {
  manifest: Manifest;
  counts: Counts;
  check: RestoreCheck;
}

/**
 * Restores a backup and proves it: each part matches its SHA-256, the keys folder holds the backup's
 * keys, the rows of every table equal the backup's, every hash chain holds, and read models rebuilt from
 * the events equal the restored ones. Nothing is changed before the parts and the keys check out; a
 * platform that already holds data is replaced only with `force`.
 */
export async function restore(options: RestoreOptions): Promise<RestoreReport> {
  const { layout, from } = options;
  const log = options.log ?? (() => undefined);
  const manifest = await readManifest(from);
  for (const [name, expected] of Object.entries(manifest.parts)) {
    if ((await sha256File(join(from, name))) !== expected.sha256)
      throw new Error(`${join(from, name)} does not match the manifest's SHA-256: the backup is damaged`);
  }
  if ((manifest.database === 'postgres') !== Boolean(layout.databaseUrl))
    throw new Error(
      manifest.database === 'postgres'
        ? 'this backup is of real mode (PostgreSQL): set DATABASE_URL to the database to restore into'
        : 'this backup is of the embedded default: unset DATABASE_URL to restore it into the data folder',
    );
  if (options.withKeys) await restoreKeys(layout, from, manifest, Boolean(options.force), log);
  const present = await keyFingerprints(layout.keysDir);
  const wrong = Object.keys(manifest.keys).filter((name) => present[name] !== manifest.keys[name]);
  if (wrong.length > 0)
    throw new Error(
      `the keys folder ${layout.keysDir} does not hold this backup's keys (${wrong.join(', ')}): put them ` +
        'back from where you keep keys, or restore with --with-keys and SAIS_BACKUP_PASSPHRASE',
    );

  await refuseUnlessEmptyFiles(layout.dataDir, Boolean(options.force));
  const database =
    manifest.database === 'postgres'
      ? await restorePostgres(layout, from, manifest, Boolean(options.force), log)
      : await restoreEmbedded(layout, from, Boolean(options.force), log);
  try {
    const counts = await countRows(database.db, manifest.schemas);
    await mkdir(layout.dataDir, { recursive: true });
    await run('tar', ['-C', layout.dataDir, '-xzf', join(from, 'files.tar.gz')]);
    log('  files restored');
    if (manifest.database === 'postgres') await resumeCommitOrder(database, manifest.schemas, log);
    const check = await checkRestored(database, layout, manifest, counts, log);
    return { manifest, counts, check };
  } finally {
    await database.close();
  }
}

async function restoreKeys(
  layout: Layout,
  from: string,
  manifest: Manifest,
  force: boolean,
  log: (line: string) => void,
): Promise<void> {
  if (!manifest.keysArchive) throw new Error('this backup holds no keys (it was made without --with-keys)');
  const sealed = JSON.parse(await readFile(join(from, manifest.keysArchive), 'utf8')) as SealedKeys;
  const keys = await openKeys(sealed, passphraseFrom(layout.env));
  const present = await keyFingerprints(layout.keysDir);
  await mkdir(layout.keysDir, { recursive: true, mode: 0o700 });
  for (const [name, bytes] of Object.entries(keys)) {
    if (present[name] === manifest.keys[name]) continue;
    if (present[name] && !force)
      throw new Error(`${join(layout.keysDir, name)} is another key: restore with --force to replace it`);
    await writeFile(join(layout.keysDir, name), bytes, { mode: 0o600 });
    log(`  key ${name} restored`);
  }
}

async function refuseUnlessEmptyFiles(dataDir: string, force: boolean): Promise<void> {
  const entries = (await readdir(dataDir).catch(() => [] as string[])).filter(
    (name) => name !== 'pg' && name !== 'pg.lock',
  );
  if (entries.length === 0) return;
  if (!force)
    throw new Error(
      `${dataDir} already holds data (${entries.join(', ')}): restore with --force to replace it`,
    );
  for (const name of entries) await rm(join(dataDir, name), { recursive: true, force: true });
}

async function restorePostgres(
  layout: Layout,
  from: string,
  manifest: Manifest,
  force: boolean,
  log: (line: string) => void,
): Promise<Database> {
  const database = await openDatabase({ kind: 'postgres', url: layout.databaseUrl!, poolSize: 2 });
  try {
    const existing = await sql<{ name: string }>`
      select nspname as name from pg_namespace where nspname = any(${manifest.schemas})`.execute(database.db);
    const names = existing.rows.map((row) => row.name);
    const rows = Object.values(await countRows(database.db, names)).flatMap((t) => Object.values(t));
    if (rows.some((count) => count > 0) && !force)
      throw new Error(
        `the database already holds platform data (schemas ${names.join(', ')}): restore with --force to replace it`,
      );
    for (const name of names) await sql`drop schema ${sql.id(name)} cascade`.execute(database.db);
    await run(
      pgTool('pg_restore', layout.env),
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '-d',
        layout.databaseUrl!,
        join(from, 'database.pgdump'),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    log(`  database restored (${manifest.schemas.join(', ')})`);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function restoreEmbedded(
  layout: Layout,
  from: string,
  force: boolean,
  log: (line: string) => void,
): Promise<Database> {
  const pgDir = join(layout.dataDir, 'pg');
  const unlock = await lockEmbeddedDatabase(pgDir);
  try {
    const present = await readdir(pgDir).catch(() => [] as string[]);
    if (present.length > 0 && !force)
      throw new Error(`${pgDir} already holds a database: restore with --force to replace it`);
    await rm(pgDir, { recursive: true, force: true });
    await mkdir(pgDir, { recursive: true });
    await run('tar', ['-C', pgDir, '-xzf', join(from, 'database.pglite.tar.gz')]);
    log('  embedded database restored');
    const database = await openDatabase({ kind: 'pglite', dataDir: pgDir });
    return {
      ...database,
      close: async () => {
        await database.close();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/**
 * Readers follow commit order by transaction id (xid8). A dump restored into another PostgreSQL cluster
 * keeps the old cluster's ids, which may be above every id the new cluster will hand out: its new events
 * would sort before the restored ones and the restored ones stay invisible to readers. So the restored
 * events move to the lowest transaction id (their order within it is their global position), every
 * commit-order checkpoint moves back to just before the first event it had not covered, and the relays
 * start again from the beginning (Kafka may not hold what the old platform published; every consumer is
 * idempotent, so events delivered twice change nothing). Hashes do not cover positions: chains still hold.
 */
async function resumeCommitOrder(
  database: Database,
  schemas: readonly string[],
  log: (line: string) => void,
) {
  for (const schema of schemas) {
    const events = sql.table(`${schema}.events`);
    const checkpoints = sql.table(`${schema}.checkpoints`);
    const exists = await sql<{ found: boolean }>`
      select to_regclass(${`${schema}.events`}) is not null as found`.execute(database.db);
    if (!exists.rows[0]?.found) continue;
    await database.db.transaction().execute(async (trx) => {
      await sql`
        update ${checkpoints} c set transaction_id = '3'::xid8, global_position = coalesce(
          (select min(e.global_position) - 1 from ${events} e
            where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)),
          (select coalesce(max(global_position), 0) from ${events}))`.execute(trx);
      await sql`delete from ${checkpoints} where name like 'relay:%'`.execute(trx);
      await sql`alter table ${events} disable trigger events_append_only`.execute(trx);
      await sql`update ${events} set transaction_id = '3'::xid8 where transaction_id <> '3'::xid8`.execute(
        trx,
      );
      await sql`alter table ${events} enable trigger events_append_only`.execute(trx);
    });
  }
  log('  commit order resumed: relays will publish every event again (consumers skip what they hold)');
}
