import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // The ground truth's parsed form (evaluation/truth-form.ts, decision 0015), stored at upload so a
    // worker maps typed arrays instead of parsing the CSV; null for ground truths uploaded before.
    await sql`alter table scoring.ground_truths add column parsed bytea`.execute(db);
  },
};
