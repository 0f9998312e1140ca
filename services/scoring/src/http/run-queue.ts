import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { envelopeOf, ok, staffArea } from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_WEIGHT, MIN_WEIGHT } from '../containers/fair-order.ts';
import { runQueueWeights, setRunQueueWeight } from '../containers/run-queue-weights.ts';
import { DEFAULT_SMOKE_RUNS_PER_DAY, setSmokeSplit } from '../containers/smoke.ts';
import type { ScoringDb } from '../db/tables.ts';
import { scoring } from '@sais/events';

const competitionWeight = z.object({
  competitionId: z.string(),
  weight: z.number(),
  waiting: z.number(),
  running: z.number(),
});

/**
 * The operators' calls on the fair queue of container runs (decision 0038): each competition's weight and
 * queue, and setting a weight (scoring.RunQueueWeightSet). An operator area: the role is checked before
 * anything is read; the event records the role that let the caller in.
 */
export async function runQueueRoutes(root: FastifyInstance, { db, store }: { db: Db; store: EventStore }) {
  const auth = root.authenticator;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const staffOf = staffArea(root, auth, 'operator');
  const tags = ['admin: scoring'];
  app.get(
    '/api/admin/run-queue',
    {
      schema: {
        tags,
        summary:
          'Operator: the fair queue of container runs: each competition taking containers, its weight (default 1), its waiting and running runs',
        response: { 200: envelopeOf(z.array(competitionWeight)) },
      },
    },
    async () => ok(await runQueueWeights(db)),
  );
  app.post(
    '/api/admin/run-queue/weight',
    {
      schema: {
        tags,
        summary: `Operator: set a competition’s weight in the fair queue of container runs (${MIN_WEIGHT}–${MAX_WEIGHT}; its runs are taken in this proportion against other waiting competitions)`,
        body: z.object({
          competitionId: z.uuid(),
          weight: z.number().int().min(MIN_WEIGHT).max(MAX_WEIGHT),
        }),
        response: {
          200: envelopeOf(z.object({ competitionId: z.string(), weight: z.number(), previous: z.number() })),
        },
      },
    },
    async (request) => {
      const { competitionId, weight } = request.body;
      return ok(await setRunQueueWeight(db, store, competitionId, weight, staffOf(request).metadata));
    },
  );
  app.get(
    '/api/admin/smoke-split',
    {
      schema: {
        tags,
        summary:
          'Operator: the competition’s smoke split (decision 0049): the dataset file smoke runs see at /saisdata (null: smoke runs off) and the smoke runs a team may make a day',
        querystring: z.object({ competitionId: z.uuid() }),
        response: { 200: envelopeOf(scoring.responses.smokeSplit) },
      },
    },
    async (request) => {
      staffOf(request);
      const { competitionId } = request.query;
      const row = await (db.withSchema('scoring') as ScoringDb)
        .selectFrom('smoke_splits')
        .select(['file_id', 'per_day'])
        .where('competition_id', '=', competitionId)
        .executeTakeFirst();
      return ok({
        competitionId,
        fileId: row?.file_id ?? null,
        perDay: row?.per_day ?? DEFAULT_SMOKE_RUNS_PER_DAY,
      });
    },
  );
  app.put(
    '/api/admin/smoke-split',
    {
      schema: {
        tags,
        summary:
          'Operator: choose the competition’s smoke split (decision 0049): {competitionId, fileId (a visible dataset file; null turns smoke runs off), perDay? (1–50, default 3)}; 400/40123 for a document, a hidden or an unknown file',
        body: scoring.requests.smokeSplit,
        response: { 200: envelopeOf(scoring.responses.smokeSplit) },
      },
    },
    async (request) => {
      const { competitionId, fileId, perDay } = request.body;
      const metadata = staffOf(request).metadata;
      return ok(await setSmokeSplit(db, store, competitionId, { fileId, perDay }, metadata));
    },
  );
}
