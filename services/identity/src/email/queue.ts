import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';

export interface QueuedNotice {
  messageId: string;
  recipientId: string;
  category: 'scoring' | 'teams' | 'verification';
  /** When the event that made the message happened. */
  occurredAt: string;
}

/** Older events are never emailed: a replay of the inbox (or a late consumer) sends nothing stale. */
export const emailNoticeMaxAgeHours = 24;

/**
 * Queues the email of inbox messages, in the transaction that inserts them (the inbox projection's, so
 * exactly once per message: the row's key is the message id, stable across replays). Only for people who
 * turned the message's category on before its event happened, whose data was not deleted, and for events
 * of the last day. The mailer sends the rows later (mailer.ts).
 */
export async function queueEmails(trx: Db, notices: readonly QueuedNotice[]): Promise<void> {
  if (notices.length === 0) return;
  await sql`
    insert into identity.email_outbox (message_id, recipient_id, category)
    select m.message_id, m.recipient_id, m.category
    from unnest(${notices.map((n) => n.messageId)}::uuid[], ${notices.map((n) => n.recipientId)}::uuid[],
      ${notices.map((n) => n.category)}::text[], ${notices.map((n) => n.occurredAt)}::timestamptz[])
      as m(message_id, recipient_id, category, occurred_at)
    join identity.email_notice_settings s on s.account_id = m.recipient_id
    where case m.category when 'scoring' then s.scoring when 'teams' then s.teams else s.verification end
      and m.occurred_at >= s.since
      and m.occurred_at > now() - make_interval(hours => ${emailNoticeMaxAgeHours})
      and not exists (select 1 from identity.inbox_erased e where e.account_id = m.recipient_id)
    on conflict (message_id) do nothing`.execute(trx);
}
