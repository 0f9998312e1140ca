/**
 * Vitest globalSetup of the root config (vitest.config.ts): runs once per `vitest run`, before any project.
 * Starts PostgreSQL unless DATABASE_URL is set and Kafka unless KAFKA_BROKERS is set (testcontainers),
 * exports both as process.env.DATABASE_URL / KAFKA_BROKERS (inherited by test workers and by processes
 * tests spawn) and provides them as inject('databaseUrl') / inject('kafkaBrokers'). Teardown stops them.
 * A run of only the `embedded` project (`npm test -- --project embedded`: PGlite and the in-process bus)
 * starts no server. While the servers start, it makes sure the initialised empty embedded database the
 * tests copy exists (services/kit/src/testing/pglite-template.ts: made once per PGlite version, kept in
 * node_modules/.cache).
 */
import type { TestProject } from 'vitest/node';
import { pgliteTemplate } from '../../services/kit/src/testing/pglite-template.ts';
import { type RunningServer, startKafka, startPostgres } from './containers.ts';
import type {} from './provided.d.ts'; // inject('databaseUrl' | 'kafkaBrokers') types

export default async function setup(project: TestProject) {
  const embedded = (one: TestProject) => one.config.env?.SAIS_TEST_MODE === 'embedded';
  const needsServers = project.vitest.projects.some((one) => !embedded(one));
  const started: RunningServer[] = [];
  const t0 = performance.now();
  const jobs: Promise<void>[] = [];
  jobs.push(pgliteTemplate().then((dir) => log(`embedded database template ${dir} (${seconds(t0)})`)));
  if (!needsServers) log('only embedded-mode projects in this run: no PostgreSQL or Kafka');
  if (needsServers && !process.env.DATABASE_URL) {
    jobs.push(
      startPostgres().then((server) => {
        started.push(server);
        process.env.DATABASE_URL = server.url;
        log(`PostgreSQL ${server.url} (${seconds(t0)})`);
      }),
    );
  }
  if (needsServers && !process.env.KAFKA_BROKERS) {
    jobs.push(
      startKafka().then((server) => {
        started.push(server);
        process.env.KAFKA_BROKERS = server.brokers;
        log(`Kafka ${server.brokers} (${seconds(t0)})`);
      }),
    );
  }
  const stopAll = async () => {
    await Promise.allSettled(started.splice(0).map((server) => server.stop()));
  };
  const results = await Promise.allSettled(jobs);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  if (needsServers) {
    project.provide('databaseUrl', process.env.DATABASE_URL);
    project.provide('kafkaBrokers', process.env.KAFKA_BROKERS);
  }
  return async () => {
    const t1 = performance.now();
    const count = started.length;
    await stopAll();
    if (count) log(`stopped ${count} container(s) (${seconds(t1)})`);
  };
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

function log(message: string): void {
  console.log(`[global-setup] ${message}`);
}
