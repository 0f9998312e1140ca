/**
 * A scoring worker process of `npm run bench -- pipeline workers=N`: the scoring service's worker group
 * only (no HTTP routes, no projections), on the run's database and Kafka topics, as a deployment runs
 * scoring workers beside the API. Prints "ready" once subscribed; stops on SIGTERM.
 *
 *   DATABASE_URL=… KAFKA_BROKERS=… KAFKA_TOPIC_PREFIX=… node --import tsx bench/pipeline-worker.ts
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlatform, workersOnly } from '@sais/kit/platform';
import { scoringService } from '@sais/scoring';
import pino from 'pino';

const platform = await createPlatform({
  services: [workersOnly(scoringService)],
  config: {
    dataDir: await mkdtemp(join(tmpdir(), 'bench-pipeline-worker-')),
    // The API process checkpoints the scoring log; a worker process with a folder of its own would keep
    // a second copy of it (a deployment's processes share one transparency folder).
    env: { ...process.env, SAIS_SEED: 'off', SCORING_RUNNER: 'off', SAIS_TRANSPARENCY: 'off' },
  },
  logger: pino({ level: 'warn' }),
});
process.stdout.write('ready\n');
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => void platform.close().finally(() => process.exit(0)));
