import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';

/** What a backup folder holds (`manifest.json`); the restore checks every part against it. */
export interface Manifest {
  format: 'sais-backup/1';
  createdAt: string;
  /** `pglite`: a copy of the embedded database folder; `postgres`: pg_dump's custom format. */
  database: 'pglite' | 'postgres';
  schemas: string[];
  /** Archive files in the folder with their size and SHA-256. */
  parts: Record<string, { bytes: number; sha256: string }>;
  /** Rows of every table at the moment of the backup (one snapshot), schema → table → rows. */
  counts: Counts;
  /** The keys that open this data (never their bytes): name → SHA-256 of the key. */
  keys: Record<string, string>;
  /** Keys encrypted with a passphrase, when asked for (`keys.enc`), else absent. */
  keysArchive?: string;
}

export type Counts = Record<string, Record<string, number>>;

export const manifestFile = 'manifest.json';

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function readManifest(dir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(dir, manifestFile), 'utf8')) as Manifest;
  if (manifest.format !== 'sais-backup/1')
    throw new Error(`${dir} is not a SAIS backup (format ${String(manifest.format)})`);
  return manifest;
}

/** The platform's schemas present in the database, in a stable order. */
export async function platformSchemas(db: Db, known: readonly string[]): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select nspname as name from pg_namespace where nspname = any(${[...known]}) order by nspname`.execute(db);
  return rows.rows.map((row) => row.name);
}

/** Rows per table of each schema, read in the caller's transaction (one snapshot for all). */
export async function countRows(db: Db, schemas: readonly string[]): Promise<Counts> {
  const counts: Counts = {};
  for (const schema of schemas) {
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = ${schema} and table_type = 'BASE TABLE' order by table_name`.execute(db);
    counts[schema] = {};
    for (const { name } of tables.rows) {
      const result = await sql<{ rows: number }>`
        select count(*)::int as rows from ${sql.table(`${schema}.${name}`)}`.execute(db);
      counts[schema][name] = Number(result.rows[0]!.rows);
    }
  }
  return counts;
}

/** SHA-256 of each key file in the keys folder: enough to tell the right keys from others. */
export async function keyFingerprints(keysDir: string): Promise<Record<string, string>> {
  const names = await readdir(keysDir).catch(() => [] as string[]);
  const fingerprints: Record<string, string> = {};
  for (const name of names.sort()) {
    const bytes = await readFile(join(keysDir, name)).catch(() => null);
    if (bytes) fingerprints[name] = createHash('sha256').update(bytes).digest('hex');
  }
  return fingerprints;
}

/** Differences between two row counts, as lines a person can read (empty: equal). */
export function compareCounts(expected: Counts, actual: Counts): string[] {
  const lines: string[] = [];
  for (const schema of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const a = expected[schema] ?? {};
    const b = actual[schema] ?? {};
    for (const table of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (a[table] !== b[table])
        lines.push(
          `${schema}.${table}: ${a[table] ?? 'missing'} in the backup, ${b[table] ?? 'missing'} restored`,
        );
    }
  }
  return lines;
}
