import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Closed accounts waiting for the deletion of their personal data (written with AccountClosed;
    // `deleted_at` with AccountDeleted). The deletion day is computed when the sweep runs, from the
    // working-day calendar of that time (a holiday list added later still counts).
    await sql`
      create table identity.account_closures (
        account_id uuid primary key,
        closed_at timestamptz not null,
        deleted_at timestamptz
      )`.execute(db);
    await sql`create index account_closures_pending on identity.account_closures (closed_at) where deleted_at is null`.execute(
      db,
    );
  },
};
