import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Several metrics (decision 0046): a ground truth's secondary metrics (null: none, as before), each
    // submission's secondary scores ([{metric, public, private}], in the ground truth's order) and each
    // board row's ([{metric, score}], the row's submission's, for that board). Null everywhere a ground
    // truth has no secondary metrics, so existing rows, pages and seals stay as they are.
    await sql`alter table scoring.ground_truths add column secondary_metrics text[]`.execute(db);
    await sql`alter table scoring.board_submissions add column scores jsonb`.execute(db);
    await sql`alter table scoring.leaderboard add column scores jsonb`.execute(db);
    await sql`alter table scoring.private_leaderboard add column scores jsonb`.execute(db);
  },
};
