import type { Db } from './database.ts';
import { type Migration, Migrator, sql } from 'kysely';

/** One advisory lock for every schema's migrations: processes starting together take turns. */
const migrationLock = 0x5a15_0001;

/**
 * Runs a service's migrations inside its own PostgreSQL schema. Migrations are listed explicitly
 * (name → migration) and typed against Db so later schema changes never break old ones. Processes that
 * start at once (a service, its worker processes, the platform's key store in every process) would race
 * to create the same schema and migration tables: they take turns on a session advisory lock, held on
 * the one connection the migration runs on.
 */
export async function migrateSchema(
  db: Db,
  schema: string,
  migrations: Record<string, Migration>,
): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${migrationLock})`.execute(connection);
    try {
      await sql`create schema if not exists ${sql.id(schema)}`.execute(connection);
      const migrator = new Migrator({
        db: connection.withSchema(schema),
        provider: { getMigrations: async () => migrations },
        migrationTableSchema: schema,
      });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((result) => result.status === 'Error');
      if (error || failed) {
        throw new Error(
          `migration of schema ${schema} failed at ${failed?.migrationName ?? '?'}: ${String(error)}`,
          { cause: error },
        );
      }
    } finally {
      await sql`select pg_advisory_unlock(${migrationLock})`.execute(connection);
    }
  });
}
