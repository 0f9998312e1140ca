import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    await sql`
      create table team.submission_rules (
        competition_id uuid primary key,
        daily_submission_limit integer not null,
        time_zone text not null,
        phase_starts jsonb not null default '{}'
      )`.execute(db);
    // team_id is text: a person without a team submits as a one-person team named by their account id.
    await sql`
      create table team.counted_submissions (
        submission_id uuid primary key,
        competition_id uuid not null,
        team_id text not null
      )`.execute(db);
    await sql`create index counted_submissions_team on team.counted_submissions (competition_id, team_id)`.execute(
      db,
    );
  },
};
