import type { Db } from './database.ts';
import { type Migration, Migrator, sql } from 'kysely';

/**
 * Runs a service's migrations inside its own PostgreSQL schema. Migrations are listed explicitly
 * (name → migration) and typed against Db so later schema changes never break old ones.
 */
export async function migrateSchema(
  db: Db,
  schema: string,
  migrations: Record<string, Migration>,
): Promise<void> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  const migrator = new Migrator({
    db: db.withSchema(schema),
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(
      `migration of schema ${schema} failed at ${failed?.migrationName ?? '?'}: ${String(error)}`,
      {
        cause: error,
      },
    );
  }
}
