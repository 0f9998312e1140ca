import { defineConfig } from 'vitest/config';
import { embeddedFiles, embeddedPortalFiles } from './infra/test/embedded.ts';
import LongestFirst from './infra/test/sequencer.ts';
import { workspaces } from './infra/test/workspaces.ts';

// One run for the whole monorepo (`npm test`). Two modes of the platform:
// - every workspace's project runs against real PostgreSQL and Kafka (testcontainers on the images
//   infra/images builds, or DATABASE_URL / KAFKA_BROKERS when set; infra/test/global-setup.ts);
// - the `embedded` project runs a chosen set of those files again against the embedded default that
//   `npm start` runs (PGlite, the in-process bus): SAIS_TEST_MODE=embedded, read by the harnesses
//   (services/kit/src/testing). The set and why each file is in it or not: infra/test/embedded.ts.
// `npm run test:unit` (vitest.unit.config.ts) runs the unit files alone, without servers.
export default defineConfig({
  test: {
    projects: [
      ...workspaces,
      {
        test: {
          name: 'embedded',
          include: embeddedFiles,
          env: { SAIS_TEST_MODE: 'embedded' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The portal's journey in a browser on the embedded default: web-portal's settings (its own
        // vitest.config.ts; a project cannot extend it and narrow its files) for the one file.
        root: './web-portal',
        test: {
          name: 'embedded (portal)',
          include: embeddedPortalFiles,
          env: { SAIS_TEST_MODE: 'embedded' },
          setupFiles: ['./test/support/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
    globalSetup: ['infra/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The longest first, across projects: several run at once (infra/scripts/test.mjs).
    sequence: { sequencer: LongestFirst },
    // Each file's time, the slowest files and those over their budget, after the run (issue 31).
    reporters: ['default', './infra/test/file-times.ts'],
  },
});
