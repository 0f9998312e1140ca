import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@sais/ops-console',
    include: ['src/**/*.unit.test.{ts,tsx}', 'test/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Browser pages share 2 cores with the platform and, in `npm test`, with the other test files running
    // beside them: a list may take more than expect.poll's default second to load, so polls wait up to 30 s
    // (infra/test/browser.ts, browserWaitMs: two files run at a time).
    expect: { poll: { timeout: 30_000 } },
  },
});
