import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: '@sais/competition', testTimeout: 60_000, hookTimeout: 120_000 },
});
