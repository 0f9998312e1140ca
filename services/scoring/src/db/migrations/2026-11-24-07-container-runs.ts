import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // One row per container-image submission: what to run, the sealed registry credentials (AES-256-GCM,
    // nulled after the pull), the runner's lease and the participant-visible run state.
    await sql`
      create table scoring.container_runs (
        submission_id uuid primary key,
        competition_id uuid not null,
        team_id text not null,
        image text not null,
        config_path text not null,
        credentials bytea,
        run_state text,
        attempt integer not null default 0,
        worker text,
        lease_until timestamptz,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index container_runs_team on scoring.container_runs (competition_id, team_id)`.execute(
      db,
    );
    // The competition's datasets (mirrored from competition.FileAdded / FileRemoved), mounted at /saisdata.
    await sql`
      create table scoring.competition_datasets (
        competition_id uuid not null,
        file_id uuid not null,
        name text not null,
        primary key (competition_id, file_id)
      )`.execute(db);
  },
};
