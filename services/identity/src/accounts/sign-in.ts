import { type EventMetadata, phoneField } from '@sais/events';
import { AppError } from '@sais/kit/errors';
import { decoyHash, verifyPassword } from '../auth/passwords.ts';
import type { ActiveSession, Sessions } from '../auth/sessions.ts';
import { FailureFloor, SignInThrottle, loginPolicy, throttleKeys } from '../auth/throttle.ts';
import { type Channel, type VerificationCodes, codeFailure } from '../codes/codes.ts';
import { identityErrors } from '../errors.ts';
import { type AccountRecords, closedAccount, commitThenThrow } from './records.ts';

/** Reads keyed by an account id that no account has (an unknown name costs the same queries). */
const nobody = '00000000-0000-0000-0000-000000000000';

/** Signing in (by password or by code) and out: sessions, the wrong-password throttle. */
export class SignIn {
  private readonly throttle = new SignInThrottle();
  private readonly floor = new FailureFloor();

  constructor(
    private readonly records: AccountRecords,
    private readonly sessions: Sessions,
    private readonly codes: VerificationCodes,
  ) {}

  /**
   * Password sign-in by username, email or phone. Wrong passwords are counted per (name, address) and
   * per address (auth/throttle.ts); an unknown name costs the same password check and the same time as
   * a known one, and is refused with the same answer.
   */
  async login(
    request: { account: string; password: string; ip: string | null },
    metadata: EventMetadata,
  ): Promise<{ token: string; expiresAt: Date; accountId: string }> {
    const started = Date.now();
    const now = new Date(started);
    const account = request.account.trim();
    const keys = throttleKeys(account, request.ip);
    const throttled = [keys.pair, ...(keys.address ? [keys.address] : [])];
    const lockedUntil = await this.throttle.lockedUntil(this.records.db, throttled, now);
    if (lockedUntil) {
      await this.floor.wait(started);
      throw identityErrors.accountLocked(Math.ceil((lockedUntil.getTime() - Date.now()) / 1000));
    }
    // A username may be all digits, so a phone-like account is tried as a phone first, then as a username.
    const phoneLike = phoneField.safeParse(account).success;
    const byPhone = phoneLike ? await this.records.accountIdBy('phone', account) : null;
    const kind: 'username' | 'email' | 'phone' = account.includes('@')
      ? 'email'
      : byPhone
        ? 'phone'
        : 'username';
    const accountId =
      byPhone ??
      (await this.records.accountIdBy(kind, kind === 'username' ? account.toLowerCase() : account));
    // The same read and the same password work whether or not the name exists.
    const credentials = await this.records
      .tables()
      .selectFrom('credentials')
      .select('password_hash')
      .where('account_id', '=', accountId ?? nobody)
      .executeTakeFirst();
    const valid = await verifyPassword(credentials?.password_hash ?? decoyHash, request.password);
    const outcome = await this.records.db
      .transaction()
      .execute(async (trx): Promise<{ token: string; expiresAt: Date; accountId: string } | AppError> => {
        if (!accountId || !valid) {
          if (keys.address)
            await this.throttle.countFailure(trx, keys.address, now, loginPolicy.maxFailuresPerIp, true);
          const pair = await this.throttle.countFailure(trx, keys.pair, now, loginPolicy.freeFailures);
          if (accountId)
            await this.records.execute(trx, accountId, { type: 'RecordLoginFailure', ...pair }, metadata);
          return identityErrors.wrongCredentials();
        }
        const { state } = await this.records.load(accountId, trx);
        if (state.status === 'disabled') return identityErrors.accountDisabled();
        if (state.status === 'closed' || state.status === 'deleted') return closedAccount();
        await this.throttle.clear(trx, [keys.pair]);
        const session = await this.sessions.start(
          trx,
          accountId,
          kind,
          request.ip,
          now,
          metadata,
          state.roles,
        );
        return { ...session, accountId };
      });
    if (outcome instanceof AppError) {
      await this.floor.wait(started);
      throw outcome;
    }
    return outcome;
  }

  /**
   * Sign-in with a code sent to a registered phone or email (auth-form mode LOGIN). An address no
   * account uses is refused like a wrong code, after the same check (its code was never sent).
   */
  async loginWithCode(
    request: { channel: Channel; address: string; code: string; ip: string | null },
    metadata: EventMetadata,
  ): Promise<{ token: string; expiresAt: Date; accountId: string }> {
    const accountId = await this.records.accountIdBy(request.channel, request.address);
    return commitThenThrow(this.records.db, async (trx) => {
      const check = await this.codes.check(trx, { ...request, purpose: 'login', now: new Date() }, metadata);
      if (check !== 'ok') return codeFailure(check);
      if (!accountId) return codeFailure('wrong');
      const { state } = await this.records.load(accountId, trx);
      if (state.status === 'disabled') return identityErrors.accountDisabled();
      if (state.status === 'closed' || state.status === 'deleted') return closedAccount();
      const session = await this.sessions.start(
        trx,
        accountId,
        request.channel,
        request.ip,
        new Date(),
        metadata,
        state.roles,
      );
      return { ...session, accountId };
    });
  }

  async logout(session: ActiveSession, metadata: EventMetadata) {
    await this.records.db
      .transaction()
      .execute((trx) => this.sessions.revoke(trx, session, 'logout', metadata));
  }
}
