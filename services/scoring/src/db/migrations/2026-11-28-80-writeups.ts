import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Write-ups (decision 0047), kept by the leaderboard projection from the `writeups-…` streams, so a
    // replay rebuilds them: a phase's opening (places, deadline) and one row per team (the latest).
    await sql`
      create table scoring.writeup_phases (
        competition_id uuid not null,
        phase text not null,
        places int not null,
        deadline timestamptz not null,
        seal_digest text not null,
        primary key (competition_id, phase)
      )
    `.execute(db);
    await sql`
      create table scoring.writeups (
        competition_id uuid not null,
        phase text not null,
        team_id text not null,
        writeup_id uuid not null unique,
        rank int not null,
        seal_digest text not null,
        title text not null,
        body text not null,
        body_sha256 text not null,
        files jsonb not null,
        submitted_by uuid not null,
        submitted_at timestamptz not null,
        event_id uuid not null,
        hidden_reason text,
        primary key (competition_id, phase, team_id)
      )
    `.execute(db);
  },
};
