import { type Authenticator, ValidationError, envelopeOf, ok, requirePrincipal } from '@sais/kit';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Leaderboards } from '../leaderboards.ts';
import type { GroundTruths } from '../ground-truths.ts';
import type { Submissions } from '../submissions.ts';
import { AppError } from '@sais/kit';
import { scoringCodes } from '../errors.ts';

/** Files above this size must use the resumable large-file upload (not built yet). */
export const maxMultipartBytes = 20 * 1024 * 1024;

const metadataOf = (
  request: FastifyRequest,
  userId: string,
  role: 'participant' | 'operator' = 'participant',
) => ({
  actor: { userId, role, ip: request.ip },
  correlationId: randomUUID(),
  causationId: null,
});

async function readForm(request: FastifyRequest, maxBytes: number) {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else file = { name: part.filename, bytes: await part.toBuffer() };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(scoringCodes.fileTooLarge, 'fileTooLarge', 413);
    throw error;
  }
  if (!file) throw new AppError(scoringCodes.fileRequired, 'fileRequired', 400);
  return { fields, file };
}

export async function scoringRoutes(
  root: FastifyInstance,
  {
    submissions,
    leaderboards,
    groundTruths,
    auth,
  }: {
    submissions: Submissions;
    leaderboards: Leaderboards;
    groundTruths: GroundTruths;
    auth: Authenticator;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['submission'];
  const byCompetition = z.object({ competitionId: z.uuid() });

  app.post(
    '/api/submission/upload',
    {
      schema: {
        tags,
        summary: 'Submit a result file (multipart: competitionId, file; CSV id,<target>; ≤ 20 MB)',
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      const { fields, file } = await readForm(request, maxMultipartBytes);
      const competitionId = z.uuid().safeParse(fields.competitionId);
      if (!competitionId.success)
        throw new ValidationError('invalidRequest', { data: { field: 'competitionId' } });
      const result = await submissions.receive(
        {
          competitionId: competitionId.data,
          accountId: principal.accountId,
          fileName: file.name,
          bytes: file.bytes,
        },
        metadataOf(request, principal.accountId),
      );
      return ok(result, 'Submit success');
    },
  );

  app.get(
    '/api/submission/mine',
    {
      schema: {
        tags,
        summary: 'My team’s submissions: time, status, score, log',
        querystring: byCompetition,
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(await submissions.mine(request.query.competitionId, principal.accountId));
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
        querystring: z.object({ submissionId: z.uuid() }),
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

  app.get(
    '/api/submission/myScore',
    { schema: { tags, summary: 'My best public score, rank and score history', querystring: byCompetition } },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(
        await leaderboards.myScore(
          request.query.competitionId,
          await submissions.teamOf(request.query.competitionId, principal.accountId),
        ),
      );
    },
  );

  app.get(
    '/api/leaderboard/public',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          'Public leaderboard of a phase: rank, participants, organisation, score, date of the best submission',
        querystring: byCompetition.extend({
          phase: z.string().optional(),
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(50),
        }),
      },
    },
    async (request) => ok(await leaderboards.page(request.query)),
  );

  app.post(
    '/api/admin/groundtruth',
    {
      schema: {
        tags: ['admin: scoring'],
        summary:
          'Operator: set a competition’s ground truth (multipart: competitionId, metric rmse|mae|accuracy, publicPercent, file id,<target>)',
        consumes: ['multipart/form-data'],
        response: {
          200: envelopeOf(z.object({ rows: z.number(), publicRows: z.number(), sha256: z.string() })),
        },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request, 'operator');
      const { fields, file } = await readForm(request, 512 * 1024 * 1024);
      const parsed = z
        .object({
          competitionId: z.uuid(),
          metric: z.enum(['rmse', 'mae', 'accuracy']),
          publicPercent: z.coerce.number().int().min(0).max(100).default(50),
        })
        .safeParse(fields);
      if (!parsed.success)
        throw new ValidationError('invalidRequest', {
          data: { fields: parsed.error.issues.map((i) => i.path.join('.')) },
        });
      return ok(
        await groundTruths.upload(
          parsed.data.competitionId,
          parsed.data.metric,
          parsed.data.publicPercent,
          file.bytes,
          metadataOf(request, principal.accountId, 'operator'),
        ),
      );
    },
  );
}
