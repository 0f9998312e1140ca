import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Mirrors kept by projections from other services' events.
    await sql`create table scoring.competitions (competition_id uuid primary key, settings jsonb not null, phases jsonb not null default '{}')`.execute(
      db,
    );
    await sql`create table scoring.registrations (competition_id uuid not null, account_id uuid not null, primary key (competition_id, account_id))`.execute(
      db,
    );
    await sql`create table scoring.people (account_id uuid primary key, username text not null, organization text)`.execute(
      db,
    );
    // Own state, written with its events.
    await sql`
      create table scoring.ground_truths (
        competition_id uuid primary key,
        metric text not null,
        public_percent integer not null,
        sha256 text not null,
        content bytea not null,
        uploaded_at timestamptz not null default now()
      )`.execute(db);
    await sql`
      create table scoring.submissions (
        submission_id uuid primary key,
        competition_id uuid not null,
        phase text not null,
        team_id text not null,
        submitter_id uuid not null,
        file_name text not null,
        size integer not null,
        sha256 text not null,
        quota_day text not null,
        status text not null,
        public_score double precision,
        private_score double precision,
        log text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index submissions_team on scoring.submissions (competition_id, team_id, created_at desc)`.execute(
      db,
    );
    // The quota ledger: +1 per submission, -1 per refund; a day's use is the sum.
    await sql`
      create table scoring.quota_ledger (
        entry_id bigint generated always as identity primary key,
        competition_id uuid not null,
        team_id text not null,
        quota_day text not null,
        submission_id uuid not null,
        delta integer not null,
        reason text not null,
        unique (submission_id, reason)
      )`.execute(db);
    await sql`create index quota_ledger_day on scoring.quota_ledger (competition_id, team_id, quota_day)`.execute(
      db,
    );
    // Read models kept by the leaderboard projection.
    await sql`
      create table scoring.board_submissions (
        submission_id uuid primary key,
        competition_id uuid not null,
        phase text not null,
        team_id text not null,
        submitted_at timestamptz not null
      )`.execute(db);
    await sql`
      create table scoring.leaderboard (
        competition_id uuid not null,
        phase text not null,
        team_id text not null,
        metric text not null,
        best_score double precision not null,
        submission_id uuid not null,
        submitted_at timestamptz not null,
        primary key (competition_id, phase, team_id)
      )`.execute(db);
  },
};
