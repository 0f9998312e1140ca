import { envelopeOf, ok } from '@sais/kit/http';
import { team } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type TeamHttp, callerOf } from './context.ts';
import * as S from './schemas.ts';

const tags = ['team'];
const nothing = envelopeOf(z.null());

/** The team commands of the portal (`/api/team/...`); every one needs a signed-in participant. */
export async function teamCommandRoutes(root: FastifyInstance, { teams, views }: TeamHttp) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const caller = callerOf(root.authenticator);

  app.post(
    '/api/team/create',
    {
      schema: {
        tags,
        summary: 'Form a team (uses one team-forming attempt); the creator owns it',
        body: S.createBody,
        response: { 200: envelopeOf(team.responses.teamCreated) },
      },
    },
    async (request) => {
      const { me, metadata } = await caller(request);
      const teamId = await teams.create(request.body.competitionId, me, request.body.name, metadata);
      const { attemptsLeft } = await views.myTeam(request.body.competitionId, me);
      return ok({ teamId, attemptsLeft });
    },
  );

  app.post(
    '/api/team/rename',
    { schema: { tags, summary: 'Owner: rename the team', body: S.renameBody, response: { 200: nothing } } },
    async (request) => {
      const { me, metadata } = await caller(request);
      await teams.ownerCommand(
        request.body.teamId,
        { type: 'RenameTeam', by: me, name: request.body.name },
        metadata,
      );
      return ok(null);
    },
  );

  app.post(
    '/api/team/disband',
    {
      schema: {
        tags,
        summary: 'Owner: dissolve the team; members compete alone again, pending applications lapse',
        body: S.teamBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const { me, metadata } = await caller(request);
      await teams.ownerCommand(request.body.teamId, { type: 'DisbandTeam', by: me }, metadata);
      return ok(null);
    },
  );

  app.post(
    '/api/team/apply',
    {
      schema: {
        tags,
        summary: 'Ask to join a team (it must have room; one open application per competition)',
        body: S.teamBody,
        response: { 200: envelopeOf(z.object({ applicationId: z.string() })) },
      },
    },
    async (request) => {
      const { me, metadata } = await caller(request);
      return ok({ applicationId: await teams.apply(request.body.teamId, me, metadata) });
    },
  );

  app.post(
    '/api/team/cancelApplication',
    {
      schema: {
        tags,
        summary: 'Applicant: withdraw a pending join or leave application',
        body: S.applicationBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const { me, metadata } = await caller(request);
      await teams.cancelApplication(request.body.applicationId, me, metadata);
      return ok(null);
    },
  );

  app.post(
    '/api/team/handleApplication',
    {
      schema: {
        tags,
        summary: 'Owner: agree to or reject a join or leave application',
        body: S.handleBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const { me, metadata } = await caller(request);
      await teams.handleApplication(request.body.applicationId, me, request.body.agree, metadata);
      return ok(null);
    },
  );

  app.post(
    '/api/team/applyLeave',
    {
      schema: {
        tags,
        summary: 'Member: ask the owner to let me leave',
        body: S.teamBody,
        response: { 200: envelopeOf(z.object({ applicationId: z.string() })) },
      },
    },
    async (request) => {
      const { me, metadata } = await caller(request);
      return ok({ applicationId: await teams.applyLeave(request.body.teamId, me, metadata) });
    },
  );

  app.post(
    '/api/team/removeMember',
    { schema: { tags, summary: 'Owner: remove a member', body: S.memberBody, response: { 200: nothing } } },
    async (request) => {
      const { me, metadata } = await caller(request);
      await teams.ownerCommand(
        request.body.teamId,
        { type: 'RemoveMember', by: me, accountId: request.body.userId },
        metadata,
      );
      return ok(null);
    },
  );

  app.post(
    '/api/team/transferOwner',
    {
      schema: {
        tags,
        summary: 'Owner: hand the team to another member',
        body: S.memberBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const { me, metadata } = await caller(request);
      await teams.ownerCommand(
        request.body.teamId,
        { type: 'TransferOwnership', by: me, accountId: request.body.userId },
        metadata,
      );
      return ok(null);
    },
  );

  app.post(
    '/api/team/invitation/create',
    {
      schema: {
        tags,
        summary:
          'Owner: an invitation code (shown this once) that lets its holder join directly until it expires, is revoked or used up',
        body: S.createInvitation,
        response: { 200: envelopeOf(S.invitationCreated) },
      },
    },
    async (request) => {
      const { me, metadata } = await caller(request);
      const { teamId, hours, maxUses } = request.body;
      const created = await teams.createInvitation(teamId, me, { hours, maxUses }, metadata);
      return ok({
        invitationId: created.invitationId,
        code: created.code,
        createdAt: new Date(created.createdAt).toISOString(),
        expiresAt: created.expiresAt,
        maxUses: created.maxUses,
        uses: 0,
        status: 'open' as const,
      });
    },
  );

  app.post(
    '/api/team/invitation/revoke',
    {
      schema: {
        tags,
        summary: 'Owner: revoke an invitation; its code lets nobody join any more',
        body: S.revokeInvitation,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const { me, metadata } = await caller(request);
      await teams.revokeInvitation(request.body.teamId, request.body.invitationId, me, metadata);
      return ok(null);
    },
  );

  app.post(
    '/api/team/invitation/join',
    {
      schema: {
        tags,
        summary:
          "Join a team with its invitation's code (the team rules hold: sign-up, room, one team, deadline, attempts)",
        body: S.invitationCodeBody,
        response: { 200: envelopeOf(z.object({ teamId: z.string() })) },
      },
    },
    async (request) => {
      const { me, metadata } = await caller(request);
      return ok(await teams.joinByInvitation(request.body.code, me, metadata));
    },
  );
}
