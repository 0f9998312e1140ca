import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';
import { folderCircles, importCircles } from './import-graph.ts';

describe('import circles', () => {
  it.each([
    'web-portal/src',
    'ops-console/src',
    'web-shared/src',
    'bench',
    'events/src',
    'services/kit/src',
    'services/identity/src',
    'services/competition/src',
    'services/team/src',
    'services/scoring/src',
    'services/gateway/src',
  ])('there is none in %s', (folder) => {
    expect(importCircles(repositoryRoot, join(repositoryRoot, folder))).toEqual([]);
  });

  // The kit's parts sit on floors (decision 0042): a folder never imports one that imports it back.
  it('there is none between the kit folders', () => {
    expect(folderCircles(join(repositoryRoot, 'services/kit/src'))).toEqual([]);
  });

  it('a circle between two folders is found, through any files', () => {
    const root = mkdtempSync(join(tmpdir(), 'sais-circles-'));
    try {
      mkdirSync(join(root, 'low'));
      mkdirSync(join(root, 'high'));
      writeFileSync(join(root, 'low/a.ts'), "import type { C } from '../high/c.ts';\nexport type A = C;\n");
      writeFileSync(join(root, 'low/b.ts'), 'export const b = 1;\n');
      writeFileSync(join(root, 'high/c.ts'), "import { b } from '../low/b.ts';\nexport type C = typeof b;\n");
      expect(importCircles(root, root)).toEqual([]);
      expect(folderCircles(root)).toEqual([['high', 'low']]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
