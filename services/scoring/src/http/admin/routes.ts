import { ValidationError } from '@sais/kit/errors';
import {
  type SimpleRestQuery,
  type StaffCall,
  bodyCheckedByHandler,
  envelopeOf,
  formFile,
  ok,
  okPage,
  parseSimpleRestList,
  requestLanguage,
  simpleRestQuery,
  staffArea,
} from '@sais/kit/http';
import { scoring } from '@sais/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GroundTruths } from '../../ground-truths.ts';
import { type Operations, type SubmissionListQuery, submissionSortFieldNames } from '../../operations.ts';
import type { Standings } from '../../boards/index.ts';
import { readResultForm } from '../../submissions/index.ts';
import * as S from '../schemas.ts';

const listFilter = z.object({
  competitionId: z.uuid().optional(),
  status: z.enum(['Waiting', 'Evaluating', 'Completed', 'Invalid', 'Failed', 'Cancelled']).optional(),
  teamId: z.string().max(100).optional(),
  phase: z.string().max(40).optional(),
  submitterId: z.uuid().optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(100)]).optional(),
  disqualified: z.boolean().optional(),
});

export function parseSubmissionList(query: SimpleRestQuery): SubmissionListQuery {
  const { filter, ...page } = parseSimpleRestList(query, {
    sortFields: [...submissionSortFieldNames, 'id'],
    defaultSort: ['createdAt', 'DESC'],
    filter: listFilter,
  });
  const { id, ...rest } = filter;
  return { ...page, filter: { ...rest, ids: id === undefined ? undefined : [id].flat() } };
}

/** A check a route makes before its handler (integrity/guards.ts, integrity/duties.ts), with the call let in. */
export type RouteGuard = (request: FastifyRequest, staff: StaffCall) => Promise<void>;

/**
 * What the operators' scoring calls must pass first: sealed results stay sealed (decision 0008) and
 * nobody decides about their own team (issue 19). Each runs as its route's `preHandler`, in this order.
 */
export interface AdminGuards {
  sealedSubmission: RouteGuard;
  sealedPhases: RouteGuard;
  sealedTeam: RouteGuard;
  ownSubmission: RouteGuard;
  ownTeam: RouteGuard;
}

/**
 * The operators' scoring calls (`/api/admin/groundtruth`, `/api/admin/submissions*`; the publish and a
 * team's disqualification are the boards': boards/http/publication-routes.ts,
 * boards/http/disqualify-routes.ts): one area, checked for the operator role (or admin) once, before
 * anything is read; the events record the role that let the caller in.
 */
export async function adminRoutes(
  root: FastifyInstance,
  {
    groundTruths,
    standings,
    operations,
    guards,
  }: {
    groundTruths: GroundTruths;
    standings: Standings;
    operations: Operations;
    guards: AdminGuards;
  },
) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const staffOf = staffArea(root, auth, 'operator');
  const operator = (request: FastifyRequest) => staffOf(request).metadata;
  const guarded =
    (...checks: RouteGuard[]) =>
    async (request: FastifyRequest) => {
      for (const check of checks) await check(request, staffOf(request));
    };
  const tags = ['admin: scoring'];
  const idParams = z.object({ id: z.uuid() });

  app.get(
    '/api/admin/groundtruth',
    {
      schema: {
        tags,
        summary:
          'Operator: the ground truth in force (SHA-256, rows, public rows, metric, who uploaded it and when), or null',
        querystring: scoring.requests.competitionQuery,
        response: { 200: envelopeOf(S.groundTruthInForce.nullable()) },
      },
    },
    async (request) => ok(await groundTruths.current(request.query.competitionId)),
  );

  app.post(
    '/api/admin/groundtruth',
    {
      schema: {
        tags,
        summary: `Operator: set a competition’s ground truth (multipart: competitionId, metric ${scoring.metricNames.join('|')}, publicPercent, file id,<target>)`,
        consumes: ['multipart/form-data'],
        body: z.object({
          competitionId: z.uuid(),
          metric: scoring.metricName,
          publicPercent: z.number().int().min(1).max(99).default(50),
          revealGroundTruth: z.enum(['true', 'false']).default('false'),
          /** Decision 0046: secondary metrics, comma-separated, in ranking order (e.g. `mae,r2`); empty: none. */
          secondaryMetrics: z.string().optional(),
          file: formFile,
        }),
        response: {
          200: envelopeOf(
            z.object({
              rows: z.number(),
              publicRows: z.number(),
              sha256: z.string(),
              publicPercent: z.number(),
              splitKeySha256: z.string(),
              scorerVersion: z.string(),
              revealGroundTruth: z.boolean(),
              secondaryMetrics: z.array(z.string()).optional(),
            }),
          ),
        },
      },
      validatorCompiler: bodyCheckedByHandler,
    },
    async (request) => {
      const { fields, file } = await readResultForm(request, { maxBytes: 512 * 1024 * 1024 });
      const parsed = z
        .object({
          competitionId: z.uuid(),
          metric: scoring.metricName,
          // Any whole number here: out of 1–99 gets its own answer from upload() (publicShareOutOfRange).
          publicPercent: z.coerce.number().int().default(50),
          // Publish the file with the split key after the last phase's final results (decision 0031).
          revealGroundTruth: z.enum(['true', 'false']).default('false'),
          // Checked by upload() (secondaryMetricsInvalid): names, distinct, not the primary, how many.
          secondaryMetrics: z.string().max(500).default(''),
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
          operator(request),
          {
            revealGroundTruth: parsed.data.revealGroundTruth === 'true',
            secondaryMetrics: parsed.data.secondaryMetrics
              .split(',')
              .map((name) => name.trim())
              .filter((name) => name !== ''),
          },
        ),
      );
    },
  );

  app.get(
    '/api/admin/submissions',
    {
      schema: {
        tags,
        summary:
          'Operator: every submission (newest first); sort, range, filter {competitionId, status, teamId, phase, submitterId, id, disqualified}; Content-Range',
        querystring: simpleRestQuery,
        response: { 200: envelopeOf(z.array(S.submissionRecord)) },
      },
    },
    async (request, reply) => {
      const query = parseSubmissionList(request.query);
      return okPage(reply, 'submissions', query.from, await operations.list(query, requestLanguage(request)));
    },
  );

  app.get(
    '/api/admin/submissions/:id',
    {
      schema: {
        tags,
        summary: 'Operator: one submission',
        params: idParams,
        response: { 200: envelopeOf(S.submissionRecord) },
      },
    },
    async (request) => {
      return ok(await operations.one(request.params.id));
    },
  );

  app.post(
    '/api/admin/submissions/:id/rescore',
    {
      preHandler: guarded(guards.sealedSubmission),
      schema: {
        tags,
        summary: 'Operator: score one Completed or Invalid submission again with the current ground truth',
        params: idParams,
        response: { 200: envelopeOf(S.rescored) },
      },
    },
    async (request) => {
      const metadata = operator(request);
      return ok(await operations.rescore(request.params.id, metadata, requestLanguage(request)));
    },
  );

  app.post(
    '/api/admin/submissions/rescore',
    {
      preHandler: guarded(guards.sealedPhases),
      schema: {
        tags,
        summary:
          'Operator: score every Completed or Invalid submission of one phase (or, with allPhases: true, of every phase) again, after a ground-truth fix; no default phase',
        body: scoring.requests.rescoreAll,
        response: { 200: envelopeOf(S.rescoredAll) },
      },
    },
    async (request) => {
      const metadata = operator(request);
      const { competitionId, phase, allPhases } = request.body;
      // No default phase (issue 19): one phase, or every phase said explicitly.
      if (!phase === !allPhases) throw new ValidationError('phaseRequired', { data: { field: 'phase' } });
      return ok(await operations.rescoreAll(competitionId, phase, metadata));
    },
  );

  app.post(
    '/api/admin/submissions/:id/disqualify',
    {
      preHandler: guarded(guards.sealedSubmission, guards.ownSubmission),
      schema: {
        tags,
        summary: 'Operator: disqualify one submission with a reason (it leaves both leaderboards)',
        params: idParams,
        body: scoring.requests.reasonBody,
        response: {
          200: envelopeOf(z.object({ submissionId: z.string(), disqualifiedReason: z.string() })),
        },
      },
    },
    async (request) => {
      const metadata = operator(request);
      return ok(await standings.disqualifySubmission(request.params.id, request.body.reason, metadata));
    },
  );
}
