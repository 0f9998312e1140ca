import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
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
// `isolate: false` (decision 0051): the files of one worker share their imported modules instead of
// importing Fastify, Kysely, kafkajs, Playwright and the services' code again for every file (a browser
// file's import alone took 7–8 s). Each workspace's unit files are a project of their own
// (`@sais/<name> (unit)`), so they never share a worker with the integration and browser files (vitest
// gives each project its own workers): an integration file's process-wide choices (the scoring workers
// start the scan pool with no threads) cannot change a unit test's. The files restore what they change
// (env, spies, timers) and close what they open.
/**
 * Workspaces whose unit files share their worker: all but the two React apps, whose unit files keep a
 * process each (their i18next, DOM and stored language are process-wide, and one file's English was
 * once left for the next). Their browser files share theirs: each opens its own platform and Chromium
 * and closes them.
 */
const unitsShareWorker = (dir: string) => !['web-portal', 'ops-console'].includes(dir);
/**
 * The timed files (infra/test/alone.json) run alone after the others (infra/scripts/test.mjs): the shared
 * run (SAIS_TEST_TIER=shared) leaves them out, each from its workspace's project (a project's patterns
 * are relative to its root; vitest's --exclude on the command line does not reach them).
 */
const alone: string[] =
  process.env.SAIS_TEST_TIER === 'shared'
    ? JSON.parse(readFileSync(new URL('./infra/test/alone.json', import.meta.url), 'utf8')).files.map(
        ({ file }: { file: string }) => file,
      )
    : [];
const aloneIn = (dir: string) =>
  alone.filter((file) => file.startsWith(`${dir}/`)).map((file) => relative(dir, file));

export default defineConfig({
  test: {
    projects: [
      ...workspaces.flatMap((dir) => [
        {
          extends: `./${dir}/vitest.config.ts`,
          root: `./${dir}`,
          test: {
            exclude: [...configDefaults.exclude, '**/*.unit.test.*', ...aloneIn(dir)],
            isolate: false,
          },
        },
        {
          extends: `./${dir}/vitest.config.ts`,
          root: `./${dir}`,
          test: {
            name: `@sais/${basename(dir)} (unit)`,
            exclude: [...configDefaults.exclude, '**/*.{int,e2e}.test.*'],
            isolate: !unitsShareWorker(dir),
          },
        },
      ]),
      {
        test: {
          name: 'embedded',
          include: embeddedFiles,
          exclude: [...configDefaults.exclude, ...alone],
          env: { SAIS_TEST_MODE: 'embedded' },
          isolate: false,
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
          isolate: false,
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
