import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // A member whose personal data was deleted (identity.AccountDeleted): shown as a deleted user.
    await sql`alter table team.accounts add column deleted boolean not null default false`.execute(db);
  },
};
