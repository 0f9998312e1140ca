import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Issue 22: the submitter's optional message with a submission (`sais submit -m`, the upload panel).
    await sql`alter table scoring.submissions add column description text`.execute(db);
  },
};
