import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@sais/ops-console',
    include: ['src/**/*.unit.test.{ts,tsx}', 'test/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser pages share 2 cores with the platform and, in `npm test`, with the other test files running
    // beside them: a list may take more than expect.poll's default second to load, so polls wait up to 10 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
