import { compileErrors, validate } from '@readme/openapi-parser';
import { freshDatabase } from '@sais/kit/testing';
import { audit, competition, identity, scoring, team } from '@sais/events';
import type { Platform } from '@sais/kit/platform';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAllInOne } from '../src/platform.ts';

interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Calls that never succeed on this platform: their refusal is documented instead (docs/cli.md). */
const alwaysRefused = ['POST /api/user/getAlipayAuthUrl', 'POST /api/user/queryAlipayAuthenticationResult'];

/**
 * What a client generator needs from each call: a success answer it can type. A JSON answer names its
 * schema; a stream or a file names its content type; an answer without a body (tus's 201, 204, HEAD)
 * says so (@fastify/swagger writes "Default Response" and no content where a route declares nothing).
 */
function undocumentedSuccesses(document: OpenApiDocument): string[] {
  const missing: string[] = [];
  for (const [path, item] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^2/.test(status));
      const typed = successes.some(([, response]) =>
        response.content === undefined
          ? response.description !== undefined && response.description !== 'Default Response'
          : Object.entries(response.content).some(
              ([type, media]) => !/json/.test(type) || (media.schema !== undefined && media.schema !== null),
            ),
      );
      const call = `${method.toUpperCase()} ${path}`;
      if (alwaysRefused.includes(call)) {
        const refusals = Object.entries(operation.responses ?? {}).filter(([status]) => /^[45]/.test(status));
        if (successes.length > 0 || refusals.length === 0) missing.push(`${call} (documents no refusal)`);
      } else if (!typed) missing.push(call);
    }
  return missing.sort();
}

/** A shared request schema (`@sais/events`) as the document shows it: its input, OpenAPI 3.0's subset. */
function documented(schema: { toJSONSchema(params: object): object }) {
  const { $schema: _, ...json } = schema.toJSONSchema({ io: 'input', target: 'openapi-3.0' }) as Record<
    string,
    unknown
  >;
  return json as { properties?: Record<string, unknown>; required?: string[] };
}

/**
 * Calls the portal, the console and the CLI make, with the shared schema (issue 20) their route must
 * declare: a body, or a query (one parameter per property).
 */
const sharedRequests = [
  ['post', '/api/team/create', 'body', team.requests.createTeam],
  ['post', '/api/team/handleApplication', 'body', team.requests.handleApplication],
  ['get', '/api/team/myTeam', 'query', team.requests.competitionQuery],
  ['get', '/api/race/list', 'query', competition.requests.listQuery],
  ['post', '/api/race/signUp', 'body', competition.requests.signUp],
  ['post', '/api/admin/competitions/{id}/phases', 'body', competition.requests.phaseBody],
  ['post', '/api/user/update', 'body', identity.requests.profileBody],
  ['post', '/api/user/tokens/create', 'body', identity.requests.createToken],
  ['get', '/api/notify/page', 'query', identity.requests.paging],
  ['post', '/api/submission/container', 'body', scoring.requests.containerSubmission],
  ['post', '/api/submission/selectFinal', 'body', scoring.requests.selectFinal],
  ['get', '/api/leaderboard/public', 'query', scoring.requests.publicBoardQuery],
  ['post', '/api/admin/submissions/rescore', 'body', scoring.requests.rescoreAll],
  ['post', '/api/admin/leaderboard/publish', 'body', scoring.requests.phaseBody],
  ['post', '/api/admin/audit/scoring/jobs', 'body', audit.requests.jobRequest],
] as const;

describe('OpenAPI at /api/docs/json (issue 22)', () => {
  let platform: Platform;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase('openapi');
    await fresh.database.close();
    drop = fresh.drop;
    platform = await createAllInOne(
      { dataDir: '/nonexistent', env: { DATABASE_URL: fresh.url } },
      pino({ level: 'silent' }),
    );
    await platform.app.ready();
  });
  afterAll(async () => {
    await platform.close();
    await drop();
  });

  it('is a valid OpenAPI 3 document, with no errors and no warnings, where every call types its success', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\./);
    // The validator resolves references in place: give it a copy.
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
    expect(undocumentedSuccesses(document)).toEqual([]);
    // Every service's calls are there, the scoring and competition ones included.
    const paths = Object.keys(document.paths);
    for (const prefix of [
      '/api/user/',
      '/api/race/',
      '/api/team/',
      '/api/submission/',
      '/api/leaderboard/',
      '/api/admin/',
      '/api/transparency/',
    ])
      expect(paths.some((path) => path.startsWith(prefix))).toBe(true);
    // Answers that are not JSON name their content type; tus's calls are there, each with its answer.
    const contentTypes = (path: string, method: string, status = '200') =>
      Object.keys(document.paths[path]?.[method]?.responses?.[status]?.content ?? {});
    expect(contentTypes('/api/leaderboard/stream', 'get')).toEqual(['text/event-stream']);
    expect(contentTypes('/api/submission/file', 'get')).toEqual(['text/csv']);
    expect(contentTypes('/api/race/download', 'get', '206')).toEqual(['application/octet-stream']);
    expect(Object.keys(document.paths['/api/submission/tus'] ?? {}).sort()).toEqual(['options', 'post']);
    expect(Object.keys(document.paths['/api/submission/tus/{uploadId}'] ?? {}).sort()).toEqual([
      'delete',
      'head',
      'options',
      'patch',
    ]);
    expect(contentTypes('/api/submission/tus/{uploadId}', 'patch', '204')).toEqual([]);
    expect(contentTypes('/api/submission/tus/{uploadId}', 'patch')).toEqual(['application/json']);
    // Multipart forms are documented with their fields (the file as bytes), as is the container body.
    const form = (path: string) =>
      (
        document.paths[path]?.post as {
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      )?.requestBody?.content?.['multipart/form-data']?.schema?.properties;
    expect(form('/api/submission/upload')).toMatchObject({
      competitionId: { type: 'string' },
      file: { type: 'string', format: 'binary' },
    });
    expect(Object.keys(form('/api/admin/groundtruth') ?? {}).sort()).toEqual([
      'competitionId',
      'file',
      'metric',
      'publicPercent',
      'revealGroundTruth',
      'secondaryMetrics',
    ]);
    expect(Object.keys(form('/api/admin/competitions/{id}/files') ?? {}).sort()).toEqual(['file', 'kind']);
    expect(
      Object.keys(
        (
          document.paths['/api/submission/container']?.post as {
            requestBody?: { content?: Record<string, unknown> };
          }
        )?.requestBody?.content ?? {},
      ),
    ).toEqual(['application/json']);
    // The web apps' pages are not API calls.
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });
  it('declares the shared request schemas of the calls the apps make (issue 20)', async () => {
    const document = (
      await platform.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json() as OpenApiDocument;
    for (const [method, path, part, schema] of sharedRequests) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      const expected = documented(schema);
      if (part === 'body') {
        expect(operation?.requestBody?.content?.['application/json']?.schema, `${method} ${path}`).toEqual(
          expected,
        );
        continue;
      }
      const query = Object.fromEntries(
        (operation?.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => [parameter.name, parameter.schema]),
      );
      expect(query, `${method} ${path}`).toEqual(expected.properties);
    }
  });
});
