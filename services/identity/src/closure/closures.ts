import { type EventMetadata, systemMetadata } from '@sais/events';
import { calendarDay } from '@sais/kit/time';
import type { Db } from '@sais/kit/db';
import type { PersonalDataKeys } from '@sais/kit/personal';
import { CalendarNotKnown, type WorkingDayCalendar } from '@sais/kit/calendar';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Accounts } from '../accounts.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { IdentityTables } from '../db/tables.ts';
import { identityErrors } from '../errors.ts';

/** Spec §9: personal data can be deleted 90 working days after an account closes. */
export const deletionAfterWorkingDays = 90;
/** Working days are counted on the calendar of mainland China (decision 0017). */
const timeZone = 'Asia/Shanghai';

/**
 * Closing accounts and deleting their personal data (decision 0017). Closing (by the holder, with the
 * password, or by an admin, with a reason) ends every session and stops sign-in. Deletion, 90 working
 * days later, destroys the account's data key — every sealed value of it in any event becomes
 * unreadable, the events and their hashes stay — and removes what identity keeps of the person beside
 * the events (sign-in keys, password, sessions, codes, the real-name record and its photos).
 */
export class AccountClosures {
  constructor(
    private readonly db: Db,
    private readonly accounts: Accounts,
    private readonly sessions: Sessions,
    private readonly keys: PersonalDataKeys,
    private readonly calendar: WorkingDayCalendar,
    private readonly logger?: Logger,
  ) {}

  #t(trx: Db = this.db) {
    return trx.withSchema('identity') as Kysely<IdentityTables>;
  }

  /** The holder closes their own account; the password proves it is them. */
  async closeByHolder(accountId: string, password: string, metadata: EventMetadata) {
    const credentials = await this.#t()
      .selectFrom('credentials')
      .select('password_hash')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!credentials || !(await verifyPassword(credentials.password_hash, password)))
      throw identityErrors.wrongOldPassword('password');
    return this.#close(accountId, 'holder', null, metadata);
  }

  async closeByAdmin(accountId: string, reason: string, metadata: EventMetadata) {
    return this.#close(accountId, 'admin', reason, metadata);
  }

  async #close(accountId: string, by: 'holder' | 'admin', reason: string | null, metadata: EventMetadata) {
    const at = new Date();
    await this.db.transaction().execute((trx) => this.closeWithin(trx, accountId, by, reason, metadata, at));
    return { closedAt: at.toISOString(), deleteAfter: this.deletionDay(at) };
  }

  /** Closes the account inside the caller's transaction (the console's staff changes: users/staff-actions.ts). */
  async closeWithin(
    trx: Db,
    accountId: string,
    by: 'holder' | 'admin',
    reason: string | null,
    metadata: EventMetadata,
    at = new Date(),
  ) {
    await this.accounts.execute(trx, accountId, { type: 'CloseAccount', by, reason, at }, metadata);
    await this.#t(trx)
      .insertInto('account_closures')
      .values({ account_id: accountId, closed_at: at })
      .execute();
    await this.sessions.revokeAll(trx, accountId, 'account-closed', metadata);
  }

  /**
   * The day from which the account's personal data is deleted (90 working days after the day it
   * closed, in China), or null while the holiday list does not reach that far.
   */
  deletionDay(closedAt: Date): string | null {
    try {
      return this.calendar.addWorkingDays(calendarDay(timeZone, closedAt), deletionAfterWorkingDays);
    } catch (error) {
      if (error instanceof CalendarNotKnown) return null;
      throw error;
    }
  }

  /**
   * The scheduled sweep: deletes the personal data of every account closed 90 working days ago or
   * more. A deletion whose day the calendar cannot tell yet waits (and says which year is missing).
   */
  async sweep(now = new Date()): Promise<string[]> {
    const pending = await this.#t()
      .selectFrom('account_closures')
      .select(['account_id', 'closed_at'])
      .where('deleted_at', 'is', null)
      .orderBy('closed_at')
      .execute();
    const today = calendarDay(timeZone, now);
    const deleted: string[] = [];
    for (const closure of pending) {
      let due: string;
      try {
        due = this.calendar.addWorkingDays(
          calendarDay(timeZone, new Date(closure.closed_at)),
          deletionAfterWorkingDays,
        );
      } catch (error) {
        if (!(error instanceof CalendarNotKnown)) throw error;
        this.logger?.warn({ accountId: closure.account_id, year: error.year }, error.message);
        continue;
      }
      if (today < due) continue;
      await this.deletePersonalData(closure.account_id, now);
      deleted.push(closure.account_id);
    }
    return deleted;
  }

  /** Deletes a closed account's personal data now (the sweep calls it when the day has come). */
  async deletePersonalData(accountId: string, now = new Date()) {
    await this.db.transaction().execute(async (trx) => {
      const t = this.#t(trx);
      // One deletion per account, whichever process sweeps: the closure row is locked and checked first.
      const open = await t
        .selectFrom('account_closures')
        .select('account_id')
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!open) return;
      const contacts = await t
        .selectFrom('account_keys')
        .select(['kind', 'value'])
        .where('account_id', '=', accountId)
        .execute();
      // From this commit on, every sealed value of the account in any event opens to nothing.
      await this.keys.destroy(accountId, trx);
      await this.accounts.execute(
        trx,
        accountId,
        { type: 'DeleteAccount', workingDays: deletionAfterWorkingDays },
        systemMetadata(),
      );
      await t.deleteFrom('account_keys').where('account_id', '=', accountId).execute();
      await t.deleteFrom('credentials').where('account_id', '=', accountId).execute();
      await t.deleteFrom('sessions').where('account_id', '=', accountId).execute();
      await t.deleteFrom('login_throttle').where('key', '=', `account:${accountId}`).execute();
      const addresses = contacts.filter((c) => c.kind !== 'username').map((c) => c.value);
      if (addresses.length > 0) await t.deleteFrom('codes').where('address', 'in', addresses).execute();
      await sql`delete from identity.documents d using identity.verifications v
        where d.verification_id = v.verification_id and v.account_id = ${accountId}`.execute(trx);
      // The review record stays (decisions are the reviewers' work), without the person's data.
      await t
        .updateTable('verifications')
        .set({ name: '', certificate_masked: '', certificate_digest: '' })
        .where('account_id', '=', accountId)
        .execute();
      await t
        .updateTable('account_closures')
        .set({ deleted_at: now })
        .where('account_id', '=', accountId)
        .execute();
    });
    this.logger?.info({ accountId }, 'personal data of a closed account deleted');
  }
}
