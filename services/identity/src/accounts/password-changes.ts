import type { EventMetadata } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { ActiveSession, Sessions } from '../auth/sessions.ts';
import { type Channel, type VerificationCodes, codeFailure } from '../codes/codes.ts';
import { identityErrors } from '../errors.ts';
import { type AccountRecords, commitThenThrow } from './records.ts';

/** Changing a password: reset with a code, or update with the old one; either ends every session and token. */
export class PasswordChanges {
  constructor(
    private readonly records: AccountRecords,
    private readonly sessions: Sessions,
    private readonly codes: VerificationCodes,
  ) {}

  /** Resets a password with a code; an address no account uses is refused like a wrong code, after the same work. */
  async resetPassword(
    request: { channel: Channel; address: string; code: string; password: string },
    metadata: EventMetadata,
  ) {
    const accountId = await this.records.accountIdBy(request.channel, request.address);
    const passwordHash = await hashPassword(request.password);
    await commitThenThrow(this.records.db, async (trx) => {
      const check = await this.codes.check(trx, { ...request, purpose: 'reset', now: new Date() }, metadata);
      if (check !== 'ok') return codeFailure(check);
      if (!accountId) return codeFailure('wrong');
      await this.#setPassword(trx, accountId, passwordHash, 'reset', metadata);
      return null;
    });
  }

  async updatePassword(
    session: ActiveSession,
    oldPassword: string,
    newPassword: string,
    metadata: EventMetadata,
  ) {
    const credentials = await this.records
      .tables()
      .selectFrom('credentials')
      .select('password_hash')
      .where('account_id', '=', session.accountId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(credentials.password_hash, oldPassword))) {
      throw identityErrors.wrongOldPassword();
    }
    const passwordHash = await hashPassword(newPassword);
    await this.records.db
      .transaction()
      .execute((trx) => this.#setPassword(trx, session.accountId, passwordHash, 'update', metadata));
  }

  async #setPassword(
    trx: Db,
    accountId: string,
    passwordHash: string,
    how: 'update' | 'reset',
    metadata: EventMetadata,
  ) {
    await this.records
      .tables(trx)
      .updateTable('credentials')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('account_id', '=', accountId)
      .execute();
    await this.records.execute(trx, accountId, { type: 'ChangePassword', how }, metadata);
    await this.sessions.revokeAll(trx, accountId, 'password-changed', metadata);
    // Personal access tokens go too (issue 33), each noted in the holder's inbox with the reason.
    await this.sessions.tokens.revokeAll(
      trx,
      accountId,
      how === 'reset' ? 'password-reset' : 'password-changed',
      metadata,
    );
  }
}
