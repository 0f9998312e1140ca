import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    await sql`
      create table identity.account_keys (
        kind text not null check (kind in ('username', 'email', 'phone')),
        value text not null,
        account_id uuid not null,
        primary key (kind, value)
      )`.execute(db);
    await sql`
      create table identity.credentials (
        account_id uuid primary key,
        password_hash text not null,
        updated_at timestamptz not null default now()
      )`.execute(db);
    await sql`
      create table identity.sessions (
        token_hash text primary key,
        session_id uuid not null unique,
        account_id uuid not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz,
        ip text
      )`.execute(db);
    await sql`create index sessions_account on identity.sessions (account_id) where revoked_at is null`.execute(
      db,
    );
    await sql`
      create table identity.codes (
        id uuid primary key,
        channel text not null,
        address text not null,
        purpose text not null,
        code_hash text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        attempts integer not null default 0,
        used_at timestamptz,
        burned_at timestamptz,
        ip text
      )`.execute(db);
    await sql`create index codes_address on identity.codes (channel, address, created_at desc)`.execute(db);
    await sql`create index codes_ip on identity.codes (ip, created_at desc)`.execute(db);
    await sql`
      create table identity.login_throttle (
        key text primary key,
        failures integer not null,
        locked_until timestamptz,
        updated_at timestamptz not null default now()
      )`.execute(db);
  },
};
