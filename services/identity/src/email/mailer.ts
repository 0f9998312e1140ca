import type { Language } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { NoticeTransport } from '../codes/delivery.ts';
import { namePeople } from '../inbox/inbox.ts';

export interface MailerOptions {
  /** Emails an hour per person at most; the rest are not sent (the inbox has them). */
  perHour: number;
  /** SMTP attempts of one email before it is given up. */
  maxAttempts: number;
  /** Wait before the first retry; doubled each time, at most an hour. */
  retryMs: number;
}

const platformName: Record<Language, string> = {
  'zh-CN': '科学智能竞赛平台',
  en: 'AI for Science Competitions',
};
const footer: Record<Language, string> = {
  'zh-CN':
    '您收到这封邮件，是因为您在个人中心的“邮件通知”中开启了此类通知；可随时在同一处关闭。此邮件由系统发送，请勿回复。',
  en: 'You receive this email because you turned on this kind of notice under “Email notices” on your account page; you can turn it off there at any time. This email was sent automatically; please do not reply.',
};

interface Due {
  message_id: string;
  recipient_id: string;
  category: 'scoring' | 'teams' | 'verification';
  attempts: number;
  language: Language | null;
  wanted: boolean | null;
  title: Record<Language, string> | null;
  body: Record<Language, string> | null;
  email: string | null;
  closed: boolean;
  sent_last_hour: number;
}

export type MailOutcome = 'sent' | 'dropped' | 'retry';

/**
 * Sends the queued email notices (queue.ts), one row per transaction: the row is locked (`skip locked`,
 * so several identity processes share the queue), sent, and marked sent in that transaction. A restart
 * sends nothing marked; only a crash between the SMTP answer and the commit can send one email twice, and
 * its Message-ID (the message id) lets a mail system drop that copy. An SMTP failure puts the row back
 * with a growing wait and never stops the others; rows are given up after `maxAttempts`.
 */
export class EmailNoticeMailer {
  constructor(
    private readonly db: Db,
    private readonly transport: NoticeTransport,
    private readonly options: MailerOptions,
    private readonly logger?: Logger,
  ) {}

  /** Sends what is due now, up to `limit` emails; what each row came to. */
  async sendDue(limit = 20): Promise<MailOutcome[]> {
    const outcomes: MailOutcome[] = [];
    for (let i = 0; i < limit; i++) {
      const outcome = await this.#next();
      if (!outcome) break;
      outcomes.push(outcome);
    }
    return outcomes;
  }

  async #next(): Promise<MailOutcome | null> {
    return this.db.transaction().execute(async (trx) => {
      const found = await sql<Due>`
        select o.message_id, o.recipient_id, o.category, o.attempts, s.language,
          case o.category when 'scoring' then s.scoring when 'teams' then s.teams else s.verification end as wanted,
          i.title, i.body, k.value as email,
          exists (select 1 from identity.account_closures c where c.account_id = o.recipient_id) as closed,
          (select count(*)::int from identity.email_outbox x
            where x.recipient_id = o.recipient_id and x.sent_at > now() - interval '1 hour') as sent_last_hour
        from identity.email_outbox o
        left join identity.email_notice_settings s on s.account_id = o.recipient_id
        left join identity.inbox i on i.message_id = o.message_id
        left join identity.account_keys k on k.account_id = o.recipient_id and k.kind = 'email'
        where o.sent_at is null and o.dropped is null and o.next_attempt_at <= now()
        order by o.next_attempt_at
        limit 1
        for update of o skip locked`.execute(trx);
      const row = found.rows[0];
      if (!row) return null;
      const drop = async (reason: string) => {
        await sql`update identity.email_outbox set dropped = ${reason} where message_id = ${row.message_id}`.execute(
          trx,
        );
        this.logger?.info({ messageId: row.message_id, reason }, 'email notice not sent');
        return 'dropped' as const;
      };
      // Asked again at sending: the person may have turned it off, or been deleted, since it was queued.
      if (!row.wanted || !row.language) return drop('opted-out');
      // A closed account (waiting for its deletion) is mailed nothing more.
      if (row.closed) return drop('closed');
      if (!row.title || !row.body) return drop('no-message');
      if (!row.email) return drop('no-address');
      if (row.sent_last_hour >= this.options.perHour) return drop('hourly-limit');
      const language = row.language;
      try {
        await this.transport.send({
          to: row.email,
          subject: `${row.title[language]} · ${platformName[language]}`,
          text: `${await namePeople(trx, row.body[language], language)}\n\n—\n${footer[language]}\n`,
          messageId: row.message_id,
        });
      } catch (error) {
        const attempts = row.attempts + 1;
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const wait = Math.min(this.options.retryMs * 2 ** (attempts - 1), 3_600_000);
        await sql`update identity.email_outbox set attempts = ${attempts}, last_error = ${message},
            next_attempt_at = now() + make_interval(secs => ${wait / 1000}),
            dropped = ${attempts >= this.options.maxAttempts ? 'smtp-failed' : null}
          where message_id = ${row.message_id}`.execute(trx);
        this.logger?.warn({ messageId: row.message_id, attempts, err: message }, 'email notice failed');
        return 'retry' as const;
      }
      await sql`update identity.email_outbox set sent_at = now(), attempts = ${row.attempts + 1}
        where message_id = ${row.message_id}`.execute(trx);
      return 'sent' as const;
    });
  }
}
