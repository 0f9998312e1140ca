import { competition } from '@sais/events';
import { envelopeOf, nonJsonResponse, ok, requestMetadata, requirePrincipal } from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Competitions, fileReaderOf } from '../competitions.ts';
import { competitionErrors } from '../errors.ts';
import { type FileStorage, parseRange } from '../files/storage.ts';
import * as S from './schemas.ts';

const tags = ['race'];
const R = competition.responses;

/** The participant portal's competition calls: list, detail, my activities, sign-up, files and downloads. */
export async function raceRoutes(
  root: FastifyInstance,
  { competitions, files }: { competitions: Competitions; files: FileStorage },
) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/race/list',
    {
      schema: {
        tags,
        summary: 'Competitions with filters (status, type, season, search words), an order (sort) and paging',
        querystring: S.listQuery,
        response: { 200: envelopeOf(R.competitionPage) },
      },
    },
    async (request) => ok(await competitions.list(request.query)),
  );

  app.get(
    '/api/race/detail',
    {
      schema: {
        tags,
        summary: 'One competition; `signedUp` tells whether I signed up',
        querystring: S.competitionQuery,
        response: { 200: envelopeOf(R.competitionDetail) },
      },
    },
    async (request) => {
      const principal = await auth.principal(request);
      return ok(await competitions.detail(request.query.competitionId, principal?.accountId ?? null));
    },
  );

  app.get(
    '/api/race/bySlug',
    {
      schema: {
        tags,
        summary: 'One competition by its short name (slug), as /api/race/detail answers it',
        querystring: S.slugQuery,
        response: { 200: envelopeOf(R.competitionDetail) },
      },
    },
    async (request) => {
      const principal = await auth.principal(request);
      const competitionId = await competitions.idOfSlug(request.query.slug);
      return ok(await competitions.detail(competitionId, principal?.accountId ?? null));
    },
  );

  app.get(
    '/api/race/userRaceList',
    {
      schema: {
        tags,
        summary: 'My activities: competitions I signed up for',
        querystring: S.paging,
        response: { 200: envelopeOf(R.myCompetitionPage) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      const all = await competitions.myRaces(principal.accountId);
      const { page, pageSize } = request.query;
      return ok({
        total: all.length,
        page,
        pageSize,
        records: all.slice((page - 1) * pageSize, page * pageSize),
      });
    },
  );

  app.post(
    '/api/race/signUp',
    {
      schema: {
        tags,
        summary:
          'Sign up (real-name verified users only; every agreement accepted; only while registration is open: 20015 before, 20012 after)',
        body: S.signUpBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      await competitions.signUp(
        request.body.competitionId,
        principal.accountId,
        request.body.agreements,
        requestMetadata(request, principal.accountId),
      );
      return ok(null, 'signUpSuccess');
    },
  );

  app.get(
    '/api/race/files',
    {
      schema: {
        tags,
        summary:
          'Documentation files and datasets with what I may download (hidden datasets only for operators, marked hidden)',
        querystring: S.competitionQuery,
        response: { 200: envelopeOf(z.array(R.competitionFileView)) },
      },
    },
    async (request) => {
      const principal = await auth.principal(request);
      const { competitionId } = request.query;
      const list = await competitions.filesOf(competitionId, fileReaderOf(principal));
      const signedUp = principal ? await competitions.isSignedUp(competitionId, principal.accountId) : false;
      const verified = principal ? await competitions.isVerified(principal.accountId) : false;
      return ok(
        list.map((file) => ({
          ...file,
          // A hidden dataset is listed to staff only, who may download it (decision 0032).
          downloadable: file.hidden ? true : file.kind === 'document' ? signedUp : verified,
        })),
      );
    },
  );

  app.get(
    '/api/race/download',
    {
      // It records the download (an event, or the day's count): refused cross-site and counted by the
      // participant write limits like any write (issue 18).
      config: { changesState: true },
      schema: {
        tags,
        summary: 'Download a file (documents after sign-up, datasets for verified users); supports Range',
        querystring: S.fileQuery,
        response: {
          200: nonJsonResponse('The file (its own content type; X-Content-SHA256 names its SHA-256)', [
            'application/octet-stream',
          ]),
          206: nonJsonResponse('The range asked for (Range: bytes=a-b), with Content-Range', [
            'application/octet-stream',
          ]),
        },
      },
    },
    async (request, reply) => {
      const principal = await requirePrincipal(auth, request);
      const reader = fileReaderOf(principal);
      // A hidden dataset is "not found" for participants, as an unknown file is (decision 0032).
      const file = await competitions.file(request.query.fileId, reader);
      await competitions.mayDownload(file, principal.accountId, reader);
      const size = await files.size(file.file_id);
      const header = request.headers.range;
      const range = parseRange(header, size);
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${size}`);
        throw competitionErrors.rangeNotSatisfiable();
      }
      const bytes = range ? range.end - range.start + 1 : size;
      await competitions.recordDownload(
        file,
        principal.accountId,
        range ? (header ?? null) : null,
        bytes,
        requestMetadata(request, principal.accountId),
      );
      reply
        .header('accept-ranges', 'bytes')
        .header('content-type', file.content_type)
        .header('content-length', bytes)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('x-content-sha256', file.sha256);
      if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      return reply.send(files.read(file.file_id, range ?? undefined));
    },
  );
}
