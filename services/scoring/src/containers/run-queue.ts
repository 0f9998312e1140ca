/**
 * The fair queue of container runs in the database (decision 0038): the state every runner process
 * shares (scoring.run_queue*), the choice of the next run under the queue's row lock with its charge in
 * run-seconds and the settling of the charges of runs that are over. The places and estimates
 * participants see: run-queue-places.ts; the operators' weights: run-queue-weights.ts.
 */
import { competition } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';
import type { ScoringDb } from '../db/tables.ts';
import {
  type ChargedRun,
  RECENT_RUNS,
  type FairState,
  type WaitingRun,
  estimateSeconds,
  nextFair,
  refundOf,
  settleFair,
  teamKey,
} from './fair-order.ts';

const t = (db: Db) => db.withSchema('scoring') as ScoringDb;

/**
 * Every Waiting container run (the queue), oldest first, with its declared seconds (its phase's
 * `timeoutSeconds`, decision 0044, or the environment's default, within the machine ceiling, as the runner
 * will run it: phase-limits.ts; the policy is the environment's, the same on every process) and what its
 * choice charges: `estimateSeconds` from the time its competition's last finished runs used.
 */
export async function waitingRuns(
  db: Db,
  policy: competition.RunLimitPolicy,
  /** The charges this choice settles: their used seconds are the newest of each competition's history. */
  settling: readonly ChargedRun[],
): Promise<WaitingRun[]> {
  const rows = await sql<{
    submission_id: string;
    competition_id: string;
    team_id: string;
    created_at: Date | string;
    declared: number | null;
  }>`
    select r.submission_id, r.competition_id, r.team_id, r.created_at,
        (c.phases -> s.phase -> 'runLimits' ->> 'timeoutSeconds')::float8 as declared
      from scoring.container_runs r
      join scoring.submissions s on s.submission_id = r.submission_id
      left join scoring.competitions c on c.competition_id = r.competition_id
    where s.status = 'Waiting'
    order by r.created_at, r.submission_id`.execute(db);
  const competitions = [...new Set(rows.rows.map((row) => row.competition_id))];
  const recent = new Map<string, number[]>();
  if (competitions.length > 0) {
    const used = await sql<{ competition_id: string; used_seconds: number }>`
      select competition_id, used_seconds from (
        select competition_id, used_seconds,
            row_number() over (partition by competition_id order by settled_tick desc, submission_id desc) as n
          from scoring.container_runs
        where used_seconds is not null and competition_id = any(${competitions}::uuid[])) recent
      where n <= ${RECENT_RUNS}`.execute(db);
    // Newest first, as the query orders the settled ones (ties: the greater id first).
    const newest = [...settling].sort((a, b) => (a.submissionId < b.submissionId ? 1 : -1));
    for (const run of newest)
      if (run.usedSeconds !== null)
        recent.set(run.competitionId, [
          ...(recent.get(run.competitionId) ?? []),
          Math.min(run.usedSeconds, run.declared),
        ]);
    for (const row of used.rows)
      recent.set(row.competition_id, [...(recent.get(row.competition_id) ?? []), Number(row.used_seconds)]);
  }
  return rows.rows.map((row) => {
    const declared = Math.min(
      row.declared !== null && row.declared > 0 ? row.declared : policy.defaults.timeoutSeconds,
      policy.ceiling.timeoutSeconds,
    );
    return {
      submissionId: row.submission_id,
      competitionId: row.competition_id,
      teamId: row.team_id,
      at: new Date(row.created_at).getTime(),
      seconds: estimateSeconds((recent.get(row.competition_id) ?? []).slice(0, RECENT_RUNS), declared),
      declared,
    };
  });
}

/**
 * The charged runs that are no longer running (decision 0038), with the time each used: from its choice
 * to its end (no end recorded: none, so all of its charge comes back); one Waiting again gets all of it
 * back, as it is charged again when chosen.
 */
export async function chargedRuns(db: Db): Promise<ChargedRun[]> {
  const rows = await sql<{
    submission_id: string;
    competition_id: string;
    charge: number;
    charge_seconds: number;
    declared_seconds: number | null;
    waiting: boolean;
    used: number | null;
  }>`
    select r.submission_id, r.competition_id, r.charge, r.charge_seconds, r.declared_seconds,
        s.status = 'Waiting' as waiting, extract(epoch from s.finished_at - r.charged_at)::float8 as used
      from scoring.container_runs r join scoring.submissions s on s.submission_id = r.submission_id
    where r.charge is not null and r.settled_tick is null and s.status <> 'Evaluating'`.execute(db);
  return rows.rows.map((row) => ({
    submissionId: row.submission_id,
    competitionId: row.competition_id,
    charge: Number(row.charge),
    seconds: Number(row.charge_seconds),
    declared: Number(row.declared_seconds ?? row.charge_seconds),
    usedSeconds: row.waiting ? null : Math.max(0, Number(row.used ?? 0)),
  }));
}

/**
 * The shared state for the competitions of `runs`, with the charges of `charged` settled (`lock`: the
 * queue's row, held to the transaction's end).
 */
export async function fairState(
  db: Db,
  runs: readonly WaitingRun[],
  lock: boolean,
  charged: readonly ChargedRun[] = [],
): Promise<FairState> {
  const head = lock
    ? await sql<{ vtime: number; tick: string | number }>`
        select vtime, tick from scoring.run_queue where id = 1 for update`.execute(db)
    : await sql<{ vtime: number; tick: string | number }>`
        select vtime, tick from scoring.run_queue where id = 1`.execute(db);
  const competitions = [...new Set([...runs, ...charged].map((run) => run.competitionId))];
  const [rows, teams, inflight] =
    competitions.length === 0
      ? [[], [], []]
      : await Promise.all([
          t(db)
            .selectFrom('run_queue_competitions')
            .select(['competition_id', 'weight', 'pass', 'active'])
            .where('competition_id', 'in', competitions)
            .execute(),
          t(db)
            .selectFrom('run_queue_teams')
            .select(['competition_id', 'team_id', 'served'])
            .where('competition_id', 'in', competitions)
            .execute(),
          sql<{ competition_id: string; charges: number }>`
            select competition_id, sum(charge)::float8 as charges from scoring.container_runs
            where charge is not null and settled_tick is null and competition_id = any(${competitions}::uuid[])
            group by competition_id`
            .execute(db)
            .then((result) => result.rows),
        ]);
  return settleFair(
    {
      vtime: Number(head.rows[0]?.vtime ?? 0),
      tick: Number(head.rows[0]?.tick ?? 0),
      weights: new Map(rows.map((row) => [row.competition_id, row.weight])),
      passes: new Map(rows.map((row) => [row.competition_id, Number(row.pass)])),
      served: new Map(teams.map((row) => [teamKey(row.competition_id, row.team_id), Number(row.served)])),
      active: new Set(rows.filter((row) => row.active).map((row) => row.competition_id)),
      inflight: new Map(inflight.map((row) => [row.competition_id, Number(row.charges)])),
    },
    charged,
  );
}

/**
 * Chooses the next fair Waiting run inside the caller's transaction and records that it was served: the
 * queue's row is locked first, so runners choose one at a time and never the same run (the caller then
 * claims it under the same transaction). `skip`: runs this process has in hand. Null: nothing waits.
 */
export async function takeNextFair(
  trx: Db,
  skip: ReadonlySet<string> = new Set(),
  policy: competition.RunLimitPolicy = competition.runLimitPolicy(process.env),
): Promise<WaitingRun | null> {
  // Nothing waits (most sweeps of an idle platform): no lock taken.
  const any =
    await sql`select 1 from scoring.container_runs r join scoring.submissions s using (submission_id)
    where s.status = 'Waiting' limit 1`.execute(trx);
  if (any.rows.length === 0) return null;
  // Locked before the runs are read: what the state says was served is what the next choice sees.
  await sql`select 1 from scoring.run_queue where id = 1 for update`.execute(trx);
  const charged = await chargedRuns(trx);
  const runs = (await waitingRuns(trx, policy, charged)).filter((run) => !skip.has(run.submissionId));
  const state = await fairState(trx, runs, true, charged);
  // The settled charges are written back whatever is chosen: each is given back once.
  for (const competitionId of new Set(charged.map((run) => run.competitionId)))
    await sql`update scoring.run_queue_competitions set pass = ${state.passes.get(competitionId) ?? 0}
      where competition_id = ${competitionId}`.execute(trx);
  for (const run of charged)
    await sql`update scoring.container_runs set settled_tick = ${state.tick + 1}, refund = ${refundOf(run)},
        used_seconds = ${run.usedSeconds === null ? null : Math.min(run.usedSeconds, run.declared)}
      where submission_id = ${run.submissionId}`.execute(trx);
  const step = nextFair(state, runs);
  if (!step) return null;
  await sql`update scoring.run_queue set vtime = ${step.vtime}, tick = ${step.tick} where id = 1`.execute(
    trx,
  );
  for (const [competitionId, pass] of [...step.lifted, [step.run.competitionId, step.pass] as const])
    await sql`insert into scoring.run_queue_competitions (competition_id, pass)
      values (${competitionId}, ${pass})
      on conflict (competition_id) do update set pass = excluded.pass`.execute(trx);
  await sql`update scoring.run_queue_competitions set active = (competition_id = any(${step.active}::uuid[]))
    where active or competition_id = any(${step.active}::uuid[])`.execute(trx);
  await sql`insert into scoring.run_queue_teams (competition_id, team_id, served)
    values (${step.run.competitionId}, ${step.run.teamId}, ${step.teamServed})
    on conflict (competition_id, team_id) do update set served = excluded.served`.execute(trx);
  await sql`update scoring.container_runs
    set charge = ${step.charge}, charge_seconds = ${step.run.seconds ?? 1},
      declared_seconds = ${step.run.declared ?? step.run.seconds ?? 1}, charged_at = now(),
      charge_tick = ${step.tick}, settled_tick = null, refund = null, used_seconds = null
    where submission_id = ${step.run.submissionId}`.execute(trx);
  return step.run;
}
