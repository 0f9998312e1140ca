/**
 * The operators' side of the fair queue of container runs (decision 0038): each competition's weight and
 * queue, and setting a weight (1–100), recorded as scoring.RunQueueWeightSet in the same transaction.
 */
import { type EventMetadata, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import type { ScoringDb } from '../db/tables.ts';
import { scoringErrors } from '../errors.ts';
import { DEFAULT_WEIGHT } from './fair-order.ts';

const t = (db: Db) => db.withSchema('scoring') as ScoringDb;

/** The operators' view: each competition with container runs or a weight, its weight and its queue. */
export async function runQueueWeights(db: Db) {
  const rows = await sql<{ competition_id: string; weight: number | null; waiting: number; running: number }>`
    select c.competition_id, q.weight,
      (select count(*) from scoring.container_runs r join scoring.submissions s using (submission_id)
        where r.competition_id = c.competition_id and s.status = 'Waiting')::int as waiting,
      (select count(*) from scoring.container_runs r join scoring.submissions s using (submission_id)
        where r.competition_id = c.competition_id and s.status = 'Evaluating')::int as running
    from scoring.competitions c
    left join scoring.run_queue_competitions q on q.competition_id = c.competition_id
    where q.competition_id is not null or c.settings->'submissionKinds' @> '["container-image"]'::jsonb
    order by c.competition_id`.execute(db);
  return rows.rows.map((row) => ({
    competitionId: row.competition_id,
    weight: row.weight ?? DEFAULT_WEIGHT,
    waiting: row.waiting,
    running: row.running,
  }));
}

/** Sets a competition's weight (1–100) and records it (scoring.RunQueueWeightSet) in one transaction. */
export async function setRunQueueWeight(
  db: Db,
  store: EventStore,
  competitionId: string,
  weight: number,
  metadata: EventMetadata,
): Promise<{ competitionId: string; weight: number; previous: number }> {
  return db.transaction().execute(async (trx) => {
    const known = await t(trx)
      .selectFrom('competitions')
      .select('competition_id')
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    if (!known) throw scoringErrors.competitionUnknown();
    const before = await sql<{ weight: number }>`
      select weight from scoring.run_queue_competitions where competition_id = ${competitionId} for update`.execute(
      trx,
    );
    const previous = before.rows[0]?.weight ?? DEFAULT_WEIGHT;
    await sql`insert into scoring.run_queue_competitions (competition_id, weight) values (${competitionId}, ${weight})
      on conflict (competition_id) do update set weight = excluded.weight`.execute(trx);
    await store.append(
      scoring.RunQueueWeightSet.aggregate,
      `runqueue-${competitionId}`,
      'any',
      [{ type: scoring.RunQueueWeightSet.type, data: { competitionId, weight, previous } }],
      metadata,
      { trx },
    );
    return { competitionId, weight, previous };
  });
}
