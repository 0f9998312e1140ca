import { type Migration, sql } from 'kysely';

/**
 * Team's own tables beside its event store (schema `team`): mirrors of other services' facts, kept by
 * projections, and the claims that keep limits across teams, written with the team events.
 */
export const teamMigrations: Record<string, Migration> = {
  '2026-11-23-01-mirrors-and-claims': {
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
  },
  '2026-11-23-02-submission-quota-mirror': {
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
  },
};

teamMigrations['2026-11-26-93-accounts-deleted'] = {
  async up(db) {
    // A member whose personal data was deleted (identity.AccountDeleted): shown as a deleted user.
    await sql`alter table team.accounts add column deleted boolean not null default false`.execute(db);
  },
};
