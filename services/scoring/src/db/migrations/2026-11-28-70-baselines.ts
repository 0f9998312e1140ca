import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // A phase's baselines (BaselineAdded / BaselineRemoved, decision 0050): kept by the leaderboard
    // projection, so a replay rebuilds it. Never ranked: the boards' pages place them by score.
    await sql`
      create table scoring.board_baselines (
        baseline_id uuid primary key,
        competition_id uuid not null,
        phase text not null,
        name text not null,
        description text not null,
        metric text not null,
        public_score float8 not null,
        private_score float8 not null,
        file_sha256 text not null,
        ground_truth_sha256 text not null,
        added_by uuid not null,
        added_at timestamptz not null
      )
    `.execute(db);
    await sql`create index board_baselines_phase on scoring.board_baselines (competition_id, phase)`.execute(
      db,
    );
  },
};
