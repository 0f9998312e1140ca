/**
 * Which event recorded a submission's score, for the participant's check that it is in a signed
 * checkpoint of the scoring log (decision 0012): `GET /api/submission/scoreRecord?submissionId=`, for the
 * submitting team only. The event's content carries the private score, so it is given only once the phase's
 * private leaderboard is published; until then the proof covers the event's hash alone.
 *
 * A container run that had hidden datasets mounted (decision 0032) is re-scored like any other, and a re-score
 * that finds its file Invalid records the scorer's refusal, whose text parameters quote the file: bytes the run
 * may have copied from a hidden dataset. Its team reads that refusal masked everywhere else, and the event's
 * content cannot be masked without breaking its hash, so such an event is never revealed: the team gets its id
 * and hash (its proof still checks) and `withheld: 'hiddenData'`. An event with nothing to mask (every scored
 * event, a refusal of numbers only) is revealed as for any run.
 */
import { isDeepStrictEqual } from 'node:util';
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

/** The event's data holds something a run on hidden data's team reads masked (a quoted value, a log text). */
export function quotesTheRun(data: unknown): boolean {
  if (!data || typeof data !== 'object') return false;
  return !isDeepStrictEqual(scoring.withoutRunBytes(data), data);
}

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
              /**
               * Why a published record's content is not given: `hiddenData`, it quotes the result file of a
               * run on hidden data (decision 0032); null otherwise.
               */
              withheld: z.enum(['hiddenData']).nullable(),
              event: hashedEvent.nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request);
      const { submissionId } = request.query;
      const found = await sql<{
        competition_id: string;
        team_id: string;
        phase: string;
        published: boolean;
        hidden_data: boolean | null;
      }>`
        select s.competition_id, s.team_id, s.phase, exists (select 1 from scoring.board_publications p
          where p.competition_id = s.competition_id and p.phase = s.phase) as published, c.hidden_data
        from scoring.submissions s
        left join scoring.container_runs c on c.submission_id = s.submission_id
        where s.submission_id = ${submissionId}`.execute(db);
      const row = found.rows[0];
      if (!row || row.team_id !== (await submissions.teamOf(row.competition_id, principal.accountId)))
        throw scoringErrors.submissionNotFound();
      const scored = (await store.readStream(stream(submissionId)))
        .filter((event) => scoringTypes.has(event.type))
        .at(-1);
      const where = { submissionId, competitionId: row.competition_id, phase: row.phase };
      if (!scored)
        return ok({ ...where, eventId: null, eventHash: null, revealed: false, withheld: null, event: null });
      const { hash, globalPosition: _position, transactionId: _transaction, ...content } = scored;
      const withheld = row.published && row.hidden_data === true && quotesTheRun(scored.data);
      return ok({
        ...where,
        eventId: scored.id,
        eventHash: hash,
        revealed: row.published && !withheld,
        withheld: withheld ? ('hiddenData' as const) : null,
        event: row.published && !withheld ? content : null,
      });
    },
  );
}
