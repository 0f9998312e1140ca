import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // A baseline's secondary scores (decision 0046), as a submission's ([{metric, public, private}]);
    // null for baselines without them, and for every baseline added before.
    await sql`alter table scoring.board_baselines add column scores jsonb`.execute(db);
  },
};
