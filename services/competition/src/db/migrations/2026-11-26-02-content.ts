import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // The operators' Markdown of the competition page's sections (issue 21): the fold of its events.
    await sql`alter table competition.competitions add column content jsonb not null default '{}'`.execute(
      db,
    );
  },
};
