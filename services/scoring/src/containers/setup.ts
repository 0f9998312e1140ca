import { hostname } from 'node:os';
import { join } from 'node:path';
import type { ServiceContext, SubscriptionOptions } from '@sais/kit';
import { scoringMetrics } from '../metrics.ts';
import { ContainerRunWorker } from '../workers/container-runner.ts';
import { CredentialVault } from './credentials.ts';
import { DockerRunner } from './docker-runner.ts';
import { runnerSettings } from './settings.ts';

/** The credentials key, loaded once per process on first use. */
export function credentialVault(config: ServiceContext['config']): () => Promise<CredentialVault> {
  let vault: Promise<CredentialVault> | undefined;
  return () => (vault ??= CredentialVault.load(config));
}

/**
 * The container runner of this process (group `scoring.runners`) on the local Docker Engine;
 * SCORING_RUNNER=off leaves container runs to other processes.
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
  const worker = new ContainerRunWorker(
    db,
    store,
    new DockerRunner(settings.helperBinary, settings.user),
    credentialVault(config),
    settings,
    `${hostname()}:${process.pid}:runner`,
    logger,
    scoringMetrics(metrics),
  );
  worker.start();
  return [
    {
      groupId: 'scoring.runners',
      topics: ['scoring.submission'],
      handleBatch: (events) => worker.handleBatch(events),
    },
  ];
}
