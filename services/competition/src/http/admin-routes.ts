import { ValidationError } from '@sais/kit/errors';
import {
  anySortField,
  bodyCheckedByHandler,
  doneEnvelope,
  formFile,
  envelopeOf,
  ok,
  okPage,
  parseSimpleRestList,
  requestMetadata,
  type Principal,
  requirePrincipal,
  simpleRestQuery,
} from '@sais/kit/http';
import { competition } from '@sais/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Competitions } from '../competitions.ts';
import * as S from './schemas.ts';

const tags = ['admin: competitions'];
const idParams = z.object({ id: z.uuid() });
/** One competition as the console shows it (`signedUp` is always false: the console asks for nobody). */
const oneCompetition = envelopeOf(S.adminCompetition.extend({ signedUp: z.boolean() }));

/**
 * Operator calls for the console, in ra-data-simple-rest form (`sort`, `range`, `filter`, Content-Range).
 * Register it as its own plugin: its one `onRequest` hook checks the operator role (or admin).
 */
export async function adminRoutes(root: FastifyInstance, { competitions }: { competitions: Competitions }) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  // One role check for the whole area (registered as its own plugin), before the body is read.
  // (as the kit's `staffArea`, keeping the principal: prize rules ask whether the caller is an admin).
  const principals = new WeakMap<FastifyRequest, Principal>();
  root.addHook('onRequest', async (request) => {
    principals.set(request, await requirePrincipal(auth, request, 'operator'));
  });
  const operator = (request: FastifyRequest) => {
    const principal = principals.get(request);
    if (!principal)
      throw new Error(`${request.routeOptions.url ?? request.url} is not in the operators' area`);
    return principal;
  };
  const record = <T extends { competitionId: string }>(item: T) => ({ id: item.competitionId, ...item });
  const one = async (id: string) => ok(record(await competitions.detail(id, null)));

  app.get(
    '/api/admin/competitions',
    {
      schema: {
        tags,
        summary: 'List competitions',
        querystring: simpleRestQuery,
        response: { 200: envelopeOf(z.array(S.adminCompetition)) },
      },
    },
    async (request, reply) => {
      const { from, to, filter } = parseSimpleRestList(request.query, {
        sortFields: anySortField,
        defaultSort: ['createdAt', 'ASC'],
        filter: S.adminListFilter,
      });
      const all = await competitions.list({ ...filter, page: 1, pageSize: 10_000 });
      const records = all.records.slice(from, to + 1).map(record);
      return okPage(reply, 'competitions', from, { total: all.total, records });
    },
  );

  app.get(
    '/api/admin/competitions/:id',
    { schema: { tags, summary: 'One competition', params: idParams, response: { 200: oneCompetition } } },
    async (request) => {
      return one(request.params.id);
    },
  );

  app.post(
    '/api/admin/competitions',
    {
      schema: {
        tags,
        summary: 'Create a competition with its phases',
        body: S.createBody,
        response: { 200: oneCompetition },
      },
    },
    async (request) => {
      const principal = operator(request);
      const { phases, ...settings } = request.body;
      const id = await competitions.create(
        settings,
        phases,
        requestMetadata(request, principal.accountId, 'operator'),
        { byAdmin: principal.roles.includes('admin') },
      );
      return one(id);
    },
  );

  app.put(
    '/api/admin/competitions/:id',
    {
      schema: {
        tags,
        summary: 'Change settings',
        params: idParams,
        body: S.updateBody,
        response: { 200: oneCompetition },
      },
    },
    async (request) => {
      const principal = operator(request);
      await competitions.execute(
        request.params.id,
        { type: 'Update', changes: request.body, byAdmin: principal.roles.includes('admin') },
        requestMetadata(request, principal.accountId, 'operator'),
      );
      return one(request.params.id);
    },
  );

  app.post(
    '/api/admin/competitions/:id/phases',
    {
      schema: {
        tags,
        summary: 'Schedule a phase',
        params: idParams,
        body: S.phaseBody,
        response: { 200: oneCompetition },
      },
    },
    async (request) => {
      const principal = operator(request);
      const { phase, startsAt, endsAt } = request.body;
      await competitions.execute(
        request.params.id,
        {
          type: 'SchedulePhase',
          phase,
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(endsAt).toISOString(),
        },
        requestMetadata(request, principal.accountId, 'operator'),
      );
      return one(request.params.id);
    },
  );

  app.put(
    '/api/admin/competitions/:id/phases/:phase/run-limits',
    {
      schema: {
        tags,
        summary: 'Set the limits of a phase’s container runs (within the runners’ machine ceiling)',
        params: idParams.extend({ phase: z.enum(competition.phaseNames) }),
        body: competition.requests.runLimitsBody,
        response: { 200: oneCompetition },
      },
    },
    async (request) => {
      const principal = operator(request);
      const { id, phase } = request.params;
      await competitions.setRunLimits(
        id,
        phase,
        request.body,
        requestMetadata(request, principal.accountId, 'operator'),
      );
      return one(id);
    },
  );

  app.get(
    '/api/admin/competitions/run-limit-policy',
    {
      schema: {
        tags,
        summary: 'The runners’ default and largest container-run limits (what a phase may be given)',
        response: {
          200: envelopeOf(
            z.object({ defaults: competition.phaseRunLimits, ceiling: competition.phaseRunLimits }),
          ),
        },
      },
    },
    async () => ok(competitions.runLimitPolicy),
  );

  app.post(
    '/api/admin/competitions/:id/phases/:phase/:action',
    {
      schema: {
        tags,
        summary: 'Open or close a phase now',
        params: idParams.extend({ phase: z.enum(competition.phaseNames), action: z.enum(['open', 'close']) }),
        response: { 200: oneCompetition },
      },
    },
    async (request) => {
      const principal = operator(request);
      const { id, phase, action } = request.params;
      await competitions.execute(
        id,
        { type: action === 'open' ? 'OpenPhase' : 'ClosePhase', phase },
        requestMetadata(request, principal.accountId, 'operator'),
      );
      return one(id);
    },
  );

  app.post(
    '/api/admin/competitions/:id/files',
    {
      schema: {
        tags,
        summary: 'Attach a documentation file or dataset (multipart: kind, file)',
        params: idParams,
        consumes: ['multipart/form-data'],
        body: z.object({ kind: z.enum(['document', 'dataset']), file: formFile }),
        response: { 200: envelopeOf(competition.responses.competitionFile.omit({ kind: true })) },
      },
      validatorCompiler: bodyCheckedByHandler,
    },
    async (request) => {
      const principal = operator(request);
      let kind: string | undefined;
      let upload: { name: string; contentType: string; bytes: Buffer } | undefined;
      for await (const part of request.parts({ limits: { fileSize: 512 * 1024 * 1024, files: 1 } })) {
        if (part.type === 'field' && part.fieldname === 'kind') kind = String(part.value);
        if (part.type === 'file')
          upload = {
            name: part.filename,
            contentType: part.mimetype || 'application/octet-stream',
            bytes: await part.toBuffer(),
          };
      }
      if (kind !== 'document' && kind !== 'dataset')
        throw new ValidationError('invalidRequest', { data: { field: 'kind' } });
      if (!upload) throw new ValidationError('invalidRequest', { data: { field: 'file' } });
      return ok(
        await competitions.addFile(
          request.params.id,
          kind,
          upload,
          requestMetadata(request, principal.accountId, 'operator'),
        ),
      );
    },
  );

  app.put(
    '/api/admin/competitions/:id/files/:fileId/visibility',
    {
      schema: {
        tags,
        summary:
          'Hide a dataset from participants (never listed, downloaded or previewed for them; still mounted at /saisdata in container runs) or show it again',
        params: idParams.extend({ fileId: z.uuid() }),
        body: z.object({ hidden: z.boolean() }),
        response: { 200: doneEnvelope },
      },
    },
    async (request) => {
      const principal = operator(request);
      const { id, fileId } = request.params;
      await competitions.setDatasetVisibility(
        id,
        fileId,
        request.body.hidden,
        requestMetadata(request, principal.accountId, 'operator'),
      );
      return ok(null);
    },
  );

  app.delete(
    '/api/admin/competitions/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Remove a file',
        params: idParams.extend({ fileId: z.uuid() }),
        response: { 200: doneEnvelope },
      },
    },
    async (request) => {
      const principal = operator(request);
      await competitions.removeFile(
        request.params.id,
        request.params.fileId,
        requestMetadata(request, principal.accountId, 'operator'),
      );
      return ok(null);
    },
  );
}
