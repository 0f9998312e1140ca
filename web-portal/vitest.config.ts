import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@sais/web-portal',
    include: ['src/**/*.unit.test.{ts,tsx}', 'test/**/*.e2e.test.ts'],
    setupFiles: ['./test/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser pages share 2 cores with the platform and, in `npm test`, with every other suite: a page may
    // take more than expect.poll's default second to render, so polls wait up to 10 s for their state.
    expect: { poll: { timeout: 10_000 } },
  },
});
