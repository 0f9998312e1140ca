import { envelopeOf, ok, staffArea } from '@sais/kit/http';
import { scoring } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as S from '../http/schemas.ts';
import type { Publications } from './publications.ts';
import type { Seals } from './seals.ts';

/**
 * The operators' calls that make a phase's private leaderboard final (decision 0008, issue 19): its
 * seal, and its publication through two operators where the competition asks for it (propose, approve,
 * withdraw). One area: registered as an encapsulated plugin, its role check runs once per request,
 * before anything is read. The direct publish (one operator) is `POST /api/admin/leaderboard/publish`
 * in http/admin/routes.ts, behind the sealed-results guards.
 */
export async function publicationRoutes(
  root: FastifyInstance,
  { seals, publications }: { seals: Seals; publications: Publications },
) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The OpenAPI document lists them with the collusion signals, as before they moved here (issue 34).
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
}
