import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Db, lockEmbeddedDatabase, openDatabase } from '@sais/kit/db';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { passphraseFrom, sealKeys } from './keys-archive.ts';
import {
  type Counts,
  type Manifest,
  countRows,
  keyFingerprints,
  manifestFile,
  platformSchemas,
  sha256File,
} from './manifest.ts';
import { type Layout, pgTool } from './layout.ts';

const run = promisify(execFile);

export interface BackupOptions {
  layout: Layout;
  /** Where the backup goes: a new or empty folder. */
  out: string;
  /** Also put the keys in, sealed with SAIS_BACKUP_PASSPHRASE (`keys.enc`). */
  withKeys?: boolean;
  log?: (line: string) => void;
}

/**
 * A backup of the platform: the database (every service schema, one consistent snapshot), the data
 * folder's files (datasets, ground truths, resumable uploads) and a manifest with SHA-256 of each part,
 * the rows of every table and the fingerprints of the keys. Keys stay out unless sealed with a passphrase.
 */
export async function backup(options: BackupOptions): Promise<Manifest> {
  const { layout, out } = options;
  const log = options.log ?? (() => undefined);
  await mkdir(out, { recursive: true });
  if ((await readdir(out)).length > 0) throw new Error(`${out} is not empty: choose a new folder`);
  const parts: Manifest['parts'] = {};
  const part = async (name: string) => {
    const path = join(out, name);
    parts[name] = { bytes: (await stat(path)).size, sha256: await sha256File(path) };
    log(`  ${name}: ${parts[name].bytes} bytes`);
  };

  let schemas: string[];
  let counts: Counts;
  if (layout.databaseUrl) {
    ({ schemas, counts } = await dumpPostgres(layout, join(out, 'database.pgdump')));
    await part('database.pgdump');
  } else {
    ({ schemas, counts } = await copyEmbedded(layout, join(out, 'database.pglite.tar.gz')));
    await part('database.pglite.tar.gz');
  }
  // After the database: every file a restored row names was there before the snapshot (files are only added).
  await run('tar', [
    '-C',
    layout.dataDir,
    '--exclude=./pg',
    '--exclude=./pg.lock',
    '-czf',
    join(out, 'files.tar.gz'),
    '.',
  ]);
  await part('files.tar.gz');

  const manifest: Manifest = {
    format: 'sais-backup/1',
    createdAt: new Date().toISOString(),
    database: layout.databaseUrl ? 'postgres' : 'pglite',
    schemas,
    parts,
    counts,
    keys: await keyFingerprints(layout.keysDir),
  };
  if (options.withKeys) {
    const keys: Record<string, Buffer> = {};
    for (const name of Object.keys(manifest.keys)) keys[name] = await readFile(join(layout.keysDir, name));
    await writeFile(join(out, 'keys.enc'), JSON.stringify(await sealKeys(keys, passphraseFrom(layout.env))), {
      mode: 0o600,
    });
    manifest.keysArchive = 'keys.enc';
    await part('keys.enc');
  }
  await writeFile(join(out, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * pg_dump of the platform's schemas. The rows are counted in a repeatable-read transaction whose
 * snapshot pg_dump then uses (`--snapshot`), so the counts and the dump are the same moment.
 */
async function dumpPostgres(layout: Layout, file: string): Promise<{ schemas: string[]; counts: Counts }> {
  const client = new pg.Client({ connectionString: layout.databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: singleClientPool(client) }) });
    const schemas = await platformSchemas(db, layout.schemas);
    const counts = await countRows(db, schemas);
    await run(
      pgTool('pg_dump', layout.env),
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        ...schemas.flatMap((schema) => ['-n', schema]),
        '-f',
        file,
        layout.databaseUrl!,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    await client.query('commit');
    return { schemas, counts };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The embedded database is copied as a folder while no process has it open (the lock beside it refuses
 * a running `npm start`); PostgreSQL left it consistent when it closed.
 */
async function copyEmbedded(layout: Layout, file: string): Promise<{ schemas: string[]; counts: Counts }> {
  const pgDir = join(layout.dataDir, 'pg');
  const unlock = await lockEmbeddedDatabase(pgDir);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: pgDir });
    let schemas: string[];
    let counts: Counts;
    try {
      schemas = await platformSchemas(database.db, layout.schemas);
      counts = await countRows(database.db, schemas);
    } finally {
      await database.close();
    }
    await run('tar', ['-C', pgDir, '-czf', file, '.']);
    return { schemas, counts };
  } finally {
    await unlock();
  }
}

/** A pool-shaped wrapper around one connected client, so Kysely queries run in its open transaction. */
function singleClientPool(client: pg.Client) {
  return {
    connect: async () => Object.assign(client, { release: () => undefined }),
    end: async () => undefined,
  } as unknown as pg.Pool;
}
