import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    await sql`
      create table team.competitions (
        competition_id uuid primary key,
        team_size_limit integer not null,
        team_forming_attempts integer not null,
        team_merge_deadline timestamptz
      )`.execute(db);
    await sql`
      create table team.signups (
        competition_id uuid not null,
        account_id uuid not null,
        signed_up_at timestamptz not null,
        primary key (competition_id, account_id)
      )`.execute(db);
    await sql`
      create table team.accounts (
        account_id uuid primary key,
        username text not null,
        email text,
        nickname text,
        organization text,
        auth_status text not null default 'Not Verified'
      )`.execute(db);
    // Claims: one seat per (competition, user) in a formed team, and one open application. The primary
    // keys are what make two racing requests fail cleanly, whatever team streams they touch.
    await sql`
      create table team.seats (
        competition_id uuid not null,
        account_id uuid not null,
        team_id uuid not null,
        primary key (competition_id, account_id)
      )`.execute(db);
    await sql`create index seats_team on team.seats (team_id)`.execute(db);
    await sql`
      create table team.open_applications (
        application_id uuid primary key,
        competition_id uuid not null,
        account_id uuid not null,
        team_id uuid not null,
        kind text not null check (kind in ('join', 'leave')),
        requested_at timestamptz not null,
        unique (competition_id, account_id)
      )`.execute(db);
    await sql`create index open_applications_team on team.open_applications (team_id)`.execute(db);
    await sql`
      create table team.attempts (
        competition_id uuid not null,
        account_id uuid not null,
        used integer not null,
        primary key (competition_id, account_id)
      )`.execute(db);
  },
};
