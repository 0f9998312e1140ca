import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@sais/web-portal',
    include: ['src/**/*.unit.test.{ts,tsx}', 'test/**/*.e2e.test.ts'],
    setupFiles: ['./test/support/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Browser pages share 2 cores with the platform and, in `npm test`, with every other suite: a page may
    // take more than expect.poll's default second to render, so polls wait up to 30 s for their state
    // (infra/test/browser.ts, browserWaitMs: two files run at a time).
    expect: { poll: { timeout: 30_000 } },
  },
});
