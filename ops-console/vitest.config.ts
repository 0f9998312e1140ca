import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@sais/ops-console',
    include: ['src/**/*.unit.test.{ts,tsx}', 'test/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
