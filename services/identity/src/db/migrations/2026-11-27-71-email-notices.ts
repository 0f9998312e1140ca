import { type Migration, sql } from 'kysely';

export const migration: Migration = {
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
