import { type StaffCall, envelopeOf, ok, staffArea } from '@sais/kit/http';
import { scoring } from '@sais/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as S from '../../http/schemas.ts';
import type { Publications } from '../publications.ts';
import type { Seals } from '../seals.ts';
import type { Standings } from '../standings.ts';

/**
 * The operators' calls that make a phase's private leaderboard final (decision 0008, issue 19): its
 * seal, its publication through two operators where the competition asks for it (propose, approve,
 * withdraw), and the direct publish where one operator may. One area: registered as an encapsulated
 * plugin, its role check runs once per request, before anything is read.
 */
export async function publicationRoutes(
  root: FastifyInstance,
  {
    seals,
    publications,
    standings,
    beforePublish,
  }: {
    seals: Seals;
    publications: Publications;
    standings: Standings;
    /** The sealed-results guard of the direct publish (integrity/guards.ts), its `preHandler`. */
    beforePublish: (request: FastifyRequest, staff: StaffCall) => Promise<void>;
  },
) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The OpenAPI document lists them where they were before they moved here (issue 34): the seal and
  // the two operators' publication with the collusion signals, the direct publish with the scoring calls.
  const tags = ['admin: integrity'];
  const operator = staffArea(root, auth, 'operator');
  const { phaseBody, phaseReason } = scoring.requests;

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

  app.post(
    '/api/admin/leaderboard/publish',
    {
      preHandler: async (request) => beforePublish(request, operator(request)),
      schema: {
        tags: ['admin: scoring'],
        summary:
          'Operator: publish a phase’s private leaderboard (final results) where one operator may (else 40041: propose and approve); final selections close',
        body: phaseBody,
        response: { 200: envelopeOf(S.published) },
      },
    },
    async (request) => {
      const { metadata } = operator(request);
      return ok(await standings.publish(request.body.competitionId, request.body.phase, metadata));
    },
  );
}
