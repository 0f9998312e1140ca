import type { EventMetadata } from '@sais/events';
import { AppError, NotFoundError } from '@sais/kit/errors';
import type { Db } from '@sais/kit/db';
import { type EventStore, handleCommand } from '@sais/kit/eventstore';
import { type Kysely, sql } from 'kysely';
import { tokenHash } from '../auth/token-hash.ts';
import type { IdentityTables } from '../db/tables.ts';
import { type AccountCommand, type AccountState, accountDecider, foldAccount } from '../domain/account.ts';
import { identityErrors } from '../errors.ts';

/**
 * What every part of the account's commands shares (registration and profile in accounts.ts, sign-in,
 * password changes): the event stream, the keys table (username, email, phone → account) and one
 * transaction helper.
 */
export type ActiveAccount = Exclude<AccountState, { status: 'none' }>;

export const accountStream = (accountId: string) => `account-${accountId}`;

/** A closed account signs in no more (decision 0017). */
export const closedAccount = identityErrors.accountClosed;

export const takenError = {
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
export async function commitThenThrow<T>(db: Db, work: (trx: Db) => Promise<T | AppError>): Promise<T> {
  const result = await db.transaction().execute(work);
  if (result instanceof AppError) throw result;
  return result;
}

/** The account's records: its stream (load, decide and append) and its keys. */
export class AccountRecords {
  constructor(
    readonly db: Db,
    private readonly store: EventStore,
  ) {}

  tables(trx: Db = this.db) {
    return trx.withSchema('identity') as Kysely<IdentityTables>;
  }

  /** The account's state; inside a transaction pass its `trx` (the embedded database has one connection). */
  load(accountId: string, trx?: Db): Promise<{ state: ActiveAccount; version: number }> {
    return loadAccount(this.store, accountId, trx);
  }

  /**
   * Decides a command on the current state and appends the result with the version it saw (the kit's
   * command handler, in the caller's transaction: a lost race aborts it, and the caller's retry runs again).
   */
  async execute(trx: Db, accountId: string, command: AccountCommand, metadata: EventMetadata) {
    const { events } = await handleCommand(
      this.store,
      accountDecider,
      accountStream(accountId),
      command,
      metadata,
      {
        trx,
      },
    );
    return events;
  }

  async accountIdBy(kind: 'username' | 'email' | 'phone', value: string, trx?: Db): Promise<string | null> {
    const row = await this.tables(trx)
      .selectFrom('account_keys')
      .select('account_id')
      .where('kind', '=', kind)
      .where('value', '=', value)
      .executeTakeFirst();
    return row?.account_id ?? null;
  }

  /** Takes a username, email or phone for the account, refusing one another account holds. */
  async claimKey(trx: Db, kind: 'username' | 'email' | 'phone', value: string, accountId: string) {
    const inserted = await this.tables(trx)
      .insertInto('account_keys')
      .values({ kind, value, account_id: accountId })
      .onConflict((oc) => oc.doNothing())
      .returning('account_id')
      .executeTakeFirst();
    if (!inserted) throw takenError[kind]();
  }
}
