import { scoring } from '@sais/events';
import { envelopeOf, ok } from '@sais/kit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metricOf } from '../evaluation/metrics.ts';
import { GroundTruths } from '../ground-truths.ts';

/** How a competition is scored, for its page's Evaluation section; null until an operator sets the ground truth. */
export const competitionMetric = z
  .object({
    metric: scoring.metricName,
    /** The registry's direction (services/scoring/src/evaluation/metrics.ts). */
    higherIsBetter: z.boolean(),
    /** Test ids in the ground truth, and how many of them the public leaderboard is scored on. */
    rows: z.number().int(),
    publicRows: z.number().int(),
  })
  .nullable();

/** `GET /api/leaderboard/metric`: public, like the leaderboard it explains. */
export async function metricRoutes(root: FastifyInstance) {
  const { database: db, store } = root;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const truths = new GroundTruths(db, store);
  app.get(
    '/api/leaderboard/metric',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          "The competition's metric with its direction and the public leaderboard's share of the test ids; null before the ground truth is set",
        querystring: scoring.requests.competitionQuery,
        response: { 200: envelopeOf(competitionMetric) },
      },
    },
    async (request) => {
      const truth = await truths.current(request.query.competitionId);
      if (!truth) return ok(null);
      const { metric, rows, publicRows } = truth;
      return ok({ metric, higherIsBetter: metricOf(metric).higherIsBetter, rows, publicRows });
    },
  );
}
