import { randomBytes, randomUUID } from 'node:crypto';
import { type EventMetadata, identity } from '@sais/events';
import { AppError, NotFoundError, ValidationError } from '@sais/kit/errors';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { bearerOf } from '@sais/kit/http';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { tokenHash } from '../auth/token-hash.ts';
import type { IdentityTables } from '../db/tables.ts';

const codes = identity.tokenErrorCodes;
/** The longest a token may live (decision 0019). */
export const maxTokenDays = 365;

/** A token as its holder sees it in the list: never its secret. */
export interface TokenView {
  tokenId: string;
  name: string;
  scopes: identity.TokenScope[];
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}

/** The token a call came with, once its secret checked out. */
export interface UsedToken {
  tokenId: string;
  accountId: string;
  scopes: identity.TokenScope[];
}

/**
 * Personal access tokens (decision 0019): the secret is `sais_pat_` and 32 random bytes (base64url),
 * shown once; the table keeps its SHA-256. Each use records the time and the caller's address.
 */
export class AccessTokens {
  readonly #resolved = new WeakMap<FastifyRequest, Promise<UsedToken | null>>();

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  #table(trx: Db = this.db) {
    return trx.withSchema('identity') as Kysely<IdentityTables>;
  }

  async create(
    accountId: string,
    input: { name: string; scopes: identity.TokenScope[]; expiresInDays: number },
    metadata: EventMetadata,
    now = new Date(),
  ): Promise<{ token: string; view: TokenView }> {
    const name = input.name.trim();
    if (!name || name.length > 60) throw new ValidationError('tokenNameRequired');
    const scopes = [...new Set(input.scopes)].sort() as identity.TokenScope[];
    if (scopes.length === 0) throw new ValidationError('tokenScopesRequired');
    if (
      !Number.isInteger(input.expiresInDays) ||
      input.expiresInDays < 1 ||
      input.expiresInDays > maxTokenDays
    )
      throw new AppError(codes.tokenExpiryTooLong, 'tokenExpiryTooLong', 400);
    const token = `${identity.tokenPrefix}${randomBytes(32).toString('base64url')}`;
    const tokenId = randomUUID();
    const expiresAt = new Date(now.getTime() + input.expiresInDays * 86_400_000);
    await this.db.transaction().execute(async (trx) => {
      await this.#table(trx)
        .insertInto('access_tokens')
        .values({
          token_id: tokenId,
          token_hash: tokenHash(token),
          account_id: accountId,
          name,
          scopes,
          created_at: now,
          expires_at: expiresAt,
        })
        .execute();
      await this.store.append(
        identity.TokenCreated.aggregate,
        `token-${tokenId}`,
        'no_stream',
        [
          {
            type: identity.TokenCreated.type,
            data: { tokenId, accountId, name, scopes, expiresAt: expiresAt.toISOString() },
          },
        ],
        metadata,
        { trx },
      );
    });
    const view: TokenView = {
      tokenId,
      name,
      scopes,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      revokedAt: null,
      lastUsedAt: null,
      lastUsedIp: null,
    };
    return { token, view };
  }

  async list(accountId: string): Promise<TokenView[]> {
    const rows = await this.#table()
      .selectFrom('access_tokens')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .execute();
    const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
    return rows.map((row) => ({
      tokenId: row.token_id,
      name: row.name,
      scopes: row.scopes as identity.TokenScope[],
      createdAt: iso(row.created_at)!,
      expiresAt: iso(row.expires_at)!,
      revokedAt: iso(row.revoked_at),
      lastUsedAt: iso(row.last_used_at),
      lastUsedIp: row.last_used_ip,
    }));
  }

  /** The holder revokes one of their tokens; revoking it again changes nothing. */
  async revoke(accountId: string, tokenId: string, metadata: EventMetadata, now = new Date()) {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.#table(trx)
        .selectFrom('access_tokens')
        .select(['revoked_at', 'name'])
        .where('token_id', '=', tokenId)
        .where('account_id', '=', accountId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new NotFoundError('tokenNotFound');
      if (row.revoked_at) return;
      await this.#table(trx)
        .updateTable('access_tokens')
        .set({ revoked_at: now })
        .where('token_id', '=', tokenId)
        .execute();
      await this.store.append(
        identity.TokenRevoked.aggregate,
        `token-${tokenId}`,
        'any',
        [
          {
            type: identity.TokenRevoked.type,
            data: { tokenId, accountId, name: row.name, reason: 'holder' },
          },
        ],
        metadata,
        { trx },
      );
    });
  }

  /**
   * A password change or reset revokes every live token of the account, in the caller's transaction (as
   * GitHub does, issue 33): a token made by whoever knew the old password stops with it. Each revocation
   * is an event with its reason, so the holder's inbox says why.
   */
  async revokeAll(
    trx: Db,
    accountId: string,
    reason: Exclude<identity.TokenRevokeReason, 'holder'>,
    metadata: EventMetadata,
    now = new Date(),
  ): Promise<number> {
    const revoked = await this.#table(trx)
      .updateTable('access_tokens')
      .set({ revoked_at: now })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['token_id', 'name'])
      .execute();
    if (revoked.length === 0) return 0;
    await this.store.appendMany(
      revoked.map((row) => ({
        streamType: identity.TokenRevoked.aggregate,
        streamId: `token-${row.token_id}`,
        expected: 'any' as const,
        events: [
          {
            type: identity.TokenRevoked.type,
            data: { tokenId: row.token_id, accountId, name: row.name, reason },
          },
        ],
        metadata,
      })),
      { trx },
    );
    return revoked.length;
  }

  /**
   * The token of this request's `Authorization: Bearer` (once per request), its use recorded; null when
   * it carries none; the refusal (invalid, revoked, expired) thrown.
   */
  resolveRequest(request: FastifyRequest): Promise<UsedToken | null> {
    let resolved = this.#resolved.get(request);
    if (!resolved) {
      const secret = bearerOf(request);
      resolved = secret ? this.resolve(secret, request.ip) : Promise.resolve(null);
      this.#resolved.set(request, resolved);
    }
    return resolved;
  }

  async resolve(secret: string, ip: string | null, now = new Date()): Promise<UsedToken> {
    if (!secret.startsWith(identity.tokenPrefix) || secret.length > 100)
      throw new AppError(codes.tokenInvalid, 'tokenInvalid', 401);
    // One statement: the use is recorded only on a live token, and the row read either way.
    const row = await this.#table()
      .updateTable('access_tokens')
      .set({
        last_used_at: (eb) =>
          eb
            .case()
            .when(eb.and([eb('revoked_at', 'is', null), eb('expires_at', '>', now)]))
            .then(now)
            .else(eb.ref('last_used_at'))
            .end(),
        last_used_ip: (eb) =>
          eb
            .case()
            .when(eb.and([eb('revoked_at', 'is', null), eb('expires_at', '>', now)]))
            .then(ip)
            .else(eb.ref('last_used_ip'))
            .end(),
      })
      .where('token_hash', '=', tokenHash(secret))
      .returning(['token_id', 'account_id', 'scopes', 'revoked_at', 'expires_at'])
      .executeTakeFirst();
    if (!row) throw new AppError(codes.tokenInvalid, 'tokenInvalid', 401);
    if (row.revoked_at) throw new AppError(codes.tokenRevoked, 'tokenRevoked', 401);
    if (new Date(row.expires_at) <= now) throw new AppError(codes.tokenExpired, 'tokenExpired', 401);
    return {
      tokenId: row.token_id,
      accountId: row.account_id,
      scopes: row.scopes as identity.TokenScope[],
    };
  }
}
