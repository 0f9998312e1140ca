import {
  type SimpleRestQuery,
  envelopeOf,
  ok,
  okPage,
  parseSimpleRestList,
  staffArea,
  simpleRestQuery,
} from '@sais/kit/http';
import { scoring } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as S from '../../http/schemas.ts';
import { withTeamNames } from '../names.ts';
import type { IntegrityParts } from '../parts.ts';
import type { SignalQuery } from '../signals.ts';

const signalFilter = z.object({
  competitionId: z.uuid().optional(),
  kind: z.enum(['identical-files', 'correlated-predictions']).optional(),
  status: z.enum(['open', 'dismissed', 'disqualified']).optional(),
  teamId: z.string().max(100).optional(),
  id: z.union([z.string().max(80), z.array(z.string().max(80)).max(100)]).optional(),
});

export function parseSignalList(query: SimpleRestQuery): SignalQuery {
  const { filter, ...page } = parseSimpleRestList(query, {
    sortFields: ['detectedAt', 'strength', 'kind', 'status'],
    defaultSort: ['detectedAt', 'DESC'],
    filter: signalFilter,
  });
  const { id, ...rest } = filter;
  return { ...page, filter: { ...rest, ids: id === undefined ? undefined : [id].flat() } };
}

/**
 * The integrity calls of the scoring service (decision 0008), for operators: the collusion signals in
 * ra-data-simple-rest form with their two actions (a seal and a publication are the boards' calls:
 * boards/http/publication-routes.ts). One area: registered as an encapsulated plugin, its role check runs
 * once per request, before anything is read.
 */
export async function integrityRoutes(
  root: FastifyInstance,
  { parts: { seals, signals, guards } }: { parts: IntegrityParts },
) {
  const { database: db, authenticator: auth } = root;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: integrity'];
  const operator = staffArea(root, auth, 'operator');
  const { reasonBody, disqualifySignalTeam } = scoring.requests;
  const idParams = z.object({ id: z.string().min(1).max(80) });

  app.get(
    '/api/admin/signals',
    {
      schema: {
        tags,
        summary:
          'Operator: collusion signals (identical files, near-identical predictions) with evidence; sort, range, filter {competitionId, kind, status, teamId, id}; Content-Range',
        querystring: simpleRestQuery,
        response: { 200: envelopeOf(z.array(S.signal)) },
      },
    },
    async (request, reply) => {
      const query = parseSignalList(request.query);
      const page = await signals.list(query);
      return okPage(reply, 'signals', query.from, {
        ...page,
        records: await withTeamNames(db, page.records),
      });
    },
  );

  app.get(
    '/api/admin/signals/:id',
    {
      schema: {
        tags,
        summary: 'Operator: one collusion signal with its evidence',
        params: idParams,
        response: { 200: envelopeOf(S.signal) },
      },
    },
    async (request) => {
      return ok((await withTeamNames(db, [await signals.one(request.params.id)]))[0]!);
    },
  );

  app.post(
    '/api/admin/signals/:id/dismiss',
    {
      schema: {
        tags,
        summary: 'Operator: dismiss a signal with a reason (recorded as an event)',
        params: idParams,
        body: reasonBody,
        response: { 200: envelopeOf(S.decidedSignal) },
      },
    },
    async (request) => {
      const { accountId, metadata } = operator(request);
      return ok(
        await signals.decide(
          request.params.id,
          { decision: 'dismissed' },
          request.body.reason,
          accountId,
          metadata,
        ),
      );
    },
  );

  app.post(
    '/api/admin/signals/:id/disqualify',
    {
      preHandler: async (request) => guards.ownSignalTeam(request, operator(request)),
      schema: {
        tags,
        summary:
          'Operator: disqualify a team the signal names, with a reason (the team drops out of both leaderboards; recorded as events)',
        params: idParams,
        body: disqualifySignalTeam,
        response: { 200: envelopeOf(S.decidedSignal) },
      },
    },
    async (request) => {
      const { accountId, metadata } = operator(request);
      const signal = await signals.one(request.params.id);
      await seals.guardTeam(signal.competitionId, request.body.teamId);
      return ok(
        await signals.decide(
          request.params.id,
          { decision: 'disqualified', teamId: request.body.teamId },
          request.body.reason,
          accountId,
          metadata,
        ),
      );
    },
  );
}
