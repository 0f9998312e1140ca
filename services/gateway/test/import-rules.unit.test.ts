import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/platform.ts';

/**
 * The import rules of eslint.config.js (decision 0022) run on a file placed, by its path, where the rule
 * must hold or not: `npm run lint` fails on a forbidden import, and tests stay free to compose services.
 */
const eslint = new ESLint({ cwd: repositoryRoot });

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = fixture;\n`, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import rules', () => {
  it.each([
    ['services/scoring/src/fixture.ts', "import { fixture } from '@sais/identity';"],
    ['services/scoring/src/http/fixture.ts', "import { fixture } from '../../../identity/src/accounts.ts';"],
    ['services/team/src/fixture.ts', "import { fixture } from '@sais/scoring/src/standings.ts';"],
    ['services/identity/src/fixture.ts', "import { fixture } from '@sais/gateway';"],
    ['services/kit/src/fixture.ts', "import { fixture } from '@sais/team';"],
    ['services/kit/src/http/fixture.ts', "import { fixture } from '@sais/team';"],
    ['web-portal/src/app/fixture.ts', "import { fixture } from '@sais/kit';"],
    ['web-portal/src/fixture.tsx', "import { fixture } from '../../services/scoring/src/leaderboards.ts';"],
    ['ops-console/src/fixture.ts', "import { fixture } from '@sais/identity';"],
    ['cli/src/fixture.ts', "import { fixture } from '@sais/kit';"],
    ['events/src/fixture.ts', "import { fixture } from '@sais/kit';"],
    ['events/src/fixture.ts', "import { fixture } from '@sais/web-shared';"],
    ['services/scoring/src/fixture.ts', "import { fixture } from '@sais/web-shared';"],
    ['web-shared/src/fixture.tsx', "import { fixture } from '@sais/scoring';"],
    ['web-shared/src/fixture.ts', "import { fixture } from '../../web-portal/src/app/api.ts';"],
  ])('%s may not: %s', async (filePath, source) => {
    const errors = await importErrors(filePath, source);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(/events/);
  });

  it.each([
    ['services/scoring/src/fixture.ts', "import { fixture } from '@sais/events';"],
    ['services/scoring/src/fixture.ts', "import { fixture } from '@sais/kit/http';"],
    ['services/scoring/src/http/fixture.ts', "import { fixture } from '../db/tables.ts';"],
    ['services/scoring/test/fixture.ts', "import { fixture } from '@sais/identity';"],
    ['services/gateway/src/fixture.ts', "import { fixture } from '@sais/scoring';"],
    ['web-portal/src/fixture.ts', "import { fixture } from '@sais/events';"],
    ['web-portal/src/fixture.tsx', "import { fixture } from '@sais/web-shared';"],
    ['ops-console/src/fixture.tsx', "import { fixture } from '@sais/web-shared';"],
    ['web-shared/src/fixture.tsx', "import { fixture } from '@sais/events';"],
    ['events/src/fixture.ts', "import { fixture } from 'zod';"],
  ])('%s may: %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toEqual([]);
  });

  // The kit's floors (decision 0042): a library part never imports the platform above it.
  it.each([
    ['services/kit/src/eventstore/fixture.ts', "import { fixture } from '../runtime/service.ts';"],
    ['services/kit/src/db/fixture.ts', "import { fixture } from '../transparency/index.ts';"],
    ['services/kit/src/http/fixture.ts', "import { fixture } from '../audit/routes.ts';"],
    ['services/kit/src/keys/fixture.ts', "import { fixture } from '../personal/keys.ts';"],
    ['services/kit/src/config.ts', "import { fixture } from './runtime/service.ts';"],
    ['services/kit/src/idle-loop.ts', "import { fixture } from './db/index.ts';"],
  ])('%s may not: %s', async (filePath, source) => {
    const errors = await importErrors(filePath, source);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(/only the parts below it/);
  });

  it.each([
    ['services/kit/src/runtime/fixture.ts', "import { fixture } from '../eventstore/event-store.ts';"],
    ['services/kit/src/messaging/fixture.ts', "import { fixture } from '../idle-loop.ts';"],
    ['services/kit/src/http/fixture.ts', "import { fixture } from './principal.ts';"],
    ['services/kit/src/transparency/fixture.ts', "import { fixture } from '../config.ts';"],
  ])('%s may: %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toEqual([]);
  });

  // Scoring's two slices (decision 0041): the decider and the recorder only inside submissions/, each
  // slice read through its index only, and submissions/ knows nothing of boards/.
  it.each([
    [
      'services/scoring/src/workers/fixture.ts',
      "import { fixture } from '../submissions/decide.ts';",
      /SubmissionCommands/,
    ],
    [
      'services/scoring/src/workers/fixture.ts',
      "import { fixture } from '../submissions/record.ts';",
      /SubmissionCommands/,
    ],
    [
      'services/scoring/src/boards/fixture.ts',
      "import { fixture } from '../submissions/record.ts';",
      /SubmissionCommands/,
    ],
    [
      'services/scoring/src/boards/fixture.ts',
      "import { fixture } from '../submissions/reads.ts';",
      /index\.ts only/,
    ],
    [
      'services/scoring/src/boards/fixture.ts',
      "import { fixture } from '../submissions/state.ts';",
      /index\.ts only/,
    ],
    [
      'services/scoring/src/integrity/fixture.ts',
      "import { fixture } from '../boards/seals.ts';",
      /boards\/index\.ts only/,
    ],
    [
      'services/scoring/src/http/fixture.ts',
      "import type { Fixture } from '../boards/standings.ts';",
      /boards\/index\.ts only/,
    ],
    [
      'services/scoring/src/http/admin/fixture.ts',
      "import { fixture } from '../../boards/http/routes.ts';",
      /boards\/index\.ts only/,
    ],
    [
      'services/scoring/src/fixture.ts',
      "import { fixture } from './boards/projection.ts';",
      /boards\/index\.ts only/,
    ],
    [
      'services/scoring/src/workers/fixture.ts',
      "import { fixture } from '../boards/publications.ts';",
      /boards\/index\.ts only/,
    ],
    [
      'services/scoring/src/boards/http/fixture.ts',
      "import { fixture } from '../../submissions/http/routes.ts';",
      /index\.ts only/,
    ],
    [
      'services/scoring/src/submissions/http/fixture.ts',
      "import { fixture } from '../../boards/index.ts';",
      /imports nothing of boards/,
    ],
    [
      'services/scoring/src/submissions/fixture.ts',
      "import { fixture } from '../boards/index.ts';",
      /imports nothing of boards/,
    ],
    [
      'services/scoring/src/submissions/fixture.ts',
      "import type { Fixture } from '../boards/leaderboards.ts';",
      /imports nothing of boards/,
    ],
    // Integrity's routes (integrity/http/): registered by index.ts alone, unknown to integrity's parts.
    [
      'services/scoring/src/http/fixture.ts',
      "import { fixture } from '../integrity/http/routes.ts';",
      /registers integrity's routes/,
    ],
    [
      'services/scoring/src/workers/fixture.ts',
      "import { fixture } from '../integrity/http/score-record.ts';",
      /registers integrity's routes/,
    ],
    [
      'services/scoring/src/boards/fixture.ts',
      "import { fixture } from '../integrity/http/routes.ts';",
      /registers integrity's routes/,
    ],
    [
      'services/scoring/src/submissions/http/fixture.ts',
      "import { fixture } from '../../integrity/http/score-record.ts';",
      /registers integrity's routes/,
    ],
    [
      'services/scoring/src/integrity/fixture.ts',
      "import { fixture } from './http/routes.ts';",
      /know nothing of its routes/,
    ],
    [
      'services/scoring/src/integrity/http/fixture.ts',
      "import { fixture } from '../../boards/seals.ts';",
      /boards\/index\.ts only/,
    ],
    [
      'services/scoring/src/integrity/http/fixture.ts',
      "import { fixture } from '../../submissions/decide.ts';",
      /SubmissionCommands/,
    ],
    [
      'services/scoring/src/index.ts',
      "import { fixture } from './boards/seals.ts';",
      /boards\/index\.ts only/,
    ],
  ])('%s may not: %s', async (filePath, source, reason) => {
    const errors = await importErrors(filePath, source);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(reason);
  });

  it.each([
    ['services/scoring/src/submissions/fixture.ts', "import { fixture } from './decide.ts';"],
    ['services/scoring/src/submissions/fixture.ts', "import { fixture } from './record.ts';"],
    ['services/scoring/src/boards/fixture.ts', "import { fixture } from '../submissions/index.ts';"],
    ['services/scoring/src/workers/fixture.ts', "import { fixture } from '../submissions/index.ts';"],
    ['services/scoring/src/workers/fixture.ts', "import { fixture } from '../submissions/reads.ts';"],
    ['services/scoring/src/fixture.ts', "import { fixture } from './boards/index.ts';"],
    ['services/scoring/src/integrity/fixture.ts', "import { fixture } from '../boards/index.ts';"],
    ['services/scoring/src/http/admin/fixture.ts', "import { fixture } from '../../boards/index.ts';"],
    ['services/scoring/src/boards/fixture.ts', "import { fixture } from './seals.ts';"],
    ['services/scoring/src/boards/http/fixture.ts', "import { fixture } from '../seals.ts';"],
    ['services/scoring/src/boards/http/fixture.ts', "import { fixture } from '../../submissions/index.ts';"],
    ['services/scoring/src/submissions/http/fixture.ts', "import { fixture } from '../submissions.ts';"],
    ['services/scoring/test/fixture.ts', "import { fixture } from '../src/boards/index.ts';"],
    ['services/scoring/src/index.ts', "import { fixture } from './integrity/http/routes.ts';"],
    ['services/scoring/src/integrity/http/fixture.ts', "import { fixture } from '../parts.ts';"],
    ['services/scoring/src/integrity/http/fixture.ts', "import { fixture } from '../../boards/index.ts';"],
    ['services/scoring/src/integrity/fixture.ts', "import { fixture } from './signals.ts';"],
  ])('%s may: %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toEqual([]);
  });

  // The kit by its subpaths (decision 0042): not its root, its files or its test helpers, from a source;
  // not its root, from a test or a benchmark.
  it.each([
    ['services/team/src/fixture.ts', "import { fixture } from '@sais/kit';"],
    ['services/scoring/src/boards/fixture.ts', "import { fixture } from '@sais/kit';"],
    ['services/scoring/src/submissions/fixture.ts', "import { fixture } from '@sais/kit/testing';"],
    ['services/identity/src/fixture.ts', "import { fixture } from '@sais/kit/src/http/envelope.ts';"],
    ['services/gateway/src/fixture.ts', "import { fixture } from '@sais/kit';"],
    // Tests and benchmarks too: the root barrel (they may use @sais/kit/testing and the kit's files).
    ['services/identity/test/fixture.ts', "import { fixture } from '@sais/kit';"],
    ['services/scoring/test/boards/fixture.ts', "import { fixture } from '@sais/kit';"],
    ['services/kit/test/fixture.ts', "import { fixture } from '@sais/kit';"],
    ['web-portal/test/support/fixture.ts', "import type { Fixture } from '@sais/kit';"],
    ['ops-console/test/support/fixture.ts', "import type { Fixture } from '@sais/kit';"],
    ['cli/test/fixture.ts', "import { fixture } from '@sais/kit';"],
    ['infra/test/fixture.ts', "import { fixture } from '@sais/kit';"],
    ['bench/fixture.ts', "import { fixture } from '@sais/kit';"],
  ])('%s may not: %s', async (filePath, source) => {
    const errors = await importErrors(filePath, source);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/subpath/);
  });

  it.each([
    ['services/team/src/fixture.ts', "import { fixture } from '@sais/kit/eventstore';"],
    ['services/gateway/src/fixture.ts', "import { fixture } from '@sais/kit/platform';"],
    ['services/team/test/fixture.ts', "import { fixture } from '@sais/kit/testing';"],
    ['web-portal/test/support/fixture.ts', "import type { Fixture } from '@sais/kit/platform';"],
    ['ops-console/test/fixture.ts', "import { fixture } from '@sais/kit/testing';"],
    ['services/kit/test/fixture.ts', "import { fixture } from '../src/db/index.ts';"],
    ['bench/fixture.ts', "import { fixture } from '@sais/kit/eventstore';"],
  ])('%s may: %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toEqual([]);
  });

  // Scoring's tests (decision 0041): a slice's internal files only from the tests beside it
  // (test/boards/, test/submissions/); every other test and benchmark through the slice's index.ts.
  it.each([
    ['services/scoring/test/fixture.ts', "import { fixture } from '../src/boards/seals.ts';", /boards slice/],
    [
      'services/scoring/test/fixture.ts',
      "import { fixture } from '../src/submissions/http/tus.ts';",
      /submissions slice/,
    ],
    [
      'services/scoring/test/fixture.ts',
      "import { fixture } from '../src/submissions/decide.ts';",
      /submissions slice/,
    ],
    [
      'services/scoring/test/boards/fixture.ts',
      "import { fixture } from '../../src/submissions/phase-rules.ts';",
      /submissions slice/,
    ],
    [
      'services/scoring/test/submissions/fixture.ts',
      "import { fixture } from '../../src/boards/ranking.ts';",
      /boards slice/,
    ],
    [
      'services/gateway/test/fixture.ts',
      "import { fixture } from '../../scoring/src/boards/projection.ts';",
      /boards slice/,
    ],
    [
      'bench/fixture.ts',
      "import { fixture } from '../services/scoring/src/submissions/record.ts';",
      /submissions slice/,
    ],
    [
      'services/scoring/test/fixture.ts',
      "import { fixture } from '../src/integrity/http/routes.ts';",
      /integrity's routes on the service/,
    ],
    [
      'services/scoring/test/boards/fixture.ts',
      "import { fixture } from '../../src/integrity/http/score-record.ts';",
      /integrity's routes on the service/,
    ],
    [
      'services/gateway/test/fixture.ts',
      "import { fixture } from '../../scoring/src/integrity/http/routes.ts';",
      /integrity's routes on the service/,
    ],
  ])('%s may not: %s', async (filePath, source, reason) => {
    const errors = await importErrors(filePath, source);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(reason);
  });

  it.each([
    ['services/scoring/test/boards/fixture.ts', "import { fixture } from '../../src/boards/ranking.ts';"],
    ['services/scoring/test/boards/fixture.ts', "import { fixture } from '../../src/submissions/index.ts';"],
    [
      'services/scoring/test/submissions/fixture.ts',
      "import { fixture } from '../../src/submissions/decide.ts';",
    ],
    ['services/scoring/test/fixture.ts', "import { fixture } from '../src/submissions/index.ts';"],
    ['services/scoring/test/fixture.ts', "import { fixture } from '../src/evaluation/metrics.ts';"],
    ['services/gateway/test/fixture.ts', "import { fixture } from '../../scoring/src/boards/index.ts';"],
    ['bench/fixture.ts', "import { fixture } from '../services/scoring/src/http/routes.ts';"],
    ['services/scoring/test/fixture.ts', "import { fixture } from '../src/integrity/state-check.ts';"],
  ])('%s may: %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toEqual([]);
  });
});
