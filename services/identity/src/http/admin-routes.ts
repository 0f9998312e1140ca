import { identity, optionalReasonBody } from '@sais/events';
import { ValidationError } from '@sais/kit/errors';
import {
  type SimpleRestQuery,
  envelopeOf,
  ok,
  okPage,
  parseSimpleRestList,
  simpleRestQuery,
} from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Accounts } from '../accounts.ts';
import type { Sessions } from '../auth/sessions.ts';
import {
  type VerificationRecord,
  type Verifications,
  verificationSortFields,
} from '../verification/verifications.ts';
import { staffSessionArea } from './context.ts';

export interface AdminHttp {
  accounts: Accounts;
  sessions: Sessions;
  verifications: Verifications;
}

const tags = ['admin: verifications'];
/** What an approval carries (issue 19): the number read from the photo and the ticked photo rules. */
const { approvalBody } = identity.requests;
const statuses = ['processing', 'approved', 'rejected'] as const;
const idParams = z.object({ id: z.uuid() });

const filterShape = z.object({
  status: z.enum(statuses).optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(100)]).optional(),
  userId: z.uuid().optional(),
});

export function parseListQuery(query: SimpleRestQuery) {
  const { filter, ...page } = parseSimpleRestList(query, {
    sortFields: verificationSortFields,
    defaultSort: ['submittedAt', 'ASC'],
    filter: filterShape,
  });
  const ids = filter.id === undefined ? undefined : [filter.id].flat();
  return {
    ...page,
    // The queue (pending, oldest first) unless a status is asked for; a look-up by id takes any status.
    status: filter.status ?? (ids ? undefined : ('processing' as const)),
    ids,
    userId: filter.userId,
  };
}

const record = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  certificateType: z.enum(['id-card', 'passport']),
  certificateNumber: z.string(),
  status: z.enum(statuses),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  reviewerId: z.string().nullable(),
  reviewer: z.string().nullable(),
  reason: z.string().nullable(),
  photoCount: z.number().int(),
});

/** One case: the record and the same document behind other accounts (issue 35), for the reviewer. */
const caseRecord = record.extend({
  sameDocument: z.array(
    z.object({
      verificationId: z.string(),
      userId: z.string(),
      username: z.string().nullable(),
      name: z.string(),
      status: z.enum(statuses),
      submittedAt: z.string(),
    }),
  ),
});

/**
 * The reviewers' calls for the operations console, in ra-data-simple-rest form: the verification
 * queue with `sort`, `range`, `filter` and a `Content-Range` header, one verification, and the
 * decisions. Photos stay behind `GET /api/user/review/photo`, where each view is recorded.
 */
export async function adminRoutes(root: FastifyInstance, { accounts, sessions, verifications }: AdminHttp) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  /**
   * Reviewers (and admins), checked once for the area (register this as its own plugin); the role
   * recorded on the events is the one that let them in.
   */
  const reviewer = staffSessionArea(root, { sessions, accounts }, 'reviewer');

  /** Usernames from the account streams, each read once per request. */
  const withNames = async (records: VerificationRecord[]) => {
    const names = new Map<string, Promise<string | null>>();
    const nameOf = (accountId: string | null) => {
      if (!accountId) return Promise.resolve(null);
      if (!names.has(accountId)) {
        names.set(
          accountId,
          accounts.load(accountId).then(
            ({ state }) => state.username,
            () => null,
          ),
        );
      }
      return names.get(accountId)!;
    };
    return Promise.all(
      records.map(async (item) => ({
        ...item,
        username: await nameOf(item.userId),
        reviewer: await nameOf(item.reviewerId),
      })),
    );
  };
  const one = async (id: string) => (await withNames([await verifications.getOne(id)]))[0]!;

  app.get(
    '/api/admin/verifications',
    {
      schema: {
        tags,
        summary:
          'Reviewer: verifications (default: the pending queue, oldest first); sort, range, filter {status, id, userId}; Content-Range',
        querystring: simpleRestQuery,
        response: { 200: envelopeOf(z.array(record)) },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query);
      const { total, records } = await verifications.list(query);
      return okPage(reply, 'verifications', query.from, { total, records: await withNames(records) });
    },
  );

  app.get(
    '/api/admin/verifications/:id',
    {
      schema: {
        tags,
        summary:
          'Reviewer: one verification with its photo count and the other accounts whose verification has the same document number (sameDocument)',
        params: idParams,
        response: { 200: envelopeOf(caseRecord) },
      },
    },
    async (request) => {
      const [found, others] = await Promise.all([
        one(request.params.id),
        verifications.sameDocument(request.params.id),
      ]);
      const usernames = await Promise.all(
        others.map((other) =>
          accounts.load(other.userId).then(
            ({ state }) => state.username ?? null,
            () => null,
          ),
        ),
      );
      return ok({
        ...found,
        sameDocument: others.map((other, index) => ({ ...other, username: usernames[index] ?? null })),
      });
    },
  );

  app.post(
    '/api/admin/verifications/:id/approve',
    {
      schema: {
        tags,
        summary:
          'Reviewer: approve a pending verification of someone else, after viewing every photo; certificateNumber is the number read from the photo (compared with the stored keyed digest), checks the ticked photo rules',
        params: idParams,
        // Optional, so a caller without the role hears 403 before anything about the body.
        body: approvalBody.nullish(),
        response: { 200: envelopeOf(record) },
      },
    },
    async (request) => {
      const { accountId, metadata } = reviewer(request);
      const { certificateNumber, checks } = approvalBody.parse(request.body ?? {});
      await verifications.decide(
        request.params.id,
        { approve: true, certificateNumber, checks },
        accountId,
        metadata,
      );
      return ok(await one(request.params.id), 'Verification Pass');
    },
  );

  app.post(
    '/api/admin/verifications/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reviewer: reject a pending verification with a reason (the participant reads it)',
        params: idParams,
        body: optionalReasonBody,
        response: { 200: envelopeOf(record) },
      },
    },
    async (request) => {
      const { accountId, metadata } = reviewer(request);
      const reason = request.body?.reason;
      if (!reason) throw new ValidationError('rejectReasonRequired', { data: { field: 'reason' } });
      await verifications.decide(request.params.id, { approve: false, reason }, accountId, metadata);
      return ok(await one(request.params.id), 'Verification Failed');
    },
  );
}
