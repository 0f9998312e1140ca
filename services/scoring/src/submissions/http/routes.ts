import { AppError } from '@sais/kit/errors';
import {
  bodyCheckedByHandler,
  envelopeOf,
  formFile,
  nonJsonResponse,
  ok,
  requestLanguage,
  requestMetadata,
  requirePrincipal,
} from '@sais/kit/http';
import { scoring } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { descriptionOf, formatRefusalKeys } from '../admission-rules.ts';
import type { Submissions } from '../submissions.ts';
import { competitionIdOf, readResultForm } from '../result-form.ts';

const R = scoring.responses;
const Q = scoring.requests;

/** Files above this size must use the resumable upload (tus, `../tus.ts`). */
export const maxMultipartBytes = scoring.resultFileLimits.multipartBytes;

/**
 * The participant's submission calls (`/api/submission/*`): upload, cancel, the sample, my submissions,
 * my allowance and my file (my score and the final selection are the boards': boards/http/my-score-routes.ts,
 * boards/http/final-routes.ts). Each is the caller's own.
 */
export async function submissionRoutes(root: FastifyInstance, { submissions }: { submissions: Submissions }) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['submission'];
  const byCompetition = Q.competitionQuery;

  app.post(
    '/api/submission/upload',
    {
      schema: {
        tags,
        summary:
          'Submit a result file (multipart: competitionId, optional description ≤ 500 characters, file; CSV id,<target>; ≤ 20 MB)',
        consumes: ['multipart/form-data'],
        // The fields in this order: the caller (and the message) are checked before the file is read.
        body: z.object({
          competitionId: z.uuid(),
          description: z.string().max(scoring.submissionDescriptionMax).optional(),
          file: formFile,
        }),
        response: { 200: envelopeOf(R.submissionReceived) },
      },
      validatorCompiler: bodyCheckedByHandler,
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      let competitionId = '';
      let admitted: { teamId: string; day: string } | undefined;
      const metadata = requestMetadata(request, principal.accountId);
      let file;
      let fields: Record<string, string>;
      try {
        ({ file, fields } = await readResultForm(request, {
          maxBytes: maxMultipartBytes,
          // Who and what before the file: a caller who could not submit is refused before it is read;
          // then the header is checked against the ground truth's columns as the file streams.
          beforeFile: async (fields) => {
            competitionId = competitionIdOf(fields);
            descriptionOf(fields.description);
            const checked = await submissions.precheck({
              competitionId,
              accountId: principal.accountId,
              kind: 'result-file',
            });
            admitted = checked;
            return { target: checked.target };
          },
        }));
      } catch (error) {
        await countFormatRefusal(error, admitted, competitionId, principal.accountId, metadata);
        throw error;
      }
      // Checked again: a message sent after the file was not seen before it.
      const description = descriptionOf(fields.description);
      const result = await submissions.receive(
        {
          competitionId,
          accountId: principal.accountId,
          fileName: file.name,
          bytes: file.bytes,
          description,
        },
        metadata,
      );
      return ok(result, 'Submit success');
    },
  );

  /** A file refused for its format while uploading counts against the day's format refusals (0020). */
  async function countFormatRefusal(
    error: unknown,
    admitted: { teamId: string; day: string } | undefined,
    competitionId: string,
    accountId: string,
    metadata: ReturnType<typeof requestMetadata>,
  ) {
    if (!admitted || !(error instanceof AppError) || !formatRefusalKeys.has(error.messageKey)) return;
    await submissions
      .refuseFormat({ competitionId, accountId, ...admitted }, error, metadata)
      .catch((failure: unknown) => app.log.error({ err: failure }, 'could not record a format refusal'));
  }

  app.post(
    '/api/submission/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel a submission of my team that has not started evaluating; its allowance comes back (decision 0020)',
        body: Q.cancelSubmission,
        response: { 200: envelopeOf(R.submissionCancelled) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(
        await submissions.cancel(
          request.body.submissionId,
          principal.accountId,
          requestMetadata(request, principal.accountId),
        ),
      );
    },
  );

  app.get(
    '/api/submission/sample',
    {
      schema: {
        tags,
        summary:
          'A sample submission: id,<target> and every test id (sorted) with a placeholder 0; for participants signed up',
        querystring: byCompetition,
        response: { 200: nonJsonResponse('The sample CSV (an attachment)', ['text/csv']) },
      },
    },
    async (request, reply) => {
      const principal = await requirePrincipal(auth, request);
      const file = await submissions.sample(request.query.competitionId, principal.accountId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.bytes);
    },
  );

  app.get(
    '/api/submission/sample/info',
    {
      schema: {
        tags,
        summary:
          'The sample submission’s name, size, columns and rows (the same file /api/submission/sample answers)',
        querystring: byCompetition,
        response: { 200: envelopeOf(R.sampleSubmissionInfo) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(await submissions.sampleInfo(request.query.competitionId, principal.accountId));
    },
  );

  app.get(
    '/api/submission/mine',
    {
      schema: {
        tags,
        summary: 'My team’s submissions: time, status, score, log',
        querystring: byCompetition,
        response: { 200: envelopeOf(z.array(R.mySubmission)) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(
        await submissions.mine(request.query.competitionId, principal.accountId, requestLanguage(request)),
      );
    },
  );

  app.get(
    '/api/submission/remaining',
    {
      schema: {
        tags,
        summary:
          'Today’s allowance (in the competition’s time zone); failed-by-platform submissions are refunded',
        querystring: byCompetition,
        response: { 200: envelopeOf(R.remainingSubmissions) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(await submissions.remaining(request.query.competitionId, principal.accountId));
    },
  );

  app.get(
    '/api/submission/file',
    {
      schema: {
        tags,
        summary: 'Download my submitted file',
        querystring: Q.submissionQuery,
        response: { 200: nonJsonResponse('The submitted CSV (an attachment)', ['text/csv']) },
      },
    },
    async (request, reply) => {
      const principal = await requirePrincipal(auth, request);
      const file = await submissions.file(request.query.submissionId, principal.accountId);
      return reply
        .type('text/csv')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.bytes);
    },
  );
}
