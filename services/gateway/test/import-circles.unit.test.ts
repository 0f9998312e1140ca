import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';
import { importCircles } from './import-graph.ts';

describe('import circles', () => {
  it.each(['web-portal/src', 'bench'])('there is none in %s', (folder) => {
    expect(importCircles(repositoryRoot, join(repositoryRoot, folder))).toEqual([]);
  });
});
