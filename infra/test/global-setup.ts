/**
 * Vitest globalSetup of the root config (vitest.config.ts): runs once per `vitest run`, before any project.
 * Starts PostgreSQL unless DATABASE_URL is set and Kafka unless KAFKA_BROKERS is set (testcontainers),
 * exports both as process.env.DATABASE_URL / KAFKA_BROKERS (inherited by test workers and by processes
 * tests spawn) and provides them as inject('databaseUrl') / inject('kafkaBrokers'). Teardown stops them.
 */
import type { TestProject } from 'vitest/node';
import { type RunningServer, startKafka, startPostgres } from './containers.ts';
import type {} from './provided.d.ts'; // inject('databaseUrl' | 'kafkaBrokers') types

export default async function setup(project: TestProject) {
  const started: RunningServer[] = [];
  const t0 = performance.now();
  const jobs: Promise<void>[] = [];
  if (!process.env.DATABASE_URL) {
    jobs.push(
      startPostgres().then((server) => {
        started.push(server);
        process.env.DATABASE_URL = server.url;
        log(`PostgreSQL ${server.url} (${seconds(t0)})`);
      }),
    );
  }
  if (!process.env.KAFKA_BROKERS) {
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
  project.provide('databaseUrl', process.env.DATABASE_URL);
  project.provide('kafkaBrokers', process.env.KAFKA_BROKERS);
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
