/**
 * Which event recorded a submission's score, for the participant's check that it is in a signed
 * checkpoint of the scoring log (decision 0012): `GET /api/submission/scoreRecord?submissionId=`, for the
 * submitting team only. The event's content carries the private score, so it is given only once the phase's
 * private leaderboard is published; until then the proof covers the event's hash alone.
 */
import { scoring } from '@sais/events';
import { envelopeOf, ok, requirePrincipal } from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { type Submissions, stream } from '../../submissions/index.ts';
import { scoringErrors } from '../../errors.ts';

const scoringTypes = new Set(['scoring.SubmissionScored', 'scoring.SubmissionRescored']);

const hashedEvent = z.object({
  id: z.string(),
  type: z.string(),
  version: z.number(),
  streamType: z.string(),
  streamId: z.string(),
  streamVersion: z.number(),
  occurredAt: z.string(),
  actor: z.object({ userId: z.string().nullable(), role: z.string(), ip: z.string().optional() }),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  previousHash: z.string().nullable(),
  data: z.unknown(),
});

export async function scoreRecordRoutes(
  root: FastifyInstance,
  { submissions }: { submissions: Submissions },
) {
  const { database: db, store } = root;
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/submission/scoreRecord',
    {
      schema: {
        tags: ['submission'],
        summary:
          'The event that recorded my submission’s score (for its proof in the transparency log: /api/transparency/scoring/proof); its content once the private leaderboard is published',
        querystring: scoring.requests.submissionQuery,
        response: {
          200: envelopeOf(
            z.object({
              submissionId: z.string(),
              /** The competition and phase (for `sais verify-score`, which then reads their commitments). */
              competitionId: z.string(),
              phase: z.string(),
              eventId: z.string().nullable(),
              eventHash: z.string().nullable(),
              revealed: z.boolean(),
              event: hashedEvent.nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      const { submissionId } = request.query;
      const found = await sql<{ competition_id: string; team_id: string; phase: string; published: boolean }>`
        select s.competition_id, s.team_id, s.phase, exists (select 1 from scoring.board_publications p
          where p.competition_id = s.competition_id and p.phase = s.phase) as published
        from scoring.submissions s where s.submission_id = ${submissionId}`.execute(db);
      const row = found.rows[0];
      if (!row || row.team_id !== (await submissions.teamOf(row.competition_id, principal.accountId)))
        throw scoringErrors.submissionNotFound();
      const scored = (await store.readStream(stream(submissionId)))
        .filter((event) => scoringTypes.has(event.type))
        .at(-1);
      const where = { submissionId, competitionId: row.competition_id, phase: row.phase };
      if (!scored) return ok({ ...where, eventId: null, eventHash: null, revealed: false, event: null });
      const { hash, globalPosition: _position, transactionId: _transaction, ...content } = scored;
      return ok({
        ...where,
        eventId: scored.id,
        eventHash: hash,
        revealed: row.published,
        event: row.published ? content : null,
      });
    },
  );
}
