import { scoring } from '@sais/events';
import { ValidationError } from '@sais/kit/errors';
import {
  bodyCheckedByHandler,
  envelopeOf,
  formFile,
  nonJsonResponse,
  ok,
  requestMetadata,
  requirePrincipal,
  staffArea,
} from '@sais/kit/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Submissions } from '../../submissions/index.ts';
import type { Leaderboards } from '../leaderboards.ts';
import { WriteUps, writeUpRefused } from '../writeups.ts';

const { writeUpLimits: limits } = scoring;

/**
 * The write-up form (multipart): text fields (the body up to 20,000 characters, so up to 80,000 bytes of
 * UTF-8) and up to three files of up to 5 MiB each, of the kinds taken; anything over is refused, never cut.
 */
async function readWriteUpForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: { name: string; bytes: Buffer }[] = [];
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: limits.fileBytesMax,
        files: limits.filesMax + 1,
        fields: 10,
        fieldSize: limits.bodyMax * 4 + 16,
      },
    })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw writeUpRefused(part.fieldname, 'too long');
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const name = scoring.writeUpFileName.safeParse(part.filename);
      if (!name.success || files.length >= limits.filesMax) {
        part.file.destroy();
        throw !name.success
          ? writeUpRefused('files', `file kind or name not taken (${scoring.writeUpFileTypes.join(' ')})`)
          : writeUpRefused('files', `at most ${limits.filesMax} files`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
      if (part.file.truncated)
        throw writeUpRefused('files', `a file over ${limits.fileBytesMax / 1024 / 1024} MiB`);
      files.push({ name: name.data, bytes: Buffer.concat(chunks) });
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw writeUpRefused('files', `a file over ${limits.fileBytesMax / 1024 / 1024} MiB`);
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw writeUpRefused('files', `at most ${limits.filesMax} files`);
    throw error;
  }
  return { fields, files };
}

/**
 * Write-ups (decision 0047). Public: the competition's list, one write-up with its body, a file as a
 * download. A team in the prize places: `POST /api/submission/writeup`. Operators (their own area):
 * the list with hidden ones, open a phase's write-ups, hide one with a reason.
 */
export async function writeUpRoutes(
  root: FastifyInstance,
  deps: { leaderboards: Leaderboards; submissions: Submissions; directory: string },
) {
  const { database: db, store } = root;
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const writeUps = new WriteUps(db, store, deps.leaderboards, deps.directory);
  const tags = ['leaderboard'];

  app.get(
    '/api/leaderboard/writeups',
    {
      schema: {
        tags,
        summary:
          'A competition’s write-ups: every opened phase (places, deadline, seal) and the shown write-ups',
        querystring: scoring.requests.competitionQuery,
        response: { 200: envelopeOf(scoring.responses.writeUpPhases) },
      },
    },
    async (request) => ok(await writeUps.list(request.query.competitionId, false)),
  );

  app.get(
    '/api/leaderboard/writeups/one',
    {
      schema: {
        tags,
        summary: 'One shown write-up with its Markdown body and the event that recorded it (for its proof)',
        querystring: scoring.requests.writeUpQuery,
        response: { 200: envelopeOf(scoring.responses.writeUpDetail) },
      },
    },
    async (request) => ok(await writeUps.one(request.query.writeUpId, false)),
  );

  app.get(
    '/api/leaderboard/writeups/file',
    {
      schema: {
        tags,
        summary: 'A file of a shown write-up, always as a download (application/octet-stream)',
        querystring: scoring.requests.writeUpFileQuery,
        response: { 200: nonJsonResponse('The file (an attachment)', ['application/octet-stream']) },
      },
    },
    async (request, reply) => {
      const file = await writeUps.file(request.query.writeUpId, request.query.fileId, false);
      // Never shown inline: whatever the file holds, it cannot run on this origin.
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-sha256', file.sha256)
        .send(file.stream());
    },
  );

  app.post(
    '/api/submission/writeup',
    {
      schema: {
        tags,
        summary: `A team in the prize places submits or replaces its write-up of a published phase (multipart: competitionId, phase, title ≤ ${limits.titleMax}, body Markdown ≤ ${limits.bodyMax} characters, up to ${limits.filesMax} files of ≤ 5 MiB: ${scoring.writeUpFileTypes.join(' ')})`,
        consumes: ['multipart/form-data'],
        body: scoring.requests.writeUpFields.extend({ file: formFile.optional() }),
        response: {
          200: envelopeOf(
            scoring.responses.writeUpDetail.pick({
              writeUpId: true,
              competitionId: true,
              phase: true,
              teamId: true,
              rank: true,
              title: true,
              bodySha256: true,
              sealDigest: true,
              files: true,
              submittedAt: true,
              eventId: true,
              eventHash: true,
            }),
          ),
        },
      },
      validatorCompiler: bodyCheckedByHandler,
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      const { fields, files } = await readWriteUpForm(request);
      const parsed = scoring.requests.writeUpFields.safeParse(fields);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.join('.') ?? '';
        if (field === 'title' || field === 'body')
          throw writeUpRefused(
            field,
            field === 'body'
              ? `the body must have 1 to ${limits.bodyMax} characters`
              : `the title must have 1 to ${limits.titleMax} characters`,
          );
        throw new ValidationError('invalidRequest', {
          data: { fields: parsed.error.issues.map((i) => i.path.join('.')) },
        });
      }
      const teamId = await deps.submissions.teamOf(parsed.data.competitionId, principal.accountId);
      const result = await writeUps.submit(
        { ...parsed.data, files },
        principal.accountId,
        teamId,
        requestMetadata(request, principal.accountId),
      );
      return ok(result, 'Upload success');
    },
  );

  await app.register(async (area) => {
    const staff = area.withTypeProvider<ZodTypeProvider>();
    const staffOf = staffArea(area, auth, 'operator');
    const adminTags = ['admin: scoring'];
    staff.get(
      '/api/admin/leaderboard/writeups',
      {
        schema: {
          tags: adminTags,
          summary: 'Operator: a competition’s write-ups, hidden ones too (with the reason)',
          querystring: scoring.requests.competitionQuery,
          response: { 200: envelopeOf(scoring.responses.writeUpPhases) },
        },
      },
      async (request) => {
        staffOf(request);
        return ok(await writeUps.list(request.query.competitionId, true));
      },
    );
    staff.get(
      '/api/admin/leaderboard/writeups/one',
      {
        schema: {
          tags: adminTags,
          summary: 'Operator: one write-up, hidden or not, with its body',
          querystring: scoring.requests.writeUpQuery,
          response: { 200: envelopeOf(scoring.responses.writeUpDetail) },
        },
      },
      async (request) => {
        staffOf(request);
        return ok(await writeUps.one(request.query.writeUpId, true));
      },
    );
    staff.post(
      '/api/admin/leaderboard/writeups/open',
      {
        schema: {
          tags: adminTags,
          summary: `Operator: open write-ups of a published phase for its prize places (1…${limits.placesMax}, default ${limits.defaultPlaces}) until a deadline; again to change them`,
          body: scoring.requests.openWriteUps,
          response: {
            200: envelopeOf(
              z.object({
                competitionId: z.string(),
                phase: z.string(),
                places: z.number(),
                deadline: z.string(),
                sealDigest: z.string(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const { accountId, metadata } = staffOf(request);
        const { openedBy: _by, ...opened } = await writeUps.open(request.body, accountId, metadata);
        return ok(opened, 'Modify success');
      },
    );
    staff.post(
      '/api/admin/leaderboard/writeups/hide',
      {
        schema: {
          tags: adminTags,
          summary: 'Operator: hide a team’s write-up from the competition’s page, with a reason (logged)',
          body: scoring.requests.hideWriteUp,
          response: { 200: envelopeOf(z.object({ writeUpId: z.string(), hidden: z.literal(true) })) },
        },
      },
      async (request) => {
        const { accountId, metadata } = staffOf(request);
        return ok(await writeUps.hide(request.body, accountId, metadata), 'Modify success');
      },
    );
  });
}
