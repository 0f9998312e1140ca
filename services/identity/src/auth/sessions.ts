import { randomBytes, randomUUID } from 'node:crypto';
import { type EventMetadata, type Role, identity } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import type { Kysely } from 'kysely';
import type { IdentityTables } from '../db/tables.ts';
import { tokenHash } from './token-hash.ts';
import { AccessTokens, type UsedToken } from '../tokens/tokens.ts';

export const sessionCookie = 'sais_session';
export const sessionTtlMs = 7 * 24 * 3_600_000;

export interface ActiveSession {
  sessionId: string;
  accountId: string;
  /** Set when the caller came with a personal access token instead of a cookie (decision 0019). */
  token?: UsedToken;
}

/** Staff roles, the widest first: the role a sign-in is recorded in. */
const signInOrder: readonly Role[] = ['admin', 'operator', 'auditor', 'reviewer'];

/** The role a sign-in is recorded in: the account's widest staff role, else participant. */
export const signInRole = (roles: readonly Role[]): Role =>
  signInOrder.find((role) => roles.includes(role)) ?? 'participant';

type RevokeReason = 'logout' | 'password-changed' | 'account-disabled' | 'account-closed' | 'expired';

/**
 * Server-side sessions: the cookie holds a random 256-bit token, the table only its SHA-256. Revoking
 * marks the row at once, so a copied cookie stops working on the next request.
 */
export class Sessions {
  /** Personal access tokens, the other way to call as oneself (`Authorization: Bearer`). */
  readonly tokens: AccessTokens;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {
    this.tokens = new AccessTokens(db, store);
  }

  #table(trx: Db = this.db) {
    return trx.withSchema('identity') as Kysely<IdentityTables>;
  }

  async start(
    trx: Db,
    accountId: string,
    via: 'username' | 'email' | 'phone',
    ip: string | null,
    now: Date,
    metadata: EventMetadata,
    roles: readonly Role[],
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const sessionId = randomUUID();
    const expiresAt = new Date(now.getTime() + sessionTtlMs);
    await this.#table(trx)
      .insertInto('sessions')
      .values({
        token_hash: tokenHash(token),
        session_id: sessionId,
        account_id: accountId,
        created_at: now,
        expires_at: expiresAt,
        ip,
      })
      .execute();
    await this.store.append(
      identity.SessionStarted.aggregate,
      `session-${sessionId}`,
      'no_stream',
      [
        {
          type: identity.SessionStarted.type,
          data: { sessionId, accountId, via, expiresAt: expiresAt.toISOString() },
        },
      ],
      // Who signed in, in the role the account holds (a staff sign-in is not a participant's, issue 35).
      { ...metadata, actor: { userId: accountId, role: signInRole(roles) } },
      { trx },
    );
    return { token, expiresAt };
  }

  async resolve(token: string | undefined, now = new Date()): Promise<ActiveSession | null> {
    if (!token || token.length > 100) return null;
    const row = await this.#table()
      .selectFrom('sessions')
      .select(['session_id', 'account_id', 'expires_at'])
      .where('token_hash', '=', tokenHash(token))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row || new Date(row.expires_at) <= now) return null;
    return { sessionId: row.session_id, accountId: row.account_id };
  }

  async revoke(
    trx: Db,
    session: ActiveSession,
    reason: RevokeReason,
    metadata: EventMetadata,
    now = new Date(),
  ) {
    await this.#revokeWhere(trx, [session], reason, metadata, now);
  }

  /** Ends every open session of the account (password change, account disabled). */
  async revokeAll(
    trx: Db,
    accountId: string,
    reason: RevokeReason,
    metadata: EventMetadata,
    now = new Date(),
  ) {
    const open = await this.#table(trx)
      .selectFrom('sessions')
      .select(['session_id as sessionId', 'account_id as accountId'])
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
    await this.#revokeWhere(trx, open, reason, metadata, now);
  }

  async #revokeWhere(
    trx: Db,
    sessions: ActiveSession[],
    reason: RevokeReason,
    metadata: EventMetadata,
    now: Date,
  ) {
    for (const session of sessions) {
      const updated = await this.#table(trx)
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('session_id', '=', session.sessionId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) continue;
      await this.store.append(
        identity.SessionRevoked.aggregate,
        `session-${session.sessionId}`,
        'any',
        [{ type: identity.SessionRevoked.type, data: { ...session, reason } }],
        metadata,
        { trx },
      );
    }
  }
}
