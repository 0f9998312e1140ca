import { scoring } from '@sais/events';
import { envelopeOf, nonJsonResponse, ok } from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { metricOf } from '../evaluation/metrics.ts';
import { GroundTruths, type SplitKeys } from '../ground-truths.ts';

/** How a competition is scored, for its page's Evaluation section; null until an operator sets the ground truth. */
export const competitionMetric = scoring.responses.competitionMetric.nullable();

/** `GET /api/leaderboard/metric`: public, like the leaderboard it explains. */
export async function metricRoutes(
  root: FastifyInstance,
  { splitKeys }: { splitKeys: () => Promise<SplitKeys> },
) {
  const { database: db, store } = root;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const truths = new GroundTruths(db, store, splitKeys);
  app.get(
    '/api/leaderboard/metric',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          "The competition's metric with its direction, the public leaderboard's share of the test ids, and each ground truth's commitment (file, split, scorer; the split key once final results are published); null before the ground truth is set",
        querystring: scoring.requests.competitionQuery,
        response: { 200: envelopeOf(competitionMetric) },
      },
    },
    async (request) => {
      const commitments = await truths.commitments(request.query.competitionId);
      const truth = commitments.at(-1);
      if (!truth) return ok(null);
      const { metric, rows, publicRows } = truth;
      return ok({
        metric,
        higherIsBetter: metricOf(metric).higherIsBetter,
        rows,
        publicRows,
        commitments: commitments.map(({ metric: _metric, ...commitment }) => commitment),
      });
    },
  );

  app.get(
    '/api/leaderboard/groundTruth',
    {
      schema: {
        tags: ['leaderboard'],
        summary:
          "The ground truth's file, once published: the organiser chose so when setting it, and final results are published for every phase (decision 0031); its SHA-256 is the commitment's",
        querystring: scoring.requests.competitionQuery,
        response: { 200: nonJsonResponse('The ground truth (CSV, an attachment)', ['text/csv']) },
      },
    },
    async (request, reply) => {
      const file = await truths.revealedFile(request.query.competitionId);
      return reply
        .type('text/csv')
        .header('content-disposition', `attachment; filename="ground-truth-${file.sha256.slice(0, 12)}.csv"`)
        .send(file.content);
    },
  );
}
