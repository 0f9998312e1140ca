import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';
import type { ScoringDb } from '../db/tables.ts';
import { scoringErrors } from '../errors.ts';

/**
 * What one account may have open at once through tus: a few uploads, a bounded declared size in all,
 * each removed after `expiresAfterMs` if unfinished (the portal resumes within that time).
 */
export const resumablePolicy = {
  perAccount: 3,
  totalBytes: 200 * 1024 * 1024,
  expiresAfterMs: 2 * 3600 * 1000,
} as const;

/** The open uploads of each account, so one account cannot fill the disk with declared 100 MB uploads. */
export class ResumableUploads {
  constructor(private readonly db: Db) {}

  #t(trx: Db = this.db) {
    return trx.withSchema('scoring') as ScoringDb;
  }

  /**
   * Counts a new upload against its account, or refuses it (40018) when the account already has
   * `perAccount` open or their sizes would pass `totalBytes`. Serialised per account by a lock, so
   * parallel creations cannot all pass the check.
   */
  async reserve(accountId: string, uploadId: string, size: number, now = new Date()): Promise<void> {
    const since = new Date(now.getTime() - resumablePolicy.expiresAfterMs);
    await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('tus:' || ${accountId}::text))`.execute(trx);
      const open = await sql<{ uploads: number; bytes: number }>`
        select count(*)::int as uploads, coalesce(sum(size), 0)::float8 as bytes
        from scoring.resumable_uploads where account_id = ${accountId} and created_at > ${since}`.execute(
        trx,
      );
      const { uploads, bytes } = open.rows[0]!;
      if (uploads >= resumablePolicy.perAccount || Number(bytes) + size > resumablePolicy.totalBytes)
        throw scoringErrors.resumableUploadsLimit({
          data: { open: uploads, openBytes: Number(bytes), ...resumablePolicy },
        });
      await this.#t(trx)
        .insertInto('resumable_uploads')
        .values({ upload_id: uploadId, account_id: accountId, size, created_at: now })
        .execute();
    });
  }

  /** The upload finished or was cancelled: it no longer counts. */
  async release(uploadId: string): Promise<void> {
    await this.#t().deleteFrom('resumable_uploads').where('upload_id', '=', uploadId).execute();
  }

  /** Forgets uploads past their expiry (their files are removed by the tus server's clean-up). */
  async forgetExpired(now = new Date()): Promise<void> {
    const since = new Date(now.getTime() - resumablePolicy.expiresAfterMs);
    await this.#t().deleteFrom('resumable_uploads').where('created_at', '<=', since).execute();
  }
}
