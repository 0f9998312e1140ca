/**
 * The places and estimates participants see of their container runs in the fair queue (decision 0038):
 * the next choices' order played from the shared state with the charges the next choice will settle
 * settled (run-queue.ts), and an estimate from the last finished runs.
 */
import { competition } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';
import { type WaitingRun, fairOrder } from './fair-order.ts';
import { chargedRuns, fairState, waitingRuns } from './run-queue.ts';

/** How many recent runs the estimate averages. */
const recentRuns = 20;

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
  policy: competition.RunLimitPolicy = competition.runLimitPolicy(process.env),
): Promise<Map<string, RunQueued>> {
  const charged = await chargedRuns(db);
  const [runs, running, recent] = await Promise.all([
    waitingRuns(db, policy, charged),
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
  // The charges the next choice will settle are settled here too: the places are that choice's order.
  const order = fairOrder(await fairState(db, runs, false, charged), runs, Infinity, placed);
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
