import { type Migration, sql } from 'kysely';

export const migration: Migration = {
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
};
