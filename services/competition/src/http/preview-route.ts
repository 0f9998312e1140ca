import { envelopeOf, ok, requirePrincipal } from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Competitions, fileReaderOf } from '../competitions.ts';
import { previewRows } from '../files/preview.ts';
import * as S from './schemas.ts';

/** The data section's preview of a CSV file: its header and first rows. */
export const filePreview = z
  .object({ header: z.array(z.string()), rows: z.array(z.array(z.string())).max(previewRows) })
  .nullable();

export async function previewRoute(root: FastifyInstance, { competitions }: { competitions: Competitions }) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/race/preview',
    {
      schema: {
        tags: ['race'],
        summary: `The header and first ${previewRows} rows of a CSV file, for whoever may download it; null for other files`,
        querystring: S.fileQuery,
        response: { 200: envelopeOf(filePreview) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      return ok(
        await competitions.preview(request.query.fileId, principal.accountId, fileReaderOf(principal)),
      );
    },
  );
}
