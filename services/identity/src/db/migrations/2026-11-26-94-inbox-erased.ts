import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Kept by the inbox projection: people whose personal data was deleted get no messages any more.
    await sql`create table identity.inbox_erased (account_id uuid primary key)`.execute(db);
  },
};
