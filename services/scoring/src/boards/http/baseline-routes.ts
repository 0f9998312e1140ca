import { ValidationError } from '@sais/kit/errors';
import { bodyCheckedByHandler, envelopeOf, formFile, ok, staffArea } from '@sais/kit/http';
import { scoring } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Baselines } from '../baselines.ts';
import { maxMultipartBytes, readResultForm } from '../../submissions/index.ts';

/**
 * A phase's baselines, the operators' calls (decision 0050): `GET` lists the competition's, `POST` adds
 * one (multipart: competitionId, phase, name, description, file scored as a submission's), `remove`
 * takes one away with a reason. An operator (or admin) who takes part in the competition is refused.
 */
export async function baselineRoutes(root: FastifyInstance) {
  const { database: db, store } = root;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const staffOf = staffArea(root, root.authenticator, 'operator');
  const baselines = new Baselines(db, store);
  const tags = ['admin: scoring'];
  const record = scoring.responses.baselineRecord;

  app.get(
    '/api/admin/leaderboard/baselines',
    {
      schema: {
        tags,
        summary: 'Operator: a competition’s baselines, every phase, with their public and private scores',
        querystring: scoring.requests.competitionQuery,
        response: { 200: envelopeOf(z.array(record)) },
      },
    },
    async (request) => ok(await baselines.list(request.query.competitionId)),
  );

  app.post(
    '/api/admin/leaderboard/baselines',
    {
      schema: {
        tags,
        summary: `Operator: add a baseline to a phase’s boards (multipart: competitionId, phase, name ≤ ${scoring.baselineLimits.nameMax}, description ≤ ${scoring.baselineLimits.descriptionMax}, file id,<target> scored as a submission’s); shown marked, never ranked; at most ${scoring.baselineLimits.perPhase} a phase`,
        consumes: ['multipart/form-data'],
        body: scoring.requests.addBaselineFields.extend({ file: formFile }),
        response: { 200: envelopeOf(record) },
      },
      validatorCompiler: bodyCheckedByHandler,
    },
    async (request) => {
      const { accountId, metadata } = staffOf(request);
      const { fields, file } = await readResultForm(request, { maxBytes: maxMultipartBytes });
      const parsed = scoring.requests.addBaselineFields.safeParse(fields);
      if (!parsed.success)
        throw new ValidationError('invalidRequest', {
          data: { fields: parsed.error.issues.map((i) => i.path.join('.')) },
        });
      return ok(
        await baselines.add({ ...parsed.data, file: file.bytes }, accountId, metadata),
        'Upload success',
      );
    },
  );

  app.post(
    '/api/admin/leaderboard/baselines/remove',
    {
      schema: {
        tags,
        summary: 'Operator: remove a baseline from its phase’s boards, with a reason',
        body: scoring.requests.removeBaseline,
        response: { 200: envelopeOf(z.object({ baselineId: z.string(), removed: z.literal(true) })) },
      },
    },
    async (request) => {
      const { accountId, metadata } = staffOf(request);
      return ok(await baselines.remove(request.body, accountId, metadata), 'Modify success');
    },
  );
}
