import { envelopeOf, ok, staffArea } from '@sais/kit/http';
import { competition } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Competitions } from '../competitions.ts';
import * as S from './schemas.ts';

/** The competition page's sections (issue 21): anyone reads them, operators write them in the console. */
export async function contentRoutes(root: FastifyInstance, { competitions }: { competitions: Competitions }) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/race/content',
    {
      schema: {
        tags: ['race'],
        summary:
          "The competition page's sections (overview, evaluation, data, rules, prizes) in Markdown, zh-CN and en; an empty text is not written",
        querystring: S.competitionQuery,
        response: { 200: envelopeOf(S.contentView) },
      },
    },
    async (request) => ok(await competitions.content(request.query.competitionId)),
  );

  // The operators' writes: their own area, the role checked once in its hook.
  await root.register(async (area) => {
    const operator = staffArea(area, auth, 'operator');
    area.withTypeProvider<ZodTypeProvider>().put(
      '/api/admin/competitions/:id/content/:section',
      {
        schema: {
          tags: ['admin: competitions'],
          summary: `Operator: write one section of the competition's page in Markdown, both languages (at most ${competition.sectionTextMaxLength} characters each)`,
          params: z.object({ id: z.uuid(), section: z.enum(competition.contentSections) }),
          body: S.sectionBody,
          response: { 200: envelopeOf(S.contentView) },
        },
      },
      async (request) => {
        const { metadata } = operator(request);
        const { id, section } = request.params;
        return ok(await competitions.writeSection(id, section, request.body, metadata), 'Modify success');
      },
    );
  });
}
