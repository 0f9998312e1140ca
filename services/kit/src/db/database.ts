import { mkdir } from 'node:fs/promises';
import { Kysely } from 'kysely';
import pg from 'pg';
import { configurePgTypes, pgliteParsers } from './driver-types.ts';
import { lockEmbeddedDatabase } from './lock.ts';
import { InDoubtAwarePostgresDialect } from './unavailable.ts';

export type DatabaseConfig =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir: string };

/** Services address their own schema (`db.withSchema(name)`); table types live in each service. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>;

export interface Database {
  readonly kind: DatabaseConfig['kind'];
  readonly db: Db;
  close(): Promise<void>;
}

// Both drivers return the same values (bytea as Buffer, int8 as number, …): driver-types.ts.
configurePgTypes();

/**
 * How many embedded databases this process has open. Their statements run on the process's own event
 * loop, so background work (the auditors' rebuilds and checks) takes smaller steps and rests longer
 * while one is open (`db/pace.ts`); a process on PostgreSQL keeps the faster pace.
 */
let embeddedOpen = 0;
export const embeddedDatabaseOpen = () => embeddedOpen > 0;

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    // JIT off on every connection (decision 0052): the platform's statements are short reads and
    // writes, but a plan estimated above PostgreSQL's thresholds (a board's ranking with its chosen
    // order's steps, a monitoring count) was compiled to machine code first: 1.2 s of compiling for a
    // 25 ms query at each change of a 10,000-team board. PGlite has no JIT.
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize ?? 10,
      options: '-c jit=off',
    });
    // A connection dropped by the server (restart, failover, admin) must not crash the process, idle or
    // in use (a held one, such as the relay's lock): its query fails, the pool discards it and opens a new
    // one on the next query, and the process stays up (to answer /api/ready with 503 meanwhile).
    pool.on('connect', (client) =>
      client.on('error', (error) => process.emitWarning(`PostgreSQL connection closed: ${error.message}`)),
    );
    pool.on('error', () => undefined); // the idle client's own listener above reported it
    const db = new Kysely({ dialect: new InDoubtAwarePostgresDialect({ pool }) });
    return { kind: 'postgres', db, close: () => db.destroy() };
  }
  // Loaded lazily: the real mode never pays for the WebAssembly PostgreSQL.
  const [{ PGlite }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('kysely-pglite-dialect'),
  ]);
  await mkdir(config.dataDir, { recursive: true });
  const unlock = await lockEmbeddedDatabase(config.dataDir);
  try {
    const pglite = await PGlite.create(config.dataDir, { parsers: pgliteParsers });
    const db = new Kysely({ dialect: new PGliteDialect(pglite) });
    embeddedOpen += 1;
    let closed = false;
    return {
      kind: 'pglite',
      db,
      close: async () => {
        if (!closed) embeddedOpen -= 1;
        closed = true;
        await db.destroy();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** Real PostgreSQL when DATABASE_URL is set, otherwise the embedded default in the data folder. */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv, dataDir: string): DatabaseConfig {
  return env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir };
}
