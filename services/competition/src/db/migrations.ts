import { type Migration, sql } from 'kysely';

/** Competition's tables beside its event store (schema `competition`). */
export const competitionMigrations: Record<string, Migration> = {
  '2026-11-22-01-competitions': {
    async up(db) {
      // Current state of each competition, written with its events in one transaction.
      await sql`
        create table competition.competitions (
          competition_id uuid primary key,
          settings jsonb not null,
          phases jsonb not null default '{}',
          type text not null,
          season text not null,
          created_at timestamptz not null default now(),
          version integer not null
        )`.execute(db);
      await sql`
        create table competition.files (
          file_id uuid primary key,
          competition_id uuid not null references competition.competitions (competition_id),
          kind text not null check (kind in ('document', 'dataset')),
          name text not null,
          size bigint not null,
          content_type text not null,
          sha256 text not null,
          removed boolean not null default false,
          added_at timestamptz not null default now()
        )`.execute(db);
      await sql`
        create table competition.registrations (
          competition_id uuid not null,
          account_id uuid not null,
          signed_up_at timestamptz not null,
          primary key (competition_id, account_id)
        )`.execute(db);
      await sql`create index registrations_account on competition.registrations (account_id, signed_up_at desc)`.execute(
        db,
      );
      // Mirror of identity's verification decisions, kept by a projection.
      await sql`
        create table competition.verified_users (
          account_id uuid primary key,
          verified_at timestamptz not null
        )`.execute(db);
    },
  },
  '2026-11-26-01-download-days': {
    async up(db) {
      // Downloads counted per user, file and day: one FileDownloaded event a day, the rest counted here.
      await sql`
        create table competition.download_days (
          account_id uuid not null,
          file_id uuid not null,
          day date not null,
          downloads integer not null,
          bytes bigint not null,
          first_at timestamptz not null,
          last_at timestamptz not null,
          primary key (account_id, file_id, day)
        )`.execute(db);
    },
  },
  '2026-11-26-02-content': {
    async up(db) {
      // The operators' Markdown of the competition page's sections (issue 21): the fold of its events.
      await sql`alter table competition.competitions add column content jsonb not null default '{}'`.execute(
        db,
      );
    },
  },
};
