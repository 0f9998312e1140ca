import { type EventMetadata, identity } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import type { Kysely } from 'kysely';
import type { IdentityTables } from '../db/tables.ts';

export interface EmailNoticeChoice {
  scoring: boolean;
  teams: boolean;
  verification: boolean;
  language: 'zh-CN' | 'en';
}

/** Nothing is emailed until the person turns it on (decision 0023). */
export const emailNoticesOff = (language: 'zh-CN' | 'en'): EmailNoticeChoice => ({
  scoring: false,
  teams: false,
  verification: false,
  language,
});

/** A person's choice of email notices: the row read, and saved with its EmailNoticesChanged event. */
export class EmailNoticeSettings {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    /** Emails an hour per person at most (EMAIL_NOTICES_PER_HOUR). */
    readonly perHour: number,
  ) {}

  #t(db: Db = this.db) {
    return db.withSchema('identity') as Kysely<IdentityTables>;
  }

  /** The choice (off in the reader's language when never saved) and the address the emails go to. */
  async get(accountId: string, language: 'zh-CN' | 'en') {
    const [row, address] = await Promise.all([
      this.#t()
        .selectFrom('email_notice_settings')
        .select(['scoring', 'teams', 'verification', 'language'])
        .where('account_id', '=', accountId)
        .executeTakeFirst(),
      this.#t()
        .selectFrom('account_keys')
        .select('value')
        .where('kind', '=', 'email')
        .where('account_id', '=', accountId)
        .executeTakeFirst(),
    ]);
    return { ...(row ?? emailNoticesOff(language)), email: address?.value ?? null, perHour: this.perHour };
  }

  async save(accountId: string, choice: EmailNoticeChoice, metadata: EventMetadata) {
    await this.db.transaction().execute(async (trx) => {
      const values = { ...choice, since: new Date() };
      await this.#t(trx)
        .insertInto('email_notice_settings')
        .values({ account_id: accountId, ...values })
        .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
        .execute();
      await this.store.append(
        identity.EmailNoticesChanged.aggregate,
        `notices-${accountId}`,
        'any',
        [{ type: identity.EmailNoticesChanged.type, data: { accountId, ...choice } }],
        metadata,
        { trx },
      );
    });
  }
}
