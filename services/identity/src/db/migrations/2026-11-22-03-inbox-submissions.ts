import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Kept by the inbox projection: who submitted which file, so scoring notices reach the submitter.
    await sql`
      create table identity.inbox_submissions (
        submission_id uuid primary key,
        recipient_id uuid not null,
        file_name text not null
      )`.execute(db);
  },
};
