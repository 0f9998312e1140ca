import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // The scoring sweep (workers/sweeper.ts) looks for Waiting and Evaluating rows every second: few rows.
    await sql`create index submissions_unfinished on scoring.submissions (updated_at)
      where status in ('Waiting', 'Evaluating')`.execute(db);
  },
};
