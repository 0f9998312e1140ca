import { envelopeOf, ok, staffArea } from '@sais/kit/http';
import { type BoardMetricStep, maxChosenSteps, scoring } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { boardOptionsOf } from '../board-options.ts';
import { boardStream } from '../standings.ts';
import { scoringErrors } from '../../errors.ts';

export const boardOptionsStream = (competitionId: string, phase: string) =>
  `board-options-${competitionId}-${phase}`;

const phaseOptions = z.object({ phase: z.string() }).extend(scoring.boardOptionsView.shape);

/**
 * A phase's public board options, the operators' calls (decision 0045): `GET` lists every phase of the
 * competition with its options, `POST` sets one phase's (the Ladder's step or off, blind or not, the
 * organiser-chosen order or the usual one: every option at once) with a reason, as a `BoardOptionsSet`
 * event; the leaderboard projection applies it.
 */
export async function boardOptionsRoutes(root: FastifyInstance) {
  const { database: db, store } = root;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const staffOf = staffArea(root, root.authenticator, 'operator');
  const tags = ['admin: scoring'];

  /** The competition's phases as scoring's mirror has them, or competitionUnknown. */
  async function phasesOf(competitionId: string): Promise<string[]> {
    const row = await sql<{ phases: Record<string, unknown> }>`
      select phases from scoring.competitions where competition_id = ${competitionId}`.execute(db);
    if (!row.rows[0]) throw scoringErrors.competitionUnknown();
    return Object.keys(row.rows[0].phases).filter((phase) => phase !== 'registration');
  }

  /**
   * A chosen order (issue 37) as the event carries it: null for none (absent or empty), else distinct
   * steps, each `score` or `scores.<m>` for a secondary metric of the ground truth in force (40160).
   */
  async function chosenOrder(competitionId: string, order: readonly string[] | null | undefined) {
    if (!order || order.length === 0) return null;
    const row = await sql<{ secondary_metrics: string[] | null }>`select secondary_metrics
      from scoring.ground_truths where competition_id = ${competitionId}`.execute(db);
    const allowed = ['score', ...(row.rows[0]?.secondary_metrics ?? []).map((m) => `scores.${m}`)];
    if (
      order.length > maxChosenSteps ||
      new Set(order).size !== order.length ||
      order.some((step) => !allowed.includes(step))
    )
      throw scoringErrors.boardOrderInvalid({
        data: { order, max: maxChosenSteps, allowed: allowed.join(', ') },
      });
    return [...order] as BoardMetricStep[];
  }

  const list = async (competitionId: string) => {
    const options = await boardOptionsOf(db, competitionId);
    return (await phasesOf(competitionId)).map((phase) => ({
      phase,
      ...(options.get(phase) ?? scoring.boardOptionsOff),
    }));
  };

  app.get(
    '/api/admin/leaderboard/options',
    {
      schema: {
        tags,
        summary:
          'Operator: each phase’s public board options: the Ladder’s step (null: off) and whether the phase is blind (decision 0045)',
        querystring: scoring.requests.competitionQuery,
        response: { 200: envelopeOf(z.array(phaseOptions)) },
      },
    },
    async (request) => ok(await list(request.query.competitionId)),
  );

  app.post(
    '/api/admin/leaderboard/options',
    {
      schema: {
        tags,
        summary:
          'Operator: set a phase’s public board options with a reason: the Ladder (its step η in the metric’s units, null: off), blind (participants see no public score) and the ranking order’s first steps (`score`, `scores.<metric>`; null: the usual order); refused once the phase’s final results are published',
        body: scoring.requests.boardOptionsBody,
        response: { 200: envelopeOf(phaseOptions) },
      },
    },
    async (request) => {
      const { metadata, accountId } = staffOf(request);
      const { competitionId, phase, ladderStep, blind, reason } = request.body;
      if (!(await phasesOf(competitionId)).includes(phase))
        throw scoringErrors.publicationPhaseUnknown({ data: { phase } });
      // Final means final (decision 0025): the boards of a published phase stay as they were.
      if ((await store.readStream(boardStream(competitionId, phase))).length > 0)
        throw scoringErrors.boardOptionsFinal({ data: { phase } });
      const order = await chosenOrder(competitionId, request.body.order);
      await store.append(
        scoring.BoardOptionsSet.aggregate,
        boardOptionsStream(competitionId, phase),
        'any',
        [
          {
            type: scoring.BoardOptionsSet.type,
            data: {
              competitionId,
              phase,
              ladderStep,
              blind,
              ...(order ? { order } : {}),
              setBy: accountId,
              reason,
            },
          },
        ],
        metadata,
      );
      return ok({ phase, ladderStep, blind, ...(order ? { order } : {}) }, 'Modify success');
    },
  );
}
