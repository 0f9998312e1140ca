import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // A person whose personal data was deleted (identity.AccountDeleted): boards show a deleted user.
    await sql`alter table scoring.people add column deleted boolean not null default false`.execute(db);
  },
};
