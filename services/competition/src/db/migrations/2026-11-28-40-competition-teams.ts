import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // The teams of each competition, from the team service's events (a read model: the cards' team count).
    await sql`
      create table competition.competition_teams (
        team_id uuid primary key,
        competition_id uuid not null,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index competition_teams_competition on competition.competition_teams (competition_id)`.execute(
      db,
    );
  },
};
