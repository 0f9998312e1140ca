import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { SubscriptionOptions } from '@sais/kit/messaging';
import { type ServiceContext, hasDiskRoom } from '@sais/kit/platform';
import { startScanPool } from '../evaluation/scan-pool.ts';
import { warmUpSteps } from '../evaluation/warm-up.ts';
import type { ScoringMetrics } from '../metrics.ts';
import { Evaluator } from './evaluator.ts';
import { WorkerPresence, selfOnly } from './presence.ts';
import { Sweeper } from './sweeper.ts';

/**
 * The result-file scoring workers of this process: a member of the `scoring.workers` consumer group (Kafka
 * brings each new submission to one process), its presence (real mode) and its sweeper, which together
 * take over a dead worker's submissions within seconds (docs/decisions/0014-fault-tolerance.md). Stopping
 * it (SIGTERM, platform.close()) claims nothing new, finishes the submissions in hand and lets go of its
 * presence, so nothing it held waits for a lease.
 */
export function scoringWorkers({
  db,
  store,
  config,
  logger,
  metrics,
}: Pick<ServiceContext, 'db' | 'store' | 'config' | 'logger'> & {
  metrics?: ScoringMetrics;
}): SubscriptionOptions {
  const env = config.env;
  // Unique per process start: a restarted container keeps its host name and pid (often 1), and must not
  // pass for the process whose claims it should take over.
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const presence = env.DATABASE_URL ? new WorkerPresence(db, workerId, logger) : undefined;
  const canClaim = () => hasDiskRoom(config);
  const batchSize = Number(env.SCORING_BATCH ?? 16);
  const evaluator = new Evaluator(db, store, {
    workerId,
    leaseMs: Number(env.SCORING_LEASE_MS ?? 60_000),
    maxAttempts: Number(env.SCORING_MAX_ATTEMPTS ?? 3),
    backoffMs: Number(env.SCORING_BACKOFF_MS ?? 500),
    batchSize,
    logger,
    liveness: presence ?? selfOnly(workerId),
    canClaim,
    metrics,
  });
  const everyMs = Number(env.SCORING_SWEEP_MS ?? 1000);
  const sweeper = new Sweeper(db, store, evaluator, {
    everyMs,
    graceMs: 2 * everyMs,
    batchSize,
    canClaim,
    logger,
  });
  presence?.start();
  sweeper.start();
  // The scoring code compiled now rather than on the first submission (warm-up.ts; decision 0015,
  // fourth pass): right after start, in steps of a few ms with the event loop free between them, so
  // start-up (migrations, joining the consumer group) and heartbeats do not wait for it (~0.2–0.4 s
  // of CPU in all, once). With SCORING_SCAN_THREADS the scan pool starts first, so its threads warm
  // too. SCORING_WARM_UP=off leaves the compiling to the first submission.
  let warming: NodeJS.Immediate | undefined;
  if (env.SCORING_WARM_UP !== 'off') {
    let steps: ReturnType<typeof warmUpSteps> | undefined;
    const step = () => {
      try {
        if (!steps) {
          startScanPool(0);
          steps = warmUpSteps();
        }
        const next = steps.next();
        if (next.done) {
          const { ms, busyMs, files } = next.value;
          logger.info({ ms: Math.round(ms), busyMs: Math.round(busyMs), files }, 'scoring code warmed up');
        } else (warming = setImmediate(step)).unref();
      } catch (error) {
        // Only a saving: the first submission compiles the code instead.
        logger.warn({ error }, 'scoring warm-up failed');
      }
    };
    (warming = setImmediate(step)).unref();
  }
  const inHand = new Set<Promise<void>>();
  let stopped: Promise<void> | undefined;
  return {
    groupId: 'scoring.workers',
    topics: ['scoring.submission'],
    handleBatch: (events) => {
      const batch = evaluator.handleBatch(events);
      inHand.add(batch);
      return batch.finally(() => inHand.delete(batch));
    },
    // Partitions scored at once per process: their chunks' database round trips overlap.
    concurrency: Number(env.SCORING_CONCURRENCY ?? 4),
    stop: () =>
      (stopped ??= (async () => {
        if (warming) clearImmediate(warming);
        evaluator.stopClaiming();
        await sweeper.stop();
        await Promise.allSettled([...inHand]);
        await presence?.stop();
      })()),
  };
}
