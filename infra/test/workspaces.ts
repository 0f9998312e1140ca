/**
 * The workspaces that have tests, each a vitest project of its own (its `vitest.config.ts`: name,
 * timeouts, include, setup files). Shared by the two configs: vitest.config.ts (`npm test`, every file)
 * and vitest.unit.config.ts (`npm run test:unit`, the `*.unit.test.*` files only).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const workspaces: string[] = [
  'events',
  ...readdirSync(join(root, 'services'))
    .sort()
    .map((name) => `services/${name}`),
  'web-portal',
  'ops-console',
  'cli',
].filter((dir) => existsSync(join(root, dir, 'vitest.config.ts')));
