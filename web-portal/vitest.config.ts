import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@sais/web-portal',
    include: ['src/**/*.unit.test.{ts,tsx}', 'test/**/*.e2e.test.ts'],
    setupFiles: ['./test/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
