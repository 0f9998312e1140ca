import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // A phase's public board options (BoardOptionsSet, decision 0045): the Ladder's step (null: off) and
    // whether the phase is blind. Kept by the leaderboard projection, so a replay rebuilds it.
    await sql`
      create table scoring.board_options (
        competition_id uuid not null,
        phase text not null,
        ladder_step float8,
        blind boolean not null default false,
        primary key (competition_id, phase)
      )
    `.execute(db);
  },
};
