import { configDefaults, defineConfig } from 'vitest/config';
import { workspaces } from './infra/test/workspaces.ts';

// `npm run test:unit`: every workspace's `*.unit.test.{ts,tsx}` files (deciders, scorer, CSV reader, Merkle
// and note code, request schemas, React components with jsdom) and nothing else: no global setup, so no
// containers, no network, no browser. Each project is the workspace's own config (name, setup files,
// timeouts) with the integration and browser files left out. `npm test` (vitest.config.ts) runs these
// files too, with the rest.
//
// `isolate: false`: the files of one worker share their imported modules instead of importing React, MUI,
// Fastify and the services' code again for every file (79 files: about half the time on the 2-core
// test host). The files restore what they change (spies, fake timers, the DOM); `npm test` runs them the
// same way, as projects of their own (`@sais/<name> (unit)`, vitest.config.ts, decision 0051).
// `fsModuleCache`: the transformed modules are kept in node_modules/.experimental-vitest-cache between runs
// (keyed by content; a developer's next run transforms only what changed; `vitest --clearCache` empties it).
export default defineConfig({
  test: {
    experimental: { fsModuleCache: true },
    projects: workspaces.map((dir) => ({
      extends: `./${dir}/vitest.config.ts`,
      root: `./${dir}`,
      test: { exclude: [...configDefaults.exclude, '**/*.{int,e2e}.test.*'], isolate: false },
    })),
  },
});
