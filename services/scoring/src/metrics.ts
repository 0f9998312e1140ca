import type { ServiceContext } from '@sais/kit/platform';
import { type Metrics, sampled } from '@sais/kit/observability';
import { sql } from 'kysely';
import type { Status } from './submissions/index.ts';

const statuses: readonly Status[] = ['Waiting', 'Evaluating', 'Completed', 'Invalid', 'Failed', 'Cancelled'];

/** What the scoring workers and the container runner observe (docs/operations.md). */
export interface ScoringMetrics {
  /** One file scored against its ground truth (parse, match ids, compute the metric), valid or not. */
  scored(metric: string, seconds: number): void;
  /**
   * A container run that ended, by what was recorded: `scored`, `invalid`, `failed`, `retried` (a platform
   * fault, run again), `aborted` (its lease was lost while running) or `lease_lost` (lost before recording).
   */
  containerRun(outcome: string): void;
}

export function scoringMetrics(metrics: Metrics): ScoringMetrics {
  const duration = metrics.histogram({
    name: 'sais_scoring_duration_seconds',
    help: 'Time to score one submission file against its ground truth, by metric',
    labelNames: ['metric'],
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });
  const runs = metrics.counter({
    name: 'sais_container_runs_total',
    help: 'Container-image runs that ended, by outcome',
    labelNames: ['outcome'],
  });
  return {
    scored: (metric, seconds) => duration.observe({ metric }, seconds),
    containerRun: (outcome) => runs.inc({ outcome }),
  };
}

/**
 * Submissions by status and the evaluation queue (Waiting submissions) of each competition, read from the
 * submission rows at scrape time: one grouped scan, shared by the three families and reused for 5 s.
 * Registered by the scoring service's own process (not by worker-only processes, which would repeat it).
 */
export function submissionMetrics({ db, metrics, logger }: ServiceContext): void {
  const read = sampled(
    async () =>
      (
        await sql<{ competition_id: string; status: Status; submissions: number; oldest: Date | null }>`
            select competition_id, status, count(*)::int as submissions,
              min(created_at) filter (where status = 'Waiting') as oldest
            from scoring.submissions group by competition_id, status`.execute(db)
      ).rows,
    { maxAgeMs: 5000, timeoutMs: 3000, what: 'reading submissions by status' },
  );
  metrics.sampledGauge(
    {
      name: 'sais_submissions',
      help: 'Submissions by status (all competitions)',
      labelNames: ['status'],
    },
    read,
    (gauge, rows) => {
      for (const status of statuses)
        gauge.set(
          { status },
          rows.filter((row) => row.status === status).reduce((sum, row) => sum + row.submissions, 0),
        );
    },
    logger,
  );
  const waiting = (rows: Awaited<ReturnType<typeof read>>) => {
    const byCompetition = new Map<string, { depth: number; oldest: number | null }>();
    for (const row of rows) {
      const entry = byCompetition.get(row.competition_id) ?? { depth: 0, oldest: null };
      if (row.status === 'Waiting') {
        entry.depth += row.submissions;
        entry.oldest = row.oldest ? new Date(row.oldest).getTime() : null;
      }
      byCompetition.set(row.competition_id, entry);
    }
    return byCompetition;
  };
  metrics.sampledGauge(
    {
      name: 'sais_evaluation_queue_depth',
      help: 'Submissions waiting to be scored, by competition',
      labelNames: ['competition_id'],
    },
    read,
    (gauge, rows) =>
      waiting(rows).forEach(({ depth }, competitionId) =>
        gauge.set({ competition_id: competitionId }, depth),
      ),
    logger,
  );
  metrics.sampledGauge(
    {
      name: 'sais_evaluation_queue_oldest_age_seconds',
      help: 'How long the oldest waiting submission has waited, by competition (0 when none waits)',
      labelNames: ['competition_id'],
    },
    read,
    (gauge, rows) => {
      const now = Date.now();
      waiting(rows).forEach(({ oldest }, competitionId) =>
        gauge.set(
          { competition_id: competitionId },
          oldest === null ? 0 : Math.max(0, (now - oldest) / 1000),
        ),
      );
    },
    logger,
  );
}
