import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Kept by the inbox projection (decision 0049): the submission is a smoke run
    // (SubmissionReceived.smoke), so its notices say so and give the format check's result, never a score.
    await sql`alter table identity.inbox_submissions add column smoke boolean not null default false`.execute(
      db,
    );
  },
};
