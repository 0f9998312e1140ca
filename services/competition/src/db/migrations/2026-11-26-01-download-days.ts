import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Downloads counted per user, file and day: one FileDownloaded event a day, the rest counted here.
    await sql`
      create table competition.download_days (
        account_id uuid not null,
        file_id uuid not null,
        day date not null,
        downloads integer not null,
        bytes bigint not null,
        first_at timestamptz not null,
        last_at timestamptz not null,
        primary key (account_id, file_id, day)
      )`.execute(db);
  },
};
