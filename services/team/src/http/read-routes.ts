import { envelopeOf, ok } from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type TeamHttp, callerOf } from './context.ts';
import * as S from './schemas.ts';

const tags = ['team'];

/** The team reads of the portal: my team, a team by ID, applications, search, invitations. */
export async function teamReadRoutes(root: FastifyInstance, { views, teams }: TeamHttp) {
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

  app.get(
    '/api/team/search',
    {
      schema: {
        tags,
        summary:
          'Active teams of a competition whose name contains q (case-insensitive), by name, at most 20 a page',
        querystring: S.teamSearch,
        response: { 200: envelopeOf(S.teamSearchResult) },
      },
    },
    async (request) => {
      await caller(request);
      return ok(await views.search(request.query));
    },
  );

  app.get(
    '/api/team/invitations',
    {
      schema: {
        tags,
        summary: "Owner: the team's invitations and what became of each (the codes are shown only once)",
        querystring: S.invitationsQuery,
        response: { 200: envelopeOf(S.invitationsView) },
      },
    },
    async (request) => {
      const { me } = await caller(request);
      return ok(await views.invitations(request.query.teamId, me));
    },
  );

  app.get(
    '/api/team/invitation',
    {
      schema: {
        tags,
        summary: 'The team an invitation code opens, before joining with it',
        querystring: S.invitationCodeBody,
        response: { 200: envelopeOf(S.invitationPreview) },
      },
    },
    async (request) => {
      await caller(request);
      return ok(await views.invitationPreview(await teams.invitationOf(request.query.code)));
    },
  );
}
