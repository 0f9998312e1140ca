// One process of real mode (DATABASE_URL and KAFKA_BROKERS), as `npm run start:service -- <role>` or the
// entry point of the deployment's containers (infra/deploy/compose.yaml):
//   identity | competition | team | scoring   one service: HTTP routes, projections, workers
//                                             (SAIS_WORKERS=off leaves the workers to other processes)
//   scoring-workers                           the scoring workers only (no routes, no projections): start
//                                             as many as needed; they share the work as a consumer group
//   scoring-runner                            the container runner only (container-image submissions, on
//                                             this host's Docker Engine; decision 0007)
//   seed                                      loads the five-track prize when no competition exists, exits
//   gateway                                   the proxy in front of the services, serving both web apps
import { join } from 'node:path';
import { closeOnSignals } from '@sais/kit/http';
import { createPlatform, workersOnly } from '@sais/kit/platform';
import { Metrics, metricsAddress, serveMetrics } from '@sais/kit/observability';
import { containerRunners } from '@sais/scoring';
import { startProxyGateway } from './proxy.ts';
import { repositoryRoot } from './platform.ts';
import { seedIfEmpty } from './seed.ts';
import { serviceNamed } from './services.ts';

const env = process.env;
const role = process.argv[2];
const roles = 'identity|competition|team|scoring|scoring-workers|scoring-runner|seed|gateway';
if (!role) {
  process.stderr.write(`usage: npm run start:service -- <${roles}>\n`);
  process.exit(2);
}
const host = env.HOST ?? '127.0.0.1';
const dataDir = env.SAIS_DATA_DIR ?? join(repositoryRoot, '.data');
// Every process serves its metrics on a port of its own (docs/operations.md): METRICS_PORT, default 0 here
// (a free port, logged) as several processes may share a machine; the deployment sets 9464.
const metrics = new Metrics();
const metricsAt = metricsAddress(env, 0);
const metricsListener = async (log: (message: string) => void) => {
  if (!metricsAt || role === 'seed') return undefined;
  const listener = await serveMetrics(metrics, metricsAt);
  log(`metrics at ${listener.url}`);
  return listener;
};

if (role === 'gateway') {
  const app = await startProxyGateway(env, { metrics });
  const listener = await metricsListener((message) => app.log.info(message));
  closeOnSignals(
    async () => {
      await listener?.close();
      await app.close();
    },
    (message) => app.log.info(message),
  );
  await app.listen({ port: Number(env.PORT ?? 8080), host });
} else {
  if (!env.DATABASE_URL || !env.KAFKA_BROKERS) {
    process.stderr.write(`a separate ${role} process needs DATABASE_URL and KAFKA_BROKERS (real mode)\n`);
    process.exit(2);
  }
  const services =
    role === 'seed'
      ? // Appends the competitions and their ground truths; the services' own processes project them.
        [serviceNamed('competition'), serviceNamed('scoring')].map((service) => ({
          ...workersOnly(service),
          workers: () => [],
        }))
      : role === 'scoring-workers'
        ? [workersOnly(serviceNamed('scoring'))]
        : role === 'scoring-runner'
          ? [{ ...workersOnly(serviceNamed('scoring')), workers: containerRunners }]
          : [serviceNamed(role)];
  const platform = await createPlatform({ services, config: { dataDir, env }, metrics });
  if (role === 'seed') {
    const loaded = await seedIfEmpty(platform, { dataDir, env });
    process.stdout.write(
      loaded ? `seeded ${loaded} competitions\n` : 'competitions exist already: not seeded\n',
    );
    await platform.close();
  } else {
    const listener = await metricsListener((message) => platform.app.log.info(message));
    closeOnSignals(
      async () => {
        await listener?.close();
        await platform.close();
      },
      (message) => platform.app.log.info(message),
    );
    await platform.app.listen({ port: Number(env.PORT ?? 0), host });
  }
}
