import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: '@sais/gateway', testTimeout: 90_000, hookTimeout: 180_000 } });
