import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { SubscriptionOptions } from '@sais/kit/messaging';
import type { ServiceContext } from '@sais/kit/platform';
import { scoringMetrics } from '../metrics.ts';
import { ContainerRunWorker } from '../workers/container-runner.ts';
import { WorkerPresence, selfOnly } from '../workers/presence.ts';
import { CredentialVault } from './credentials.ts';
import { DockerRunner } from './docker-runner.ts';
import { runnerSettings } from './settings.ts';

/** The credentials key, loaded once per process on first use. */
export function credentialVault(config: ServiceContext['config']): () => Promise<CredentialVault> {
  let vault: Promise<CredentialVault> | undefined;
  return () => (vault ??= CredentialVault.load(config));
}

/**
 * Says once, at start-up, which runtime runs use, or (an error) that the engine lacks it: runs are then
 * refused (never run without the sandbox asked for) until it is registered (infra/scripts/ensure-docker.sh
 * registers runsc). Resolves to what it found: true, false, or null when the engine does not answer.
 */
export async function reportRuntime(
  runner: Pick<DockerRunner, 'hasRuntime'>,
  runtime: string,
  logger: Pick<ServiceContext['logger'], 'info' | 'warn' | 'error'>,
): Promise<boolean | null> {
  const has = await runner.hasRuntime();
  if (has === true) logger.info({ runtime }, `container runs use runtime ${runtime}`);
  else if (has === false)
    logger.error(
      { runtime },
      `the Docker Engine has no runtime ${runtime} (SCORING_RUN_RUNTIME): container runs are refused until it is registered (bash infra/scripts/ensure-docker.sh), or set SCORING_RUN_RUNTIME=runc to run without gVisor`,
    );
  else logger.warn({ runtime }, 'the Docker Engine does not answer: container runs fail until it does');
  return has;
}

/**
 * The container runner of this process (group `scoring.runners`) on the local Docker Engine, with its
 * presence in real mode (a runner that dies is taken over at once) and a stop hook that gives its runs
 * back on SIGTERM (decision 0014); SCORING_RUNNER=off leaves container runs to other processes.
 */
export function containerRunners({
  db,
  store,
  config,
  logger,
  metrics,
}: Pick<ServiceContext, 'db' | 'store' | 'config' | 'logger' | 'metrics'>): SubscriptionOptions[] {
  if (config.env.SCORING_RUNNER === 'off') return [];
  // The competition service keeps its files here (see competitionFilesDir in @sais/competition).
  const settings = runnerSettings(config.env, join(config.dataDir, 'files', 'competition'));
  // Unique per process start (a restarted container keeps its host name and pid), so a new runner never
  // passes for the one whose runs it should take over.
  const workerId = `${hostname()}:${process.pid}:runner-${randomUUID().slice(0, 8)}`;
  const runner = new DockerRunner({ user: settings.user, runtime: settings.runtime });
  void reportRuntime(runner, settings.runtime, logger);
  const worker = new ContainerRunWorker(
    db,
    store,
    runner,
    credentialVault(config),
    settings,
    workerId,
    logger,
    scoringMetrics(metrics),
    config.env.DATABASE_URL ? new WorkerPresence(db, workerId, logger) : selfOnly(workerId),
  );
  worker.start();
  let stopped: Promise<void> | undefined;
  return [
    {
      groupId: 'scoring.runners',
      topics: ['scoring.submission'],
      handleBatch: (events) => worker.handleBatch(events),
      stop: () => (stopped ??= worker.stop()),
    },
  ];
}
