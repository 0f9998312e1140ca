import { envelopeOf, ok } from '@sais/kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type TeamHttp, callerOf } from './context.ts';
import * as S from './schemas.ts';

const tags = ['team'];

/** The team reads of the portal: my team, a team by ID, applications. */
export async function teamReadRoutes(root: FastifyInstance, { views }: TeamHttp) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const caller = callerOf(root.authenticator);

  app.get(
    '/api/team/myTeam',
    {
      schema: {
        tags,
        summary: 'My team in a competition (or me as a single-person team), attempts left, deadline',
        querystring: S.competitionQuery,
        response: { 200: envelopeOf(S.myTeamView) },
      },
    },
    async (request) => {
      const { me } = await caller(request);
      return ok(await views.myTeam(request.query.competitionId, me));
    },
  );

  app.get(
    '/api/team/detail',
    {
      schema: {
        tags,
        summary: 'A team by its ID, as an applicant sees it before asking to join',
        querystring: S.teamQuery,
        response: { 200: envelopeOf(S.teamSummary) },
      },
    },
    async (request) => {
      await caller(request);
      return ok(await views.summary(request.query.teamId));
    },
  );

  app.get(
    '/api/team/applications',
    {
      schema: {
        tags,
        summary: 'Pending applications to my team (owner) and my own pending application',
        querystring: S.competitionQuery,
        response: { 200: envelopeOf(S.applicationsView) },
      },
    },
    async (request) => {
      const { me } = await caller(request);
      return ok(await views.applications(request.query.competitionId, me));
    },
  );
}
