import { defineProject } from 'vitest/config';

// A test's timeout tells a hang from slowness, never a speed (benchmarks measure that): cli.int's tests
// run the `sais` process tens of times each, 1–3 s a start beside the deployment test's containers on a
// loaded 2-core host, where its longest tests took 108–119 s of a 120 s bound (2026-11-29).
export default defineProject({ test: { name: '@sais/cli', testTimeout: 300_000, hookTimeout: 180_000 } });
