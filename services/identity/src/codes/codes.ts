import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { identity } from '@sais/events';
import type { AppError } from '@sais/kit/errors';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import type { EventMetadata } from '@sais/events';
import { identityErrors } from '../errors.ts';
import type { IdentityTables } from '../db/tables.ts';
import type { Kysely } from 'kysely';

export type Channel = 'phone' | 'email';
export type Purpose = 'register' | 'login' | 'reset' | 'update';

/** Verification-code rules; the resend wait is also what the portal counts down. */
export const codePolicy = {
  digits: 6,
  ttlMinutes: 10,
  maxAttempts: 5,
  resendSeconds: 60,
  perAddressPerHour: 10,
  perIpPerHour: 30,
} as const;

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'burned' | 'missing';

export class VerificationCodes {
  readonly #secret: Buffer;
  constructor(
    private readonly store: EventStore,
    secret: Buffer,
  ) {
    this.#secret = secret;
  }

  #hash(codeId: string, code: string): string {
    return createHmac('sha256', this.#secret).update(`${codeId}:${code}`).digest('hex');
  }

  /** Issues a code after the rate limits; returns the code for delivery (after commit) and its id. */
  async issue(
    trx: Db,
    request: { channel: Channel; address: string; purpose: Purpose; ip: string | null; now: Date },
    metadata: EventMetadata,
  ): Promise<{ codeId: string; code: string }> {
    const db = trx.withSchema('identity') as Kysely<IdentityTables>;
    const hourAgo = new Date(request.now.getTime() - 3_600_000);
    const recent = await db
      .selectFrom('codes')
      .select(['created_at'])
      .where('channel', '=', request.channel)
      .where('address', '=', request.address)
      .where('created_at', '>', hourAgo)
      .orderBy('created_at', 'desc')
      .execute();
    const last = recent[0]?.created_at;
    if (last) {
      const secondsLeft = Math.ceil(
        codePolicy.resendSeconds - (request.now.getTime() - new Date(last).getTime()) / 1000,
      );
      if (secondsLeft > 0) {
        throw identityErrors.codeTooSoon(secondsLeft);
      }
    }
    if (recent.length >= codePolicy.perAddressPerHour) {
      throw identityErrors.codeRateLimited();
    }
    if (request.ip) {
      const fromIp = await db
        .selectFrom('codes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('ip', '=', request.ip)
        .where('created_at', '>', hourAgo)
        .executeTakeFirstOrThrow();
      if (Number(fromIp.count) >= codePolicy.perIpPerHour) {
        throw identityErrors.codeRateLimited();
      }
    }
    const codeId = randomUUID();
    const code = String(randomInt(0, 10 ** codePolicy.digits)).padStart(codePolicy.digits, '0');
    const expiresAt = new Date(request.now.getTime() + codePolicy.ttlMinutes * 60_000);
    await db
      .insertInto('codes')
      .values({
        id: codeId,
        channel: request.channel,
        address: request.address,
        purpose: request.purpose,
        code_hash: this.#hash(codeId, code),
        created_at: request.now,
        expires_at: expiresAt,
        ip: request.ip,
      })
      .execute();
    await this.store.append(
      identity.VerificationCodeIssued.aggregate,
      `code-${codeId}`,
      'no_stream',
      [
        {
          type: identity.VerificationCodeIssued.type,
          data: {
            codeId,
            channel: request.channel,
            purpose: request.purpose,
            maskedAddress: mask(request.channel, request.address),
            expiresAt: expiresAt.toISOString(),
          },
        },
      ],
      metadata,
      { trx },
    );
    return { codeId, code };
  }

  /**
   * Checks the latest live code of the address for the purpose, counting a wrong try. The caller
   * commits the transaction even when the check fails, so attempts are never lost.
   */
  async check(
    trx: Db,
    request: { channel: Channel; address: string; purpose: Purpose; code: string; now: Date },
    metadata: EventMetadata,
  ): Promise<CodeCheck> {
    const db = trx.withSchema('identity') as Kysely<IdentityTables>;
    const row = await db
      .selectFrom('codes')
      .selectAll()
      .where('channel', '=', request.channel)
      .where('address', '=', request.address)
      .where('purpose', '=', request.purpose)
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'missing';
    if (row.burned_at) return 'burned';
    if (new Date(row.expires_at) <= request.now) return 'expired';
    const stream = `code-${row.id}`;
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(this.#hash(row.id, request.code), 'hex');
    if (timingSafeEqual(expected, given)) {
      await db.updateTable('codes').set({ used_at: request.now }).where('id', '=', row.id).execute();
      await this.store.append(
        identity.VerificationCodeUsed.aggregate,
        stream,
        'any',
        [{ type: identity.VerificationCodeUsed.type, data: { codeId: row.id } }],
        metadata,
        { trx },
      );
      return 'ok';
    }
    const attempts = row.attempts + 1;
    const burned = attempts >= codePolicy.maxAttempts;
    await db
      .updateTable('codes')
      .set({ attempts, burned_at: burned ? request.now : null })
      .where('id', '=', row.id)
      .execute();
    if (burned) {
      await this.store.append(
        identity.VerificationCodeBurned.aggregate,
        stream,
        'any',
        [{ type: identity.VerificationCodeBurned.type, data: { codeId: row.id, failedAttempts: attempts } }],
        metadata,
        { trx },
      );
      return 'burned';
    }
    return 'wrong';
  }
}

export function codeFailure(check: Exclude<CodeCheck, 'ok'>): AppError {
  switch (check) {
    case 'expired':
      return identityErrors.codeExpired();
    case 'burned':
      return identityErrors.codeBurned();
    default:
      return identityErrors.codeInvalid();
  }
}

export function mask(channel: Channel, address: string): string {
  if (channel === 'phone') return `${address.slice(0, 3)}****${address.slice(-4)}`;
  const [name = '', domain = ''] = address.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
}
