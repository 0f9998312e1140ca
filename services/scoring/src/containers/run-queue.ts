/**
 * The fair queue of container runs in the database (decision 0038): the state every runner process
 * shares (scoring.run_queue*), the choice of the next run under the queue's row lock, the places and
 * estimates participants see, and the operators' per-competition weights (an event each).
 */
import { type EventMetadata, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import type { ScoringDb } from '../db/tables.ts';
import { scoringErrors } from '../errors.ts';
import {
  DEFAULT_WEIGHT,
  type FairState,
  type WaitingRun,
  fairOrder,
  nextFair,
  teamKey,
} from './fair-order.ts';

/** How many recent runs the estimate averages. */
const recentRuns = 20;

const t = (db: Db) => db.withSchema('scoring') as ScoringDb;

/** Every Waiting container run (the queue), oldest first. */
async function waitingRuns(db: Db): Promise<WaitingRun[]> {
  const rows = await t(db)
    .selectFrom('container_runs as r')
    .innerJoin('submissions as s', 's.submission_id', 'r.submission_id')
    .select(['r.submission_id', 'r.competition_id', 'r.team_id', 'r.created_at'])
    .where('s.status', '=', 'Waiting')
    .orderBy('r.created_at')
    .orderBy('r.submission_id')
    .execute();
  return rows.map((row) => ({
    submissionId: row.submission_id,
    competitionId: row.competition_id,
    teamId: row.team_id,
    at: new Date(row.created_at).getTime(),
  }));
}

/** The shared state for the competitions of `runs` (`lock`: the queue's row, held to the transaction's end). */
async function fairState(db: Db, runs: readonly WaitingRun[], lock: boolean): Promise<FairState> {
  const head = lock
    ? await sql<{ vtime: number; tick: string | number }>`
        select vtime, tick from scoring.run_queue where id = 1 for update`.execute(db)
    : await sql<{ vtime: number; tick: string | number }>`
        select vtime, tick from scoring.run_queue where id = 1`.execute(db);
  const competitions = [...new Set(runs.map((run) => run.competitionId))];
  const [rows, teams] =
    competitions.length === 0
      ? [[], []]
      : await Promise.all([
          t(db)
            .selectFrom('run_queue_competitions')
            .select(['competition_id', 'weight', 'pass'])
            .where('competition_id', 'in', competitions)
            .execute(),
          t(db)
            .selectFrom('run_queue_teams')
            .select(['competition_id', 'team_id', 'served'])
            .where('competition_id', 'in', competitions)
            .execute(),
        ]);
  return {
    vtime: Number(head.rows[0]?.vtime ?? 0),
    tick: Number(head.rows[0]?.tick ?? 0),
    weights: new Map(rows.map((row) => [row.competition_id, row.weight])),
    passes: new Map(rows.map((row) => [row.competition_id, Number(row.pass)])),
    served: new Map(teams.map((row) => [teamKey(row.competition_id, row.team_id), Number(row.served)])),
  };
}

/**
 * Chooses the next fair Waiting run inside the caller's transaction and records that it was served: the
 * queue's row is locked first, so runners choose one at a time and never the same run (the caller then
 * claims it under the same transaction). `skip`: runs this process has in hand. Null: nothing waits.
 */
export async function takeNextFair(
  trx: Db,
  skip: ReadonlySet<string> = new Set(),
): Promise<WaitingRun | null> {
  // Nothing waits (most sweeps of an idle platform): no lock taken.
  const any =
    await sql`select 1 from scoring.container_runs r join scoring.submissions s using (submission_id)
    where s.status = 'Waiting' limit 1`.execute(trx);
  if (any.rows.length === 0) return null;
  // Locked before the runs are read: what the state says was served is what the next choice sees.
  await sql`select 1 from scoring.run_queue where id = 1 for update`.execute(trx);
  const runs = (await waitingRuns(trx)).filter((run) => !skip.has(run.submissionId));
  const state = await fairState(trx, runs, true);
  const step = nextFair(state, runs);
  if (!step) return null;
  await sql`update scoring.run_queue set vtime = ${step.vtime}, tick = ${step.tick} where id = 1`.execute(
    trx,
  );
  await sql`insert into scoring.run_queue_competitions (competition_id, pass)
    values (${step.run.competitionId}, ${step.pass})
    on conflict (competition_id) do update set pass = excluded.pass`.execute(trx);
  await sql`insert into scoring.run_queue_teams (competition_id, team_id, served)
    values (${step.run.competitionId}, ${step.run.teamId}, ${step.teamServed})
    on conflict (competition_id, team_id) do update set served = excluded.served`.execute(trx);
  return step.run;
}

/** A Waiting or Evaluating container run's place (0: running; 1: taken next) and estimated times. */
export interface RunQueued {
  place: number;
  /** Waiting runs (of every competition: runners are shared) taken before it. */
  ahead: number;
  /** ISO times; null while no container run has finished to estimate from. */
  estimatedStart: string | null;
  estimatedFinish: string | null;
  /** How many recent runs the estimate averages. */
  basedOn: number;
}

/**
 * The places of a team's unfinished container runs in the fair order if nothing else arrived, and an
 * estimate from the mean duration of the last finished runs, with as many taken at once as run now
 * (at least one), as files have (decision 0020). Only the team's own runs are answered: no other team's id.
 */
export async function runQueuePlaces(
  db: Db,
  competitionId: string,
  teamId: string,
  now = new Date(),
): Promise<Map<string, RunQueued>> {
  const [runs, running, recent] = await Promise.all([
    waitingRuns(db),
    sql<{ submission_id: string; mine: boolean; started_at: Date | null }>`
      select s.submission_id, s.started_at,
          (r.competition_id = ${competitionId} and r.team_id = ${teamId}) as mine
        from scoring.container_runs r join scoring.submissions s on s.submission_id = r.submission_id
      where s.status = 'Evaluating'`.execute(db),
    sql<{ seconds: number | null; samples: number }>`
      select avg(extract(epoch from finished_at - started_at))::float8 as seconds, count(*)::int as samples
      from (select s.finished_at, s.started_at from scoring.submissions s
        join scoring.container_runs r on r.submission_id = s.submission_id
        where s.finished_at is not null and s.started_at is not null
        order by s.finished_at desc limit ${recentRuns}) recent`.execute(db),
  ]);
  // Played only until the team's last waiting run has its place.
  const own = (run: WaitingRun) => run.competitionId === competitionId && run.teamId === teamId;
  const mine = runs.filter(own).length;
  let seen = 0;
  let counted = 0;
  const placed = (order: readonly WaitingRun[]) => {
    for (; seen < order.length; seen++) if (own(order[seen]!)) counted++;
    return counted === mine;
  };
  const order = fairOrder(await fairState(db, runs, false), runs, Infinity, placed);
  const mean = recent.rows[0]?.seconds ?? null;
  const slots = Math.max(1, running.rows.length);
  const at = (ms: number) => new Date(ms).toISOString();
  const out = new Map<string, RunQueued>();
  const ms = mean === null ? null : mean * 1000;
  for (const row of running.rows) {
    // The team's own only (every runner's running run counts as a slot).
    if (!row.mine) continue;
    out.set(row.submission_id, {
      place: 0,
      ahead: 0,
      estimatedStart: row.started_at ? at(new Date(row.started_at).getTime()) : null,
      estimatedFinish:
        ms === null ? null : at(Math.max(new Date(row.started_at ?? now).getTime() + ms, now.getTime())),
      basedOn: recent.rows[0]?.samples ?? 0,
    });
  }
  order.forEach((run, index) => {
    if (!own(run)) return;
    const start = ms === null ? null : now.getTime() + Math.floor(index / slots) * ms;
    out.set(run.submissionId, {
      place: index + 1,
      ahead: index,
      estimatedStart: start === null ? null : at(start),
      estimatedFinish: start === null || ms === null ? null : at(start + ms),
      basedOn: recent.rows[0]?.samples ?? 0,
    });
  });
  return out;
}

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
