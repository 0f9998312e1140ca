import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Team membership per competition, mirrored from the team service's events.
    await sql`
      create table scoring.memberships (
        competition_id uuid not null,
        account_id uuid not null,
        team_id text not null,
        team_name text not null,
        primary key (competition_id, account_id)
      )`.execute(db);
    await sql`create index memberships_team on scoring.memberships (team_id)`.execute(db);
  },
};
