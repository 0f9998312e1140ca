import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';
import { importCircles } from './import-graph.ts';

describe('import circles', () => {
  // The kit is left out for now: six files in a circle closed by type-only imports of
  // runtime/service.ts (PlatformConfig, EventStore, Projection); decision 0022 lists it as left.
  it.each([
    'web-portal/src',
    'ops-console/src',
    'web-shared/src',
    'bench',
    'events/src',
    'services/identity/src',
    'services/competition/src',
    'services/team/src',
    'services/scoring/src',
    'services/gateway/src',
  ])('there is none in %s', (folder) => {
    expect(importCircles(repositoryRoot, join(repositoryRoot, folder))).toEqual([]);
  });
});
