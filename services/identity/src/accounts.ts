import { randomUUID } from 'node:crypto';
import type { EventMetadata, Role, identity } from '@sais/events';
import { ForbiddenError } from '@sais/kit/errors';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { hashPassword } from './auth/passwords.ts';
import type { ActiveSession, Sessions } from './auth/sessions.ts';
import { type Channel, type Purpose, type VerificationCodes, codeFailure } from './codes/codes.ts';
import type { AccountCommand } from './domain/account.ts';
import { PasswordChanges } from './accounts/password-changes.ts';
import {
  type ActiveAccount,
  AccountRecords,
  closedAccount,
  commitThenThrow,
  takenError,
} from './accounts/records.ts';
import { SignIn } from './accounts/sign-in.ts';
import { identityErrors } from './errors.ts';

export { type ActiveAccount, loadAccount, signedInAccount } from './accounts/records.ts';

type Profile = identity.Profile;

/**
 * The account's commands: codes, registration, staff accounts, profile, contact and roles here; signing
 * in and out in `signIn` (accounts/sign-in.ts), password changes in `passwords` (accounts/password-changes.ts),
 * all on one `AccountRecords` (accounts/records.ts: the stream, load → decide → append, the keys).
 */
export class Accounts {
  readonly #records: AccountRecords;
  readonly signIn: SignIn;
  readonly passwords: PasswordChanges;

  constructor(
    private readonly db: Db,
    store: EventStore,
    sessions: Sessions,
    private readonly codes: VerificationCodes,
  ) {
    this.#records = new AccountRecords(db, store);
    this.signIn = new SignIn(this.#records, sessions, codes);
    this.passwords = new PasswordChanges(this.#records, sessions, codes);
  }

  /** The account's state; inside a transaction pass its `trx` (the embedded database has one connection). */
  load(accountId: string, trx?: Db): Promise<{ state: ActiveAccount; version: number }> {
    return this.#records.load(accountId, trx);
  }

  /** Decides a command on the current state and appends the result with the version it saw. */
  execute(trx: Db, accountId: string, command: AccountCommand, metadata: EventMetadata) {
    return this.#records.execute(trx, accountId, command, metadata);
  }

  accountIdBy(kind: 'username' | 'email' | 'phone', value: string, trx?: Db): Promise<string | null> {
    return this.#records.accountIdBy(kind, value, trx);
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
      await this.#records.claimKey(trx, 'username', request.username, accountId);
      await this.#records.claimKey(trx, request.channel, request.address, accountId);
      await this.#records
        .tables(trx)
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
      await this.#records.claimKey(trx, 'username', request.username, accountId);
      await this.#records.claimKey(trx, 'email', request.email, accountId);
      await this.#records
        .tables(trx)
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
      await this.#records.claimKey(trx, request.channel, request.address, session.accountId);
      const previous = state[request.channel];
      if (previous)
        await this.#records
          .tables(trx)
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
