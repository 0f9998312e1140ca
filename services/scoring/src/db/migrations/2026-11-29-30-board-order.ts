import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // An organiser-chosen ranking order (issue 37, decision 0046): the metric steps a phase's boards rank
    // by first (`score`, `scores.<metric>`), from `BoardOptionsSet.order`; null: the usual order. Kept by
    // the leaderboard projection, so a replay rebuilds it.
    await sql`alter table scoring.board_options add column order_steps text[]`.execute(db);
  },
};
