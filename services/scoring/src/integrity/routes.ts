import {
  type SimpleRestQuery,
  envelopeOf,
  ok,
  okPage,
  parseSimpleRestList,
  staffArea,
  simpleRestQuery,
} from '@sais/kit/http';
import type { ServiceContext } from '@sais/kit/platform';
import { scoring } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Leaderboards } from '../boards/leaderboards.ts';
import { Standings } from '../boards/standings.ts';
import { type AdminGuards, type RouteGuard } from '../http/admin/routes.ts';
import * as S from '../http/schemas.ts';
import { ownTeamGuards } from './duties.ts';
import { withTeamNames } from './names.ts';
import { sealedResultsGuards } from './guards.ts';
import { Publications } from '../boards/publications.ts';
import { Seals } from '../boards/seals.ts';
import { type SignalQuery, Signals } from './signals.ts';

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

/** The integrity parts the scoring service's operator calls share: seals, signals, publications, guards. */
export function integrityParts({ db, store }: Pick<ServiceContext, 'db' | 'store'>) {
  const seals = new Seals(db, store, new Leaderboards(db));
  const signals = new Signals(db, store, new Standings(db, store));
  const publications = new Publications(db, store, seals);
  const guards: AdminGuards & { ownSignalTeam: RouteGuard } = {
    ...sealedResultsGuards(seals, publications),
    ...ownTeamGuards(db, signals),
  };
  return { seals, signals, publications, guards };
}

/**
 * The integrity calls of the scoring service (decision 0008), for operators: seal a phase's private
 * leaderboard, publish it through two operators where the competition asks for it (issue 19), and the
 * collusion signals in ra-data-simple-rest form with their two actions. One area: registered as an
 * encapsulated plugin, its role check runs once per request, before anything is read.
 */
export async function integrityRoutes(
  root: FastifyInstance,
  { parts: { seals, signals, publications, guards } }: { parts: ReturnType<typeof integrityParts> },
) {
  const { database: db, authenticator: auth } = root;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: integrity'];
  const operator = staffArea(root, auth, 'operator');
  const { phaseBody, phaseReason, reasonBody, disqualifySignalTeam } = scoring.requests;
  const idParams = z.object({ id: z.string().min(1).max(80) });

  app.get(
    '/api/admin/leaderboard/seal',
    {
      schema: {
        tags,
        summary:
          'Operator: the seal of a phase’s private leaderboard and the digest of its ranking now (they differ when it changed since)',
        querystring: phaseBody,
        response: { 200: envelopeOf(S.sealStatus) },
      },
    },
    async (request) => {
      const { competitionId, phase } = request.query;
      return ok({ competitionId, phase, ...(await seals.status(competitionId, phase)) });
    },
  );

  app.post(
    '/api/admin/leaderboard/seal',
    {
      schema: {
        tags,
        summary:
          'Operator: seal a phase’s private leaderboard before publishing it (SHA-256 of canonical form v1, events/src/seal.ts); again until published',
        body: phaseBody,
        response: { 200: envelopeOf(S.sealed) },
      },
    },
    async (request) => {
      const { accountId, metadata } = operator(request);
      const { competitionId, phase } = request.body;
      return ok(await seals.seal(competitionId, phase, accountId, metadata));
    },
  );

  app.get(
    '/api/admin/leaderboard/publication',
    {
      schema: {
        tags,
        summary:
          'Operator: who publishes this phase’s final results (two operators or one), the pending proposal, the publication and the history',
        querystring: phaseBody,
        response: { 200: envelopeOf(S.publicationStatus) },
      },
    },
    async (request) => {
      return ok(await publications.status(request.query.competitionId, request.query.phase));
    },
  );

  const steps = {
    propose:
      'Operator: propose publishing a phase’s private leaderboard, with a reason (sealed now unless it is); a different operator approves',
    approve:
      'Operator (not the proposer): approve the pending proposal with a reason; the private leaderboard is published (the ranking must match its seal)',
    withdraw: 'Operator: withdraw the pending proposal with a reason, before its approval',
  } as const;
  for (const step of Object.keys(steps) as (keyof typeof steps)[]) {
    app.post(
      `/api/admin/leaderboard/publication/${step}`,
      {
        schema: {
          tags,
          summary: steps[step],
          body: phaseReason,
          response: { 200: envelopeOf(S.publicationStatus) },
        },
      },
      async (request) => {
        const { accountId, metadata } = operator(request);
        const { competitionId, phase } = request.body;
        return ok(await publications[step](competitionId, phase, request.body.reason, accountId, metadata));
      },
    );
  }

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
