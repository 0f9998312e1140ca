import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@sais/cli', testTimeout: 120_000, hookTimeout: 120_000 } });
