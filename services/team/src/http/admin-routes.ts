import { envelopeOf, ok, okPage, parseSimpleRestList, simpleRestQuery, staffArea } from '@sais/kit/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamErrors } from '../errors.ts';
import type { Teams } from '../teams/commands.ts';
import { type TeamDirectory, teamStatuses } from '../teams/directory.ts';
import { dissolveBody, teamRecord } from './schemas.ts';

const tags = ['admin: teams'];
const idParams = z.object({ id: z.uuid() });
const listFilter = z.object({
  competitionId: z.uuid().optional(),
  status: z.enum(teamStatuses).optional(),
  /** Part of the team's current name, any case (the console's team picker). */
  q: z.string().trim().max(30).optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(100)]).optional(),
});

/**
 * The operators' team calls for the console, in ra-data-simple-rest form: every team with `sort`,
 * `range`, `filter` {competitionId, status, q (part of the name), id} and Content-Range, one team, and dissolving one with a
 * reason (a `team.TeamDissolved` event; members and applicants are told through their inbox).
 */
export async function teamAdminRoutes(
  root: FastifyInstance,
  { teams, directory }: { teams: Teams; directory: TeamDirectory },
) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  /**
   * Operators (and admins), checked once for the area in one `onRequest` hook (register this as its own
   * plugin); the role recorded on the event is the one that let them in.
   */
  const staffOf = staffArea(root, auth, 'operator');
  const operator = (request: FastifyRequest) => staffOf(request).metadata;

  app.get(
    '/api/admin/teams',
    {
      schema: {
        tags,
        summary:
          'Operator: every team (newest first); sort [createdAt|id], range, filter {competitionId, status active|disbanded|dissolved, q (part of the current name), id}; Content-Range',
        querystring: simpleRestQuery,
        response: { 200: envelopeOf(z.array(teamRecord)) },
      },
    },
    async (request, reply) => {
      const query = parseSimpleRestList(request.query, {
        sortFields: ['createdAt', 'id'],
        defaultSort: ['createdAt', 'DESC'],
        filter: listFilter,
      });
      const { id, ...filter } = query.filter;
      const page = await directory.list({
        ...query,
        filter: { ...filter, ids: id === undefined ? undefined : [id].flat() },
      });
      return okPage(reply, 'teams', query.from, page);
    },
  );

  app.get(
    '/api/admin/teams/:id',
    {
      schema: {
        tags,
        summary: 'Operator: one team with its members',
        params: idParams,
        response: { 200: envelopeOf(teamRecord) },
      },
    },
    async (request) => {
      return ok(await directory.one(request.params.id));
    },
  );

  app.post(
    '/api/admin/teams/:id/dissolve',
    {
      schema: {
        tags,
        summary: 'Operator: dissolve a team with a reason; members and applicants are notified',
        params: idParams,
        body: dissolveBody,
        response: { 200: envelopeOf(teamRecord) },
      },
    },
    async (request) => {
      const metadata = operator(request);
      const reason = request.body?.reason;
      if (!reason) throw teamErrors.dissolveReasonRequired();
      await teams.dissolve(request.params.id, reason, metadata);
      return ok(await directory.one(request.params.id));
    },
  );
}
