// Over 300 lines: the account's commands in one class (codes, register, staff, sign-in by password or code,
// reset and change of password, profile and contact, roles), each load → decide → append; a split by concern is left (issue 20).
import { randomUUID } from 'node:crypto';
import { type EventMetadata, type Role, identity, phoneField } from '@sais/events';
import { AppError, type Db, type EventStore, ForbiddenError, NotFoundError } from '@sais/kit';
import { type Kysely, sql } from 'kysely';
import { decoyHash, hashPassword, verifyPassword } from './auth/passwords.ts';
import type { ActiveSession, Sessions } from './auth/sessions.ts';
import { tokenHash } from './auth/token-hash.ts';
import { SignInThrottle, answerNoSoonerThan, loginPolicy, throttleKeys } from './auth/throttle.ts';
import { type Channel, type Purpose, type VerificationCodes, codeFailure } from './codes/codes.ts';
import type { IdentityTables } from './db/tables.ts';
import { type AccountCommand, type AccountState, decideAccount, foldAccount } from './domain/account.ts';
import { identityErrors } from './errors.ts';

type Profile = identity.Profile;

export type ActiveAccount = Exclude<AccountState, { status: 'none' }>;

/** Reads keyed by an account id that no account has (an unknown name costs the same queries). */
const nobody = '00000000-0000-0000-0000-000000000000';

const accountStream = (accountId: string) => `account-${accountId}`;
/** A closed account signs in no more (decision 0017). */
const closedAccount = identityErrors.accountClosed;
const takenError = {
  username: identityErrors.usernameTaken,
  email: identityErrors.emailTaken,
  phone: identityErrors.phoneTaken,
};

export async function loadAccount(
  store: EventStore,
  accountId: string,
  trx?: Db,
): Promise<{ state: ActiveAccount; version: number }> {
  const events = await store.readStream(accountStream(accountId), trx ? { trx } : {});
  const state = foldAccount(events);
  if (state.status === 'none') throw new NotFoundError();
  return { state, version: events.length };
}

/**
 * The account a session token signs in, read with its session in one round trip (every authenticated
 * request makes this read): null when the token names no open, unexpired session.
 */
export async function signedInAccount(
  store: EventStore,
  token: string | undefined,
): Promise<ActiveAccount | null> {
  if (!token || token.length > 100) return null;
  const events = await store.readStreamNamedBy(
    sql<string>`select ${accountStream('')} || account_id from identity.sessions
      where token_hash = ${tokenHash(token)} and revoked_at is null and expires_at > now()`,
  );
  const state = foldAccount(events);
  return state.status === 'none' ? null : state;
}

/** Runs `work` in a transaction; a returned failure is thrown only after the commit (attempt counters). */
async function commitThenThrow<T>(db: Db, work: (trx: Db) => Promise<T | AppError>): Promise<T> {
  const result = await db.transaction().execute(work);
  if (result instanceof AppError) throw result;
  return result;
}

export class Accounts {
  private readonly throttle = new SignInThrottle();

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly sessions: Sessions,
    private readonly codes: VerificationCodes,
  ) {}

  #t(trx: Db = this.db) {
    return trx.withSchema('identity') as Kysely<IdentityTables>;
  }

  /** The account's state; inside a transaction pass its `trx` (the embedded database has one connection). */
  load(accountId: string, trx?: Db): Promise<{ state: ActiveAccount; version: number }> {
    return loadAccount(this.store, accountId, trx);
  }

  /** Decides a command on the current state and appends the result with the version it saw. */
  async execute(trx: Db, accountId: string, command: AccountCommand, metadata: EventMetadata) {
    const events = await this.store.readStream(accountStream(accountId), { trx });
    const produced = decideAccount(command, foldAccount(events));
    return this.store.append(
      identity.AccountRegistered.aggregate,
      accountStream(accountId),
      events.length || 'no_stream',
      produced,
      metadata,
      { trx },
    );
  }

  async accountIdBy(kind: 'username' | 'email' | 'phone', value: string, trx?: Db): Promise<string | null> {
    const row = await this.#t(trx)
      .selectFrom('account_keys')
      .select('account_id')
      .where('kind', '=', kind)
      .where('value', '=', value)
      .executeTakeFirst();
    return row?.account_id ?? null;
  }

  async #claimKey(trx: Db, kind: 'username' | 'email' | 'phone', value: string, accountId: string) {
    const inserted = await this.#t(trx)
      .insertInto('account_keys')
      .values({ kind, value, account_id: accountId })
      .onConflict((oc) => oc.doNothing())
      .returning('account_id')
      .executeTakeFirst();
    if (!inserted) throw takenError[kind]();
  }

  /**
   * Issues a code for a purpose after checking that the address fits it. Registration and changes
   * refuse a taken address (spec §5's messages); sign-in and reset codes answer alike whether or not an
   * account uses the address, and `deliver` is false when none does: the code is issued (so resend
   * waits and limits behave the same) but sent to nobody.
   */
  async sendCode(
    request: {
      channel: Channel;
      address: string;
      purpose: Purpose;
      ip: string | null;
      session: ActiveSession | null;
    },
    metadata: EventMetadata,
  ): Promise<{ codeId: string; code: string; deliver: boolean }> {
    const owner = await this.accountIdBy(request.channel, request.address);
    if ((request.purpose === 'register' || request.purpose === 'update') && owner)
      throw takenError[request.channel]();
    if (request.purpose === 'update' && !request.session) throw identityErrors.notSignedIn();
    const issued = await this.db
      .transaction()
      .execute((trx) => this.codes.issue(trx, { ...request, now: new Date() }, metadata));
    const deliver = owner !== null || request.purpose === 'register' || request.purpose === 'update';
    return { ...issued, deliver };
  }

  async register(
    request: { username: string; password: string; channel: Channel; address: string; code: string },
    metadata: EventMetadata,
  ): Promise<string> {
    if (await this.accountIdBy('username', request.username)) throw takenError.username();
    if (await this.accountIdBy(request.channel, request.address)) throw takenError[request.channel]();
    const passwordHash = await hashPassword(request.password);
    const accountId = randomUUID();
    return commitThenThrow(this.db, async (trx) => {
      const check = await this.codes.check(
        trx,
        { ...request, purpose: 'register', now: new Date() },
        metadata,
      );
      if (check !== 'ok') return codeFailure(check);
      await this.#claimKey(trx, 'username', request.username, accountId);
      await this.#claimKey(trx, request.channel, request.address, accountId);
      await this.#t(trx)
        .insertInto('credentials')
        .values({ account_id: accountId, password_hash: passwordHash, updated_at: new Date() })
        .execute();
      await this.execute(
        trx,
        accountId,
        {
          type: 'RegisterAccount',
          accountId,
          username: request.username,
          email: request.channel === 'email' ? request.address : null,
          phone: request.channel === 'phone' ? request.address : null,
        },
        { ...metadata, actor: { ...metadata.actor, userId: accountId } },
      );
      return accountId;
    });
  }

  /** Creates an account without a code: the operator's bootstrap of staff accounts (`npm run admin`). */
  async createStaff(
    request: { username: string; email: string; password: string; roles: Role[] },
    metadata: EventMetadata,
  ) {
    const accountId = randomUUID();
    const passwordHash = await hashPassword(request.password);
    await this.db.transaction().execute(async (trx) => {
      await this.#claimKey(trx, 'username', request.username, accountId);
      await this.#claimKey(trx, 'email', request.email, accountId);
      await this.#t(trx)
        .insertInto('credentials')
        .values({ account_id: accountId, password_hash: passwordHash, updated_at: new Date() })
        .execute();
      await this.execute(
        trx,
        accountId,
        { type: 'RegisterAccount', accountId, username: request.username, email: request.email, phone: null },
        metadata,
      );
      for (const role of request.roles)
        await this.execute(trx, accountId, { type: 'GrantRole', role }, metadata);
    });
    return accountId;
  }

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
    const lockedUntil = await this.throttle.lockedUntil(this.db, throttled, now);
    if (lockedUntil) {
      await answerNoSoonerThan(started);
      throw identityErrors.accountLocked(Math.ceil((lockedUntil.getTime() - Date.now()) / 1000));
    }
    // A username may be all digits, so a phone-like account is tried as a phone first, then as a username.
    const phoneLike = phoneField.safeParse(account).success;
    const byPhone = phoneLike ? await this.accountIdBy('phone', account) : null;
    const kind: 'username' | 'email' | 'phone' = account.includes('@')
      ? 'email'
      : byPhone
        ? 'phone'
        : 'username';
    const accountId =
      byPhone ?? (await this.accountIdBy(kind, kind === 'username' ? account.toLowerCase() : account));
    // The same read and the same password work whether or not the name exists.
    const credentials = await this.#t()
      .selectFrom('credentials')
      .select('password_hash')
      .where('account_id', '=', accountId ?? nobody)
      .executeTakeFirst();
    const valid = await verifyPassword(credentials?.password_hash ?? decoyHash, request.password);
    const outcome = await this.db
      .transaction()
      .execute(async (trx): Promise<{ token: string; expiresAt: Date; accountId: string } | AppError> => {
        if (!accountId || !valid) {
          if (keys.address)
            await this.throttle.countFailure(trx, keys.address, now, loginPolicy.maxFailuresPerIp, true);
          const pair = await this.throttle.countFailure(trx, keys.pair, now, loginPolicy.freeFailures);
          if (accountId)
            await this.execute(trx, accountId, { type: 'RecordLoginFailure', ...pair }, metadata);
          return identityErrors.wrongCredentials();
        }
        const { state } = await this.load(accountId, trx);
        if (state.status === 'disabled') return identityErrors.accountDisabled();
        if (state.status === 'closed' || state.status === 'deleted') return closedAccount();
        await this.throttle.clear(trx, [keys.pair]);
        const session = await this.sessions.start(trx, accountId, kind, request.ip, now, metadata);
        return { ...session, accountId };
      });
    if (outcome instanceof AppError) {
      await answerNoSoonerThan(started);
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
    const accountId = await this.accountIdBy(request.channel, request.address);
    return commitThenThrow(this.db, async (trx) => {
      const check = await this.codes.check(trx, { ...request, purpose: 'login', now: new Date() }, metadata);
      if (check !== 'ok') return codeFailure(check);
      if (!accountId) return codeFailure('wrong');
      const { state } = await this.load(accountId, trx);
      if (state.status === 'disabled') return identityErrors.accountDisabled();
      if (state.status === 'closed' || state.status === 'deleted') return closedAccount();
      const session = await this.sessions.start(
        trx,
        accountId,
        request.channel,
        request.ip,
        new Date(),
        metadata,
      );
      return { ...session, accountId };
    });
  }

  async logout(session: ActiveSession, metadata: EventMetadata) {
    await this.db.transaction().execute((trx) => this.sessions.revoke(trx, session, 'logout', metadata));
  }

  /** Resets a password with a code; an address no account uses is refused like a wrong code, after the same work. */
  async resetPassword(
    request: { channel: Channel; address: string; code: string; password: string },
    metadata: EventMetadata,
  ) {
    const accountId = await this.accountIdBy(request.channel, request.address);
    const passwordHash = await hashPassword(request.password);
    await commitThenThrow(this.db, async (trx) => {
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
    const credentials = await this.#t()
      .selectFrom('credentials')
      .select('password_hash')
      .where('account_id', '=', session.accountId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(credentials.password_hash, oldPassword))) {
      throw identityErrors.wrongOldPassword();
    }
    const passwordHash = await hashPassword(newPassword);
    await this.db
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
    await this.#t(trx)
      .updateTable('credentials')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('account_id', '=', accountId)
      .execute();
    await this.execute(trx, accountId, { type: 'ChangePassword', how }, metadata);
    await this.sessions.revokeAll(trx, accountId, 'password-changed', metadata);
  }

  async updateProfile(session: ActiveSession, changes: Profile, metadata: EventMetadata) {
    await this.db
      .transaction()
      .execute((trx) => this.execute(trx, session.accountId, { type: 'UpdateProfile', changes }, metadata));
  }

  async changeContact(
    session: ActiveSession,
    request: { channel: Channel; address: string; code: string },
    metadata: EventMetadata,
  ) {
    const { state } = await this.load(session.accountId);
    await commitThenThrow(this.db, async (trx) => {
      const check = await this.codes.check(trx, { ...request, purpose: 'update', now: new Date() }, metadata);
      if (check !== 'ok') return codeFailure(check);
      await this.#claimKey(trx, request.channel, request.address, session.accountId);
      const previous = state[request.channel];
      if (previous)
        await this.#t(trx)
          .deleteFrom('account_keys')
          .where('kind', '=', request.channel)
          .where('value', '=', previous)
          .execute();
      await this.execute(
        trx,
        session.accountId,
        { type: 'ChangeContact', channel: request.channel, value: request.address },
        metadata,
      );
      return null;
    });
  }

  /**
   * Grants a role without the console's checks: `npm run admin` and tests. The console's changes go
   * through users/staff-actions.ts (separation of duties, the last admin).
   */
  async grantRole(accountId: string, role: Role, metadata: EventMetadata) {
    await this.db
      .transaction()
      .execute((trx) => this.execute(trx, accountId, { type: 'GrantRole', role }, metadata));
  }

  /** The signed-in account, refusing disabled ones; with `role`, also refusing accounts without it. */
  async requireAccount(session: ActiveSession, role?: Role): Promise<ActiveAccount> {
    const { state } = await this.load(session.accountId);
    if (state.status === 'disabled') throw identityErrors.accountDisabled();
    if (state.status === 'closed' || state.status === 'deleted') throw closedAccount();
    if (role && !state.roles.includes(role) && !state.roles.includes('admin')) throw new ForbiddenError();
    return state;
  }
}
