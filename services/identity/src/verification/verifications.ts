// Over 300 lines: real-name verification end to end (submit with the keyed certificate digest, the queue, the
// staff list's filters and sorting, photo viewing, the decision); the rules are in its decider.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { type EventMetadata, identity } from '@sais/events';
import { NotFoundError } from '@sais/kit/errors';
import { open, seal } from '@sais/kit/crypto';
import type { Db } from '@sais/kit/db';
import { type EventStore, handleCommand } from '@sais/kit/eventstore';
import { type Kysely, sql } from 'kysely';
import type { IdentityTables } from '../db/tables.ts';
import {
  type PhotoCheck,
  type VerificationCommand,
  type VerificationEvent,
  decideVerification,
  verificationDecider,
} from '../domain/verification.ts';

/** A reviewer's decision; an approval carries the number read from the photo and the ticked photo rules. */
export type Decision =
  | { approve: true; certificateNumber: string; checks: readonly PhotoCheck[] }
  | { approve: false; reason: string };

export type AuthStatus = 'Not Verified' | 'Processing' | 'Verified';

const stream = (accountId: string) => `verification-${accountId}`;

export function maskCertificate(number: string): string {
  return number.length <= 6
    ? `${number.slice(0, 1)}****`
    : `${number.slice(0, 4)}${'*'.repeat(number.length - 7)}${number.slice(-3)}`;
}

/** The number as the digest sees it: no spaces or dashes, upper case (so `110101 1990…x` = `1101011990…X`). */
export function normaliseCertificate(number: string): string {
  return number.replace(/[\s-]/g, '').toUpperCase();
}

export interface Submission {
  accountId: string;
  name: string;
  certificateType: 'id-card' | 'passport';
  certificateNumber: string;
  photos: { bytes: Buffer; mime: string }[];
}

/** A verification as the console lists it: the masked number, never the photos themselves. */
export interface VerificationRecord {
  id: string;
  userId: string;
  name: string;
  certificateType: 'id-card' | 'passport';
  certificateNumber: string;
  status: 'processing' | 'approved' | 'rejected';
  submittedAt: string;
  decidedAt: string | null;
  reviewerId: string | null;
  reason: string | null;
  photoCount: number;
}

export interface VerificationQuery {
  status?: 'processing' | 'approved' | 'rejected';
  ids?: string[];
  userId?: string;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  /** Zero-based, inclusive. */
  from: number;
  to: number;
}

/** The fields the console may sort by, and their columns (`id` sorts the default way). */
export const verificationSortFields = [
  'submittedAt',
  'decidedAt',
  'name',
  'status',
  'certificateType',
  'id',
] as const;
const sortColumns: Record<string, 'submitted_at' | 'decided_at' | 'name' | 'status' | 'certificate_type'> = {
  submittedAt: 'submitted_at',
  decidedAt: 'decided_at',
  name: 'name',
  status: 'status',
  certificateType: 'certificate_type',
};

/** Real-name verification: submissions with encrypted photos, the reviewers' queue and decisions. */
export class Verifications {
  readonly #photoKey: Buffer;
  readonly #digestKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    keys: { photoKey: Buffer; digestKey: Buffer },
  ) {
    this.#photoKey = keys.photoKey;
    this.#digestKey = keys.digestKey;
  }

  #t(trx: Db = this.db) {
    return trx.withSchema('identity') as Kysely<IdentityTables>;
  }

  #digest(certificateType: string, number: string): string {
    return createHmac('sha256', this.#digestKey)
      .update(`${certificateType}:${normaliseCertificate(number)}`)
      .digest('hex');
  }

  /**
   * Whether the number a reviewer read from the photo is the submitted one: compared with the stored
   * keyed digest, so the full number is never kept in clear (decision 0018).
   */
  #numberMatches(row: { certificate_type: string; certificate_digest: string | null }, typed: string) {
    if (!row.certificate_digest) return false;
    const typedDigest = Buffer.from(this.#digest(row.certificate_type, typed), 'hex');
    const stored = Buffer.from(row.certificate_digest, 'hex');
    return typedDigest.length === stored.length && timingSafeEqual(typedDigest, stored);
  }

  async submit(submission: Submission, metadata: EventMetadata): Promise<string> {
    const verificationId = randomUUID();
    const documentIds = submission.photos.map(() => randomUUID());
    const masked = maskCertificate(submission.certificateNumber);
    // A keyed digest lets operators find one document behind two accounts without storing the number.
    const digest = this.#digest(submission.certificateType, submission.certificateNumber);
    const command: VerificationCommand = {
      type: 'Submit',
      data: {
        verificationId,
        accountId: submission.accountId,
        name: submission.name,
        certificateType: submission.certificateType,
        certificateNumberMasked: masked,
        photoIds: documentIds,
      },
    };
    await handleCommand(this.store, verificationDecider, stream(submission.accountId), command, metadata, {
      alongside: async (trx) => {
        await this.#t(trx)
          .insertInto('verifications')
          .values({
            verification_id: verificationId,
            account_id: submission.accountId,
            status: 'processing',
            name: submission.name,
            certificate_type: submission.certificateType,
            certificate_masked: masked,
            certificate_digest: digest,
            submitted_at: new Date(),
          })
          .execute();
        for (const [position, photo] of submission.photos.entries()) {
          const documentId = documentIds[position]!;
          const sealed = seal(this.#photoKey, documentId, photo.bytes);
          await this.#t(trx)
            .insertInto('documents')
            .values({
              document_id: documentId,
              verification_id: verificationId,
              position,
              mime: photo.mime,
              ...sealed,
            })
            .execute();
        }
      },
    });
    return verificationId;
  }

  async statusOf(accountId: string) {
    const latest = await this.#t()
      .selectFrom('verifications')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('submitted_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const status: AuthStatus =
      !latest || latest.status === 'rejected'
        ? 'Not Verified'
        : latest.status === 'approved'
          ? 'Verified'
          : 'Processing';
    return {
      status,
      reason: latest?.status === 'rejected' ? latest.reason : null,
      name: latest?.name ?? null,
      certificateType: latest?.certificate_type ?? null,
      certificateNumber: latest?.certificate_masked ?? null,
      submittedAt: latest?.submitted_at ? new Date(latest.submitted_at).toISOString() : null,
    };
  }

  /** The reviewers' queue: pending verifications, oldest first. */
  async queue(page: number, pageSize: number) {
    const base = this.#t().selectFrom('verifications').where('status', '=', 'processing');
    const [rows, total] = await Promise.all([
      base
        .select([
          'verification_id',
          'account_id',
          'name',
          'certificate_type',
          'certificate_masked',
          'submitted_at',
        ])
        .orderBy('submitted_at', 'asc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(total.n),
      records: rows.map((row) => ({
        verificationId: row.verification_id,
        userId: row.account_id,
        name: row.name,
        certificateType: row.certificate_type,
        certificateNumber: row.certificate_masked,
        submittedAt: new Date(row.submitted_at).toISOString(),
      })),
    };
  }

  /** One verification as the console shows it (no photo bytes: only how many there are). */
  async getOne(verificationId: string): Promise<VerificationRecord> {
    const [record] = (await this.list({ ids: [verificationId], from: 0, to: 0 })).records;
    if (!record) throw new NotFoundError();
    return record;
  }

  /** Verifications by status (or by id), sorted by a listed field, for the console (`from`..`to` inclusive). */
  async list(query: VerificationQuery): Promise<{ total: number; records: VerificationRecord[] }> {
    let base = this.#t().selectFrom('verifications');
    if (query.ids)
      base =
        query.ids.length > 0
          ? base.where('verification_id', 'in', query.ids)
          : base.where(sql<boolean>`false`);
    if (query.status) base = base.where('status', '=', query.status);
    if (query.userId) base = base.where('account_id', '=', query.userId);
    const sort = query.sort ?? { field: 'submittedAt', order: 'ASC' };
    const column = Object.hasOwn(sortColumns, sort.field) ? sortColumns[sort.field]! : 'submitted_at';
    const direction = sort.order === 'DESC' ? 'desc' : 'asc';
    const [rows, total] = await Promise.all([
      base
        .selectAll('verifications')
        .select((eb) =>
          eb
            .selectFrom('documents')
            .select((inner) => inner.fn.countAll<string>().as('n'))
            .whereRef('documents.verification_id', '=', 'verifications.verification_id')
            .as('photo_count'),
        )
        .orderBy(column, direction)
        .orderBy('verification_id', direction)
        .limit(Math.max(query.to - query.from + 1, 0))
        .offset(query.from)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(total.n),
      records: rows.map((row) => ({
        id: row.verification_id,
        userId: row.account_id,
        name: row.name,
        certificateType: row.certificate_type,
        certificateNumber: row.certificate_masked,
        status: row.status,
        submittedAt: new Date(row.submitted_at).toISOString(),
        decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
        reviewerId: row.reviewer_id,
        reason: row.reason,
        photoCount: Number(row.photo_count ?? 0),
      })),
    };
  }

  /**
   * The same document behind other accounts (issue 35): every other account's verification whose
   * keyed digest of the certificate number equals this one's, oldest first. The reviewer sees it on the
   * case before deciding; operators see the same as a "shared-document" identity signal.
   */
  async sameDocument(verificationId: string) {
    const row = await this.#find(verificationId);
    if (!row.certificate_digest) return [];
    const others = await this.#t()
      .selectFrom('verifications')
      .select(['verification_id', 'account_id', 'name', 'status', 'submitted_at'])
      .where('certificate_digest', '=', row.certificate_digest)
      .where('certificate_type', '=', row.certificate_type)
      .where('account_id', '<>', row.account_id)
      .orderBy('submitted_at', 'asc')
      .orderBy('verification_id', 'asc')
      .limit(50)
      .execute();
    return others.map((other) => ({
      verificationId: other.verification_id,
      userId: other.account_id,
      name: other.name,
      status: other.status,
      submittedAt: new Date(other.submitted_at).toISOString(),
    }));
  }

  async #find(verificationId: string) {
    const row = await this.#t()
      .selectFrom('verifications')
      .selectAll()
      .where('verification_id', '=', verificationId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    return row;
  }

  /** Decrypts one photo for a reviewer and records that they looked. */
  async viewPhoto(verificationId: string, position: number, reviewerId: string, metadata: EventMetadata) {
    const verification = await this.#find(verificationId);
    const document = await this.#t()
      .selectFrom('documents')
      .selectAll()
      .where('verification_id', '=', verificationId)
      .where('position', '=', position)
      .executeTakeFirst();
    if (!document) throw new NotFoundError();
    // A page shows both photos at once: two views race for the stream's next version; the handler retries the
    // loser. The view is recorded for the verification looked at, whether or not it is the stream's current one.
    const viewed: VerificationEvent = {
      type: identity.IdentityDocumentViewed.type,
      data: { verificationId, reviewerId, position },
    };
    await handleCommand(
      this.store,
      { ...verificationDecider, decide: () => [viewed] },
      stream(verification.account_id),
      { type: 'ViewDocuments', reviewerId, position },
      metadata,
    );
    return { mime: document.mime, bytes: open(this.#photoKey, document.document_id, document) };
  }

  async decide(verificationId: string, decision: Decision, reviewerId: string, metadata: EventMetadata) {
    const verification = await this.#find(verificationId);
    const command: VerificationCommand = decision.approve
      ? {
          type: 'Approve',
          reviewerId,
          numberMatches: this.#numberMatches(verification, decision.certificateNumber),
          checks: decision.checks,
        }
      : { type: 'Reject', reviewerId, reason: decision.reason };
    await handleCommand(
      this.store,
      {
        ...verificationDecider,
        decide: (command, state) => {
          // The stream's current submission must be the one the reviewer looked at.
          if (state.status === 'none' || state.verificationId !== verificationId) throw new NotFoundError();
          return decideVerification(command, state);
        },
      },
      stream(verification.account_id),
      command,
      metadata,
      {
        alongside: async (trx) => {
          await this.#t(trx)
            .updateTable('verifications')
            .set({
              status: decision.approve ? 'approved' : 'rejected',
              decided_at: new Date(),
              reviewer_id: reviewerId,
              reason: decision.approve ? null : decision.reason,
            })
            .where('verification_id', '=', verificationId)
            .execute();
        },
      },
    );
  }
}
