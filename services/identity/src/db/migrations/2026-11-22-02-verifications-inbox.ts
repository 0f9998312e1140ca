import { type Migration, sql } from 'kysely';

export const migration: Migration = {
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
