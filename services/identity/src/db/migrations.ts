import { type Migration, sql } from 'kysely';

/** Identity's own tables beside its event store (schema `identity`): secrets and lookups that never travel in events. */
export const identityMigrations: Record<string, Migration> = {
  '2026-11-22-01-accounts-sessions-codes': {
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
  },
};

identityMigrations['2026-11-22-02-verifications-inbox'] = {
  async up(db) {
    await sql`
      create table identity.verifications (
        verification_id uuid primary key,
        account_id uuid not null,
        status text not null check (status in ('processing', 'approved', 'rejected')),
        name text not null,
        certificate_type text not null,
        certificate_masked text not null,
        certificate_digest text not null,
        submitted_at timestamptz not null,
        decided_at timestamptz,
        reviewer_id uuid,
        reason text
      )`.execute(db);
    await sql`create index verifications_queue on identity.verifications (submitted_at) where status = 'processing'`.execute(
      db,
    );
    await sql`create index verifications_account on identity.verifications (account_id, submitted_at desc)`.execute(
      db,
    );
    await sql`create index verifications_digest on identity.verifications (certificate_digest)`.execute(db);
    // Certificate photos, AES-256-GCM encrypted; the key is configuration, never in the database.
    await sql`
      create table identity.documents (
        document_id uuid primary key,
        verification_id uuid not null references identity.verifications (verification_id),
        position integer not null,
        mime text not null,
        iv bytea not null,
        tag bytea not null,
        ciphertext bytea not null
      )`.execute(db);
    // Read model of the message inbox, kept by the inbox projection from events.
    await sql`
      create table identity.inbox (
        message_id uuid primary key,
        recipient_id uuid not null,
        sender text not null,
        title jsonb not null,
        body jsonb not null,
        sent_at timestamptz not null,
        read_at timestamptz
      )`.execute(db);
    await sql`create index inbox_recipient on identity.inbox (recipient_id, sent_at desc)`.execute(db);
  },
};

identityMigrations['2026-11-22-03-inbox-submissions'] = {
  async up(db) {
    // Kept by the inbox projection: who submitted which file, so scoring notices reach the submitter.
    await sql`
      create table identity.inbox_submissions (
        submission_id uuid primary key,
        recipient_id uuid not null,
        file_name text not null
      )`.execute(db);
  },
};

identityMigrations['2026-11-24-01-identity-signals'] = {
  async up(db) {
    // Many accounts signing in from one address: sessions keep the address they started from.
    await sql`create index sessions_ip on identity.sessions (ip, created_at) where ip is not null`.execute(
      db,
    );
    // Operators' decisions on identity signals (written with IdentitySignalDecided).
    await sql`
      create table identity.signal_decisions (
        signal_id text primary key,
        kind text not null,
        decision text not null,
        account_ids uuid[] not null,
        reason text not null,
        decided_by uuid not null,
        decided_at timestamptz not null
      )`.execute(db);
  },
};

identityMigrations['2026-11-26-93-account-closures'] = {
  async up(db) {
    // Closed accounts waiting for the deletion of their personal data (written with AccountClosed;
    // `deleted_at` with AccountDeleted). The deletion day is computed when the sweep runs, from the
    // working-day calendar of that time (a holiday list added later still counts).
    await sql`
      create table identity.account_closures (
        account_id uuid primary key,
        closed_at timestamptz not null,
        deleted_at timestamptz
      )`.execute(db);
    await sql`create index account_closures_pending on identity.account_closures (closed_at) where deleted_at is null`.execute(
      db,
    );
  },
};

identityMigrations['2026-11-26-94-inbox-erased'] = {
  async up(db) {
    // Kept by the inbox projection: people whose personal data was deleted get no messages any more.
    await sql`create table identity.inbox_erased (account_id uuid primary key)`.execute(db);
  },
};

identityMigrations['2026-11-27-31-access-tokens'] = {
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

identityMigrations['2026-11-27-71-email-notices'] = {
  async up(db) {
    // Optional email notices (decision 0023): the person's choice (written with EmailNoticesChanged) and
    // the outbox the inbox projection fills in the same transaction as the message; the mailer marks rows.
    await sql`
      create table identity.email_notice_settings (
        account_id uuid primary key,
        scoring boolean not null,
        teams boolean not null,
        verification boolean not null,
        language text not null,
        since timestamptz not null
      )`.execute(db);
    await sql`
      create table identity.email_outbox (
        message_id uuid primary key,
        recipient_id uuid not null,
        category text not null,
        queued_at timestamptz not null default now(),
        next_attempt_at timestamptz not null default now(),
        attempts integer not null default 0,
        sent_at timestamptz,
        dropped text,
        last_error text
      )`.execute(db);
    await sql`create index email_outbox_due on identity.email_outbox (next_attempt_at)
      where sent_at is null and dropped is null`.execute(db);
    await sql`create index email_outbox_sent on identity.email_outbox (recipient_id, sent_at)
      where sent_at is not null`.execute(db);
  },
};
