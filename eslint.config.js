import { existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The import rules (docs/architecture.md, decision 0022): services couple only through `events/` and the
 * kit, apps (portal, console, command-line client) only through `events/` (and HTTP; the portal and the console
 * also share React parts in `web-shared/`), `events/` through
 * nothing of ours. They hold for `src/` only: tests may compose services (scoring's tests start
 * identity), and the gateway is the place that puts every service together. `services/gateway/test/import-rules.unit.test.ts` proves they catch.
 */
const services = ['identity', 'competition', 'team', 'scoring'];
const packageOf = (name) => `@sais/${name}`;
/** Another package's source reached by a relative path (`../../identity/src/accounts.ts`). */
const sourceOf = (names) => `(^|/)(${names.join('|')})/src(/|$)`;

const restrict = (files, { packages, folders, message, also = [] }, ignores = []) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(${packages.map((name) => name.replace('/', '\\/')).join('|')})(/.*)?$`,
            message,
          },
          { regex: sourceOf(folders), message },
          ...also,
        ],
      },
    ],
  },
});

/**
 * The kit's floors, bottom first (services/kit/README.md, decision 0042): a part imports only parts
 * before it, so the library floors never import the platform (transparency, audit, runtime) above them.
 * Files directly in `src/` are named without `.ts`.
 */
const kitFloors = [
  'errors',
  'time',
  'crypto',
  'idle-loop',
  'config',
  'db',
  'keys',
  'personal',
  'eventstore',
  'projections',
  'messaging',
  'observability',
  'http',
  'integrity',
  'calendar',
  'transparency',
  'audit',
  'runtime',
  'index',
  'testing',
];
const kitRule = {
  packages: [...services, 'gateway', 'web-shared'].map(packageOf),
  folders: [...services, 'gateway', 'web-portal', 'ops-console', 'web-shared'],
  message: 'The kit is shared by every service and knows none of them: it may import @sais/events only.',
};
const kitFloorRules = kitFloors.map((part, floor) => {
  const above = kitFloors.slice(floor + 1);
  // A part is a folder of src/ unless a file of that name stands directly in it.
  const folder = !existsSync(new URL(`./services/kit/src/${part}.ts`, import.meta.url));
  const up = folder ? '\\.\\./' : '\\./';
  return restrict([folder ? `services/kit/src/${part}/**/*.ts` : `services/kit/src/${part}.ts`], {
    ...kitRule,
    also: above.length
      ? [
          {
            regex: `^${up}(${above.join('|')})(\\.ts$|/|$)`,
            message: `The kit's ${part} may import only the parts below it (services/kit/README.md): not ${above.join(', ')}.`,
          },
        ]
      : [],
  });
});

/**
 * The kit by its subpaths (decision 0042): a service's and the gateway's sources name the part they use
 * (`@sais/kit/eventstore`, `/http`, `/platform`, …: services/kit/README.md), not the root barrel, not the
 * kit's files, and not its test helpers. Tests and benchmarks may use the kit's test helpers
 * (`@sais/kit/testing`), but not the root barrel either (`kitRoot`).
 */
const kitRoot = {
  regex: '^@sais/kit$',
  message:
    'Import the kit by its subpath (@sais/kit/eventstore, /http, /platform, …: decision 0042), not its root.',
};
const kitSubpaths = [
  kitRoot,
  {
    regex: '^@sais/kit/(src|testing)(/|$)',
    message:
      "A service's source imports the kit's parts by their subpaths: not its files, not @sais/kit/testing.",
  },
];

const serviceRule = (service) => {
  const others = services.filter((name) => name !== service);
  return {
    packages: [...others, 'gateway', 'web-shared'].map(packageOf),
    folders: [...others, 'gateway', 'web-portal', 'ops-console', 'web-shared'],
    message: `A service couples to others only through events (@sais/events) and the kit (@sais/kit); ${service} learns what it needs from their events.`,
    also: kitSubpaths,
  };
};
const serviceRules = services.map((service) =>
  restrict([`services/${service}/src/**/*.ts`], serviceRule(service)),
);

/**
 * Scoring's two slices (decision 0041, issue 34). Outside `submissions/`, nothing imports the decider or
 * the recorder (`SubmissionCommands` is their one caller); each slice is imported through its `index.ts`
 * only: `boards/` reads submissions through `submissions/index.ts`, the rest of scoring reads boards
 * through `boards/index.ts`, and `submissions/` imports nothing of `boards/` (boards builds on it).
 * Integrity is not a slice, but its routes are in its `http/` folder too: only the service definition
 * (`src/index.ts`) imports them, and integrity's other files (its parts: signals, guards) know nothing of
 * them. A later block's `no-restricted-imports` replaces an earlier one's, so each block repeats the
 * service rule.
 */
const scoringSrc = 'services/scoring/src';
const deciderOrRecorder = {
  regex: '(^|/)submissions/(decide|record)\\.ts$',
  message:
    'Only submissions/commands.ts calls the decider and the recorder: use SubmissionCommands (decision 0041).',
};
const submissionInternals = {
  regex: '(^|/)submissions/(?!index\\.ts$).+',
  message: 'boards/ reads the submissions slice through submissions/index.ts only (decision 0041).',
};
const boardInternals = {
  regex: '(^|/)boards/(?!index\\.ts$).+',
  message: 'Scoring reads the boards slice through boards/index.ts only (decision 0041).',
};
const anyBoard = {
  regex: '(^|/)boards(/|$)',
  message: 'submissions/ imports nothing of boards/: boards builds on submissions (decision 0041).',
};
const integrityRoutes = {
  regex: '(^|/)integrity/http(/|$)',
  message:
    "Only the service definition (src/index.ts) registers integrity's routes in integrity/http/ (decision 0041).",
};
const routesFromParts = {
  regex: '^\\./http(/|$)',
  message: "Integrity's parts know nothing of its routes in integrity/http/ (decision 0041).",
};
/** The service rule for scoring's files outside the slices, with `extra` patterns. */
const scoringRest = (extra) => ({
  ...serviceRule('scoring'),
  also: [...kitSubpaths, deciderOrRecorder, boardInternals, ...extra],
});
const scoringSliceRules = [
  restrict([`${scoringSrc}/**/*.ts`], scoringRest([integrityRoutes]), [
    `${scoringSrc}/submissions/**`,
    `${scoringSrc}/boards/**`,
    `${scoringSrc}/index.ts`,
    `${scoringSrc}/integrity/**`,
  ]),
  restrict([`${scoringSrc}/index.ts`, `${scoringSrc}/integrity/http/**/*.ts`], scoringRest([])),
  restrict([`${scoringSrc}/integrity/*.ts`], scoringRest([integrityRoutes, routesFromParts])),
  restrict([`${scoringSrc}/submissions/**/*.ts`], {
    ...serviceRule('scoring'),
    also: [...kitSubpaths, anyBoard, integrityRoutes],
  }),
  restrict([`${scoringSrc}/boards/**/*.ts`], {
    ...serviceRule('scoring'),
    also: [...kitSubpaths, deciderOrRecorder, submissionInternals, integrityRoutes],
  }),
];

/**
 * Scoring's tests (decision 0041): a slice's internal files are tested beside it. Tests in
 * `test/boards/` may import `src/boards/*` and tests in `test/submissions/` `src/submissions/*` (the
 * decider's spec, the ranking's properties); every other test, and the other workspaces' tests and
 * benchmarks, read a slice through its `index.ts`, as the rest of scoring does. No test imports
 * integrity's routes (`src/integrity/http/`): they call its URLs on the service, as every route is tested.
 * Nor does any test import the kit's root barrel (decision 0042). No other rule covers these files, so
 * each block lists only these patterns.
 */
const sliceTestRule = (slice, root = '') => ({
  regex: `(^|/)${root}src/${slice}/(?!index\\.ts$).+`,
  message: `Tests read the ${slice} slice through src/${slice}/index.ts; only tests in services/scoring/test/${slice}/ import its internal files (decision 0041).`,
});
const integrityRoutesTestRule = (root = '') => ({
  regex: `(^|/)${root}src/integrity/http(/|$)`,
  message:
    "Tests call integrity's routes on the service (its URLs), not the files in src/integrity/http/ (decision 0041).",
});
const testsOf = (files, slices, ignores = [], root = '') => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...slices.map((slice) => sliceTestRule(slice, root)),
          integrityRoutesTestRule(root),
          kitRoot,
        ],
      },
    ],
  },
});
const scoringTests = 'services/scoring/test';
const scoringTestRules = [
  testsOf(
    [`${scoringTests}/**/*.ts`],
    ['boards', 'submissions'],
    [`${scoringTests}/boards/**`, `${scoringTests}/submissions/**`],
  ),
  testsOf([`${scoringTests}/boards/**/*.ts`], ['submissions']),
  testsOf([`${scoringTests}/submissions/**/*.ts`], ['boards']),
  testsOf(
    ['services/*/test/**/*.{ts,tsx}', 'bench/**/*.ts'],
    ['boards', 'submissions'],
    [`${scoringTests}/**`],
    'scoring/',
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.turbo/**',
      '**/.data/**',
      'infra/images/.cache/**',
      '**/*.bundle.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...serviceRules,
  ...scoringSliceRules,
  ...scoringTestRules,
  // The other workspaces' tests (services' and benchmarks': scoringTestRules) import the kit by its
  // subpaths too (decision 0042).
  {
    files: [
      'web-portal/test/**/*.{ts,tsx}',
      'ops-console/test/**/*.{ts,tsx}',
      'cli/test/**/*.ts',
      'events/test/**/*.ts',
      'infra/test/**/*.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [kitRoot] }] },
  },
  {
    files: ['services/gateway/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: kitSubpaths }] },
  },
  restrict(['services/kit/src/**/*.ts'], kitRule),
  ...kitFloorRules,
  // The command-line client (`cli/`, issue 22) is an app too: it talks HTTP with personal access tokens.
  restrict(['web-portal/src/**/*.{ts,tsx}', 'ops-console/src/**/*.{ts,tsx}', 'cli/src/**/*.ts'], {
    packages: [...services, 'gateway', 'kit', 'web-portal', 'ops-console'].map(packageOf),
    folders: [...services, 'gateway', 'kit', 'web-portal', 'ops-console'],
    message:
      'An app talks to the services over HTTP: of the platform it may import @sais/events (and the apps’ @sais/web-shared) only.',
  }),
  // React parts the portal and the console share (the Markdown renderer): no service, no app.
  restrict(['web-shared/src/**/*.{ts,tsx}'], {
    packages: [...services, 'gateway', 'kit', 'web-portal', 'ops-console'].map(packageOf),
    folders: [...services, 'gateway', 'kit', 'web-portal', 'ops-console'],
    message:
      'web-shared is shared by the portal and the console: of the platform it may import @sais/events only.',
  }),
  restrict(['events/src/**/*.ts'], {
    packages: [...services, 'gateway', 'kit', 'web-portal', 'ops-console', 'web-shared'].map(packageOf),
    folders: [...services, 'gateway', 'kit', 'web-portal', 'ops-console', 'web-shared'],
    message: 'events/ is the contract everyone imports: it imports nothing of the services or apps.',
  }),
);
