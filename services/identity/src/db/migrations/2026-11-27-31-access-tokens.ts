import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Personal access tokens (decision 0019): only the SHA-256 of the secret is kept; written with
    // TokenCreated / TokenRevoked, last use recorded on each call.
    await sql`
      create table identity.access_tokens (
        token_id uuid primary key,
        token_hash text not null unique,
        account_id uuid not null,
        name text not null,
        scopes text[] not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        last_used_at timestamptz,
        last_used_ip text
      )`.execute(db);
    await sql`create index access_tokens_account on identity.access_tokens (account_id, created_at)`.execute(
      db,
    );
  },
};
