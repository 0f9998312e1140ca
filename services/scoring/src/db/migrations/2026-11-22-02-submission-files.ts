import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // The participant's file as uploaded, kept for re-scoring and for "download my file".
    await sql`create table scoring.submission_files (submission_id uuid primary key, content bytea not null)`.execute(
      db,
    );
  },
};
