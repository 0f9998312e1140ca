import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Issue 21: why the scorer refused a file, as a key of the shared catalogue with its parameters
    // (@sais/events fileRefusalTexts), rendered in the reader's language. `log` keeps a container run's
    // own output and older rows' English text (shown as is).
    await sql`alter table scoring.submissions add column refusal jsonb`.execute(db);
  },
};
