// The transparency log's leaf numbers live in the event store's schema (transparency/leaves.ts reads
// them); their table is made here, with the store's other tables, so the store needs nothing above it.
import { type Migration, sql } from 'kysely';

/** The event store's migration that adds the leaf numbers (named to sort after every existing one). */
export function transparencyMigrations(schema: string): Record<string, Migration> {
  return {
    '2026-11-26-90-transparency-leaves': {
      async up(db) {
        await sql`
          create table ${sql.id(schema)}.transparency_leaves (
            leaf_index bigint primary key,
            global_position bigint not null unique
          )`.execute(db);
      },
    },
  };
}
