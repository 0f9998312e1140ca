/**
 * The checks of `npm run bench -- faults` (bench/faults.ts): waiting for a phase to drain, and what became
 * of every upload (scored, on the leaderboard, how many times, how late).
 */
import type pg from 'pg';
import { distribution } from './report.ts';
import { sleep } from './cleanup.ts';

/** What bench/pipeline-load.ts reports. */
export interface Load {
  sent: number;
  seconds: number;
  accepted: { submissionId: string; acceptedAt: number }[];
  refused: number;
  failed: number;
  refusals: Record<string, number>;
  refusedAt: number[];
  failedAt: number[];
}

export interface PhaseResult {
  fault: string;
  load: Load;
  faultAt: number;
  faultSeconds: number;
  stored: number;
  scored: number;
  lost: number;
  doubled: number;
  stuck: number;
  /** Upload accepted → result on the leaderboard, per accepted upload that got there. */
  samples: { acceptedAt: number; appliedAt: number }[];
  /** When uploads were last left unanswered or refused after the fault (the fault's time if never). */
  lastUnanswered: number;
  recoverSeconds: number;
  latency: ReturnType<typeof distribution>;
  crashes: number;
  loadAverage: string;
  drained: boolean;
}

/** Waits (bounded) until every accepted upload is on the leaderboard and nothing is left unfinished. */
export async function drain(
  db: pg.Pool,
  competitionId: string,
  load: Load,
  timeoutMs: number,
): Promise<boolean> {
  const ids = load.accepted.map((a) => a.submissionId);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const { rows } = await db.query<{ missing: number; unfinished: number }>(
        `select (select count(*)::int from unnest($1::uuid[]) as id
                  where not exists (select 1 from bench_faults.applied a where a.submission_id = id)) as missing,
                (select count(*)::int from scoring.submissions
                  where competition_id = $2 and status in ('Waiting', 'Evaluating')) as unfinished`,
        [ids, competitionId],
      );
      if (rows[0]!.missing === 0 && rows[0]!.unfinished === 0) return true;
    } catch {
      // the database is restarting
    }
    await sleep(250);
  }
  return false;
}

export async function measure(
  db: pg.Pool,
  fault: string,
  competitionId: string,
  load: Load,
  faultAt: number,
  drained: boolean,
): Promise<PhaseResult> {
  // Settle first: a result applied twice would show a moment after the first.
  await sleep(2000);
  const { rows } = await db.query<{
    submission_id: string;
    status: string;
    scored: number;
    applied: number;
    applied_at: Date | null;
  }>(
    `select s.submission_id, s.status,
       (select count(*)::int from scoring.events e
         where e.stream_id = 'submission-' || s.submission_id and e.type = 'scoring.SubmissionScored') as scored,
       (select count(*)::int from bench_faults.applied a where a.submission_id = s.submission_id) as applied,
       (select min(a.applied_at) from bench_faults.applied a where a.submission_id = s.submission_id) as applied_at
     from scoring.submissions s where s.competition_id = $1`,
    [competitionId],
  );
  const byId = new Map(rows.map((row) => [row.submission_id, row]));
  const accepted = load.accepted.map((a) => ({ ...a, row: byId.get(a.submissionId) }));
  const latencies = accepted.flatMap((a) =>
    a.row?.applied_at ? [new Date(a.row.applied_at).getTime() - a.acceptedAt] : [],
  );
  // Until uploads were answered again, and until the last result the fault delayed reached the board.
  const lastUnanswered = Math.max(
    faultAt,
    ...[...load.failedAt, ...load.refusedAt].filter((at) => at >= faultAt - 1000),
  );
  const samples = accepted.flatMap((a) =>
    a.row?.applied_at ? [{ acceptedAt: a.acceptedAt, appliedAt: new Date(a.row.applied_at).getTime() }] : [],
  );
  return {
    fault,
    load,
    faultAt,
    faultSeconds: 0,
    stored: rows.length,
    scored: accepted.filter((a) => a.row?.scored === 1).length,
    lost: accepted.filter((a) => !a.row || a.row.applied === 0 || a.row.scored === 0).length,
    doubled: rows.filter((row) => row.applied > 1 || row.scored > 1).length,
    stuck: rows.filter((row) => row.status === 'Waiting' || row.status === 'Evaluating').length,
    samples,
    lastUnanswered,
    recoverSeconds: Number.NaN,
    latency: distribution(latencies),
    crashes: 0,
    loadAverage: '',
    drained,
  };
}

/** From the fault until uploads were answered again and the last result it delayed was on the board. */
export function recoverSeconds(result: PhaseResult, delayedMs: number): number {
  const lastDelayed = Math.max(
    result.faultAt,
    ...result.samples.filter((s) => s.appliedAt - s.acceptedAt > delayedMs).map((s) => s.appliedAt),
  );
  return (Math.max(result.lastUnanswered, lastDelayed) - result.faultAt) / 1000;
}
