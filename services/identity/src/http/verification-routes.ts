// Over 300 lines: real-name verification's routes (submit with photos, status, the reviewer's queue, photos served
// safely, the decision) and the inbox's two, each with its request and response schema.
import { idCardField, identity, passportField, realNameField } from '@sais/events';
import { AppError, ValidationError } from '@sais/kit/errors';
import {
  doneEnvelope,
  envelopeOf,
  errorEnvelope,
  nonJsonResponse,
  ok,
  requestLanguage,
  requestMetadata,
} from '@sais/kit/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Accounts } from '../accounts.ts';
import type { Sessions } from '../auth/sessions.ts';
import { identityErrors } from '../errors.ts';
import type { Inbox } from '../inbox/inbox.ts';
import { inspectPhoto, maxPhotoBytes, photoLimits } from '../verification/photos.ts';
import type { Verifications } from '../verification/verifications.ts';
import { requireSession, staffSessionArea } from './context.ts';
import * as S from './schemas.ts';

export interface VerificationHttp {
  accounts: Accounts;
  sessions: Sessions;
  verifications: Verifications;
  inbox: Inbox;
}

const certificateTypes = {
  'id-card': 'id-card',
  passport: 'passport',
  '0': 'id-card',
  '1': 'passport',
} as const;

/**
 * Reads the multipart form: text fields and up to two photos, each checked by size and as a whole image
 * (structure, real dimensions: verification/photos.ts).
 */
async function readSubmission(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const photos: Record<string, { bytes: Buffer; mime: string }> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxPhotoBytes, files: 2, fields: 10, fieldSize: 1000 },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      const photo = inspectPhoto(bytes);
      if (photo === 'format')
        throw new ValidationError('fileFormatError', { data: { field: part.fieldname } });
      if (photo === 'pixels')
        throw new ValidationError('certificatePhotoInvalid', {
          data: { field: part.fieldname, reason: 'too many pixels', limits: photoLimits },
        });
      photos[part.fieldname] = { bytes, mime: photo.mime };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') {
      // The limit named (issue 35: a 4.3 MB photo heard only "a photo that meets the specifications").
      throw new ValidationError(
        code === 'FST_FILES_LIMIT' ? 'certificatePhotoInvalid' : 'certificatePhotoTooLarge',
        {
          data: { maxBytes: maxPhotoBytes },
        },
      );
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new ValidationError('invalidRequest');
    throw error;
  }
  return { fields, photos };
}

export async function verificationRoutes(
  root: FastifyInstance,
  { accounts, sessions, verifications, inbox }: VerificationHttp,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/user/submitAuthentication',
    {
      schema: {
        tags: ['authentication'],
        summary:
          'Submit real-name verification (multipart: name, certificateType id-card|passport, certificateNumber, front + back photos or one passport photo; jpg/png/bmp ≤ 3 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(z.object({ verificationId: z.string() })) },
      },
    },
    async (request) => {
      const session = await requireSession(request, sessions);
      await accounts.requireAccount(session);
      const { fields, photos } = await readSubmission(request);
      const name = realNameField.safeParse(fields.name);
      if (!name.success) throw new ValidationError('nameFormat', { data: { field: 'name' } });
      const certificateType = certificateTypes[fields.certificateType as keyof typeof certificateTypes];
      if (!certificateType)
        throw new ValidationError('invalidRequest', { data: { field: 'certificateType' } });
      const number = (certificateType === 'id-card' ? idCardField : passportField).safeParse(
        fields.certificateNumber ?? '',
      );
      if (!number.success) {
        throw new ValidationError(certificateType === 'id-card' ? 'idCardFormat' : 'passportFormat', {
          data: { field: 'certificateNumber' },
        });
      }
      const needed = certificateType === 'id-card' ? ['front', 'back'] : ['front'];
      const chosen = needed.map((field) => photos[field] ?? (field === 'front' ? photos.photo : undefined));
      if (chosen.some((photo) => !photo))
        throw new ValidationError('certificatePhotoInvalid', { data: { needed } });
      const verificationId = await verifications.submit(
        {
          accountId: session.accountId,
          name: name.data,
          certificateType,
          certificateNumber: number.data,
          photos: chosen as { bytes: Buffer; mime: string }[],
        },
        requestMetadata(request, session.accountId),
      );
      return ok({ verificationId }, 'Submit success');
    },
  );

  app.get(
    '/api/user/getAuthentication',
    {
      schema: {
        tags: ['authentication'],
        summary: 'Verification status: Not Verified, Processing or Verified, with the reason of a rejection',
        response: {
          200: envelopeOf(identity.responses.authentication),
        },
      },
    },
    async (request) => {
      const session = await requireSession(request, sessions);
      return ok(await verifications.statusOf(session.accountId));
    },
  );

  const { paging, photoQuery, reviewBody, notifyQuery } = identity.requests;

  // The reviewer's routes live under /api/user/ (the original API's paths) and are staff routes all the
  // same (`config.staff`): tokens are refused in their first hook, and again by the area's check.
  await root.register(async (area) => {
    const reviewer = staffSessionArea(area, { sessions, accounts }, 'reviewer');
    const reviewerRoute = { staff: 'reviewer' } as const;
    const app = area.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/user/getReview',
      {
        schema: {
          tags: ['review'],
          summary: 'Reviewer: pending verifications, oldest first',
          body: paging.optional(),
          response: { 200: envelopeOf(S.reviewQueue) },
        },
        config: reviewerRoute,
      },
      async (request) => {
        const { page, pageSize } = paging.parse(request.body ?? {});
        return ok({ page, pageSize, ...(await verifications.queue(page, pageSize)) });
      },
    );

    app.get(
      '/api/user/review/photo',
      {
        schema: {
          tags: ['review'],
          summary: 'Reviewer: one decrypted certificate photo (each view is recorded as an event)',
          querystring: photoQuery,
          response: {
            200: nonJsonResponse('The photo (an attachment)', ['image/jpeg', 'image/png', 'image/bmp']),
          },
        },
        // Each view is recorded: another site cannot make a reviewer's browser record one.
        config: { ...reviewerRoute, changesState: true },
      },
      async (request, reply) => {
        const session = reviewer(request);
        const photo = await verifications.viewPhoto(
          request.query.verificationId,
          request.query.index,
          session.accountId,
          requestMetadata(request, session.accountId, 'reviewer'),
        );
        // Only ever an image: no sniffing (helmet's nosniff), a download if opened directly, and a
        // sandbox with nothing allowed should a browser render it anyway (photos stored before the
        // whole-file check included).
        const extension = photo.mime.slice('image/'.length);
        return reply
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="certificate-${request.query.index}.${extension}"`,
          )
          .header('content-security-policy', "default-src 'none'; sandbox")
          .type(photo.mime)
          .send(photo.bytes);
      },
    );

    app.post(
      '/api/user/review',
      {
        schema: {
          tags: ['review'],
          summary:
            'Reviewer: approve (after viewing every photo, with the number read from the photo and the ticked photo rules), or reject with a reason; never one’s own',
          body: reviewBody,
          response: { 200: doneEnvelope },
        },
        config: reviewerRoute,
      },
      async (request) => {
        const session = reviewer(request);
        const { verificationId, approve, reason, certificateNumber, checks } = request.body;
        if (!approve && !reason)
          throw new ValidationError('rejectReasonRequired', { data: { field: 'reason' } });
        await verifications.decide(
          verificationId,
          approve ? { approve: true, certificateNumber, checks } : { approve: false, reason: reason! },
          session.accountId,
          requestMetadata(request, session.accountId, 'reviewer'),
        );
        return ok(null, approve ? 'Verification Pass' : 'Verification Failed');
      },
    );
  });

  for (const path of ['/api/user/getAlipayAuthUrl', '/api/user/queryAlipayAuthenticationResult']) {
    app.post(
      path,
      {
        schema: {
          tags: ['authentication'],
          summary: 'Payment-app real-name check (not configured: answers a clear error)',
          // Never succeeds on this platform: the refusal is the only answer (decision 0019, docs/cli.md).
          response: { 501: errorEnvelope.describe('Not configured (10033)') },
        },
      },
      async (request) => {
        await requireSession(request, sessions);
        throw identityErrors.alipayNotConfigured();
      },
    );
  }

  app.get(
    '/api/notify/page',
    {
      schema: {
        tags: ['notify'],
        summary: 'My messages, newest first, with the unread count',
        querystring: paging,
        response: { 200: envelopeOf(S.inboxPage) },
      },
    },
    async (request) => {
      const session = await requireSession(request, sessions);
      return ok(
        await inbox.page(
          session.accountId,
          request.query.page,
          request.query.pageSize,
          requestLanguage(request),
        ),
      );
    },
  );

  app.get(
    '/api/notify/detail',
    {
      schema: {
        tags: ['notify'],
        summary: 'One message; opening it marks it read',
        querystring: notifyQuery,
        response: { 200: envelopeOf(S.inboxMessage) },
      },
      config: { changesState: true },
    },
    async (request) => {
      const session = await requireSession(request, sessions);
      return ok(
        await inbox.detail(
          session.accountId,
          request.query.notifyId,
          requestLanguage(request),
          requestMetadata(request, session.accountId),
        ),
      );
    },
  );
}
