// `npm start`: the whole platform in one process. Embedded default (PGlite in .data/, in-process bus)
// unless DATABASE_URL / KAFKA_BROKERS name real servers.
import { join } from 'node:path';
import { closeOnSignals } from '@sais/kit/http';
import { metricsAddress, serveMetrics } from '@sais/kit/observability';
import { createAllInOne, repositoryRoot } from './platform.ts';

const env = process.env;
const dataDir = env.SAIS_DATA_DIR ?? join(repositoryRoot, '.data');
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '127.0.0.1';

const platform = await createAllInOne({ dataDir, env });
// Prometheus metrics on a port of their own (METRICS_PORT, default 9464, on 127.0.0.1): never the public one.
const metricsAt = metricsAddress(env, 9464);
const metrics = metricsAt ? await serveMetrics(platform.metrics, metricsAt) : undefined;
closeOnSignals(
  async () => {
    await metrics?.close();
    await platform.close();
  },
  (message) => platform.app.log.info(message),
);
await platform.app.listen({ port, host });

const base = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
const where =
  platform.mode.database === 'pglite'
    ? `embedded PostgreSQL (PGlite) in ${join(dataDir, 'pg')}`
    : 'PostgreSQL at DATABASE_URL';
process.stdout.write(
  [
    '',
    'SAIS competition platform is running',
    `  portal   ${base}/`,
    `  console  ${base}/console/`,
    `  API docs ${base}/api/docs`,
    `  metrics  ${metrics?.url ?? 'off (METRICS_PORT=off)'}`,
    `  storage  ${where}`,
    `  events   ${platform.mode.bus === 'kafka' ? 'Apache Kafka at KAFKA_BROKERS' : 'in-process bus'}`,
    '',
  ].join('\n') + '\n',
);
