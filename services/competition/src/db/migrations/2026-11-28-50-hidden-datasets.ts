import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // A dataset an operator hid from participants (DatasetVisibilitySet, decision 0032): never listed,
    // downloaded or previewed for them; container runs still see it at /saisdata.
    await sql`alter table competition.files add column hidden boolean not null default false`.execute(db);
  },
};
