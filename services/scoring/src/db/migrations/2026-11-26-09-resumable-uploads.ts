import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Unfinished tus uploads per account, so their number and declared size can be capped (issue 18).
    await sql`
      create table scoring.resumable_uploads (
        upload_id text primary key,
        account_id uuid not null,
        size bigint not null,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index resumable_uploads_account on scoring.resumable_uploads (account_id, created_at)`.execute(
      db,
    );
  },
};
