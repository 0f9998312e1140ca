import { defineConfig } from 'vitest/config';
import LongestFirst from './infra/test/sequencer.ts';

// One run for the whole monorepo. The global setup starts real PostgreSQL and Kafka
// (testcontainers on the images infra/images builds) unless DATABASE_URL / KAFKA_BROKERS are set.
export default defineConfig({
  test: {
    projects: ['events', 'services/*', 'web-portal', 'ops-console', 'cli'],
    globalSetup: ['infra/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The longest files first, across projects: several run at once (infra/scripts/test.mjs).
    sequence: { sequencer: LongestFirst },
  },
});
