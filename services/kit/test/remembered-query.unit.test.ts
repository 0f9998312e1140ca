import fc from 'fast-check';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAX_REMEMBERED_QUERIES,
  createApp,
  refusingNul,
  rememberQuery,
  rememberingQueries,
} from '../src/index.ts';

const query = z.object({
  competitionId: z.uuid(),
  phase: z.string().max(40).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
const compile = (schema: object, httpPart = 'querystring') =>
  rememberingQueries(refusingNul(validatorCompiler))({
    schema,
    method: 'GET',
    url: '/q',
    httpPart,
  } as never) as (data: unknown) => { value?: unknown; error?: { message: string } };
const plain = refusingNul(validatorCompiler)({ schema: query, method: 'GET', url: '/q' } as never) as (
  data: unknown,
) => { value?: unknown; error?: { message: string } };

const outcome = (result: { value?: unknown; error?: { message: string } }) =>
  result.error ? { error: result.error.message } : { value: result.value };

/** Issue 32: the public board's query is validated once per distinct query, with the same answers. */
describe('rememberingQueries', () => {
  it('answers any query as validating it each time would, however often it is asked (property)', () => {
    const remembered = compile(rememberQuery(query.extend({})));
    const text = fc.oneof(
      fc.constantFrom('1', '2', '50', '0', '101', '-1', '1.5', 'x', '', 'preliminary', '\u0000'),
      fc.uuid(),
      fc.string({ maxLength: 5 }),
    );
    const queries = fc.dictionary(
      fc.constantFrom('competitionId', 'phase', 'page', 'pageSize', 'other', 'a\u0000'),
      fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 })),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(fc.array(queries, { minLength: 1, maxLength: 8 }), (asked) => {
        for (const data of [...asked, ...asked])
          expect(outcome(remembered(structuredClone(data)))).toEqual(outcome(plain(structuredClone(data))));
      }),
      { numRuns: 500 },
    );
  });

  it('gives each request a value of its own, refuses a bad query every time, and only on marked schemas', async () => {
    const app = await createApp({ title: 't', logger: false });
    const marked = rememberQuery(query.extend({}));
    app.get('/q', { schema: { querystring: marked } }, (request) => {
      const seen = { ...(request.query as object) };
      (request.query as { page: number }).page = 999; // a handler changing its own copy
      return seen;
    });
    const id = '4c1d2f4e-8a4b-4c8e-9f2a-1b2c3d4e5f60';
    for (let i = 0; i < 3; i++) {
      const good = await app.inject({ url: `/q?competitionId=${id}&page=2` });
      expect(good.json()).toEqual({ competitionId: id, page: 2, pageSize: 50 });
      const bad = await app.inject({ url: `/q?competitionId=${id}&page=0` });
      expect(bad.statusCode).toBe(400);
      const nul = await app.inject({ url: `/q?competitionId=${id}&phase=a%00` });
      expect(nul.statusCode).toBe(400);
    }
    await app.close();
    // Not marked, or not a querystring: validated each time (a default that counts moves each time).
    let count = 0;
    const counting = () => z.object({ n: z.number().default(() => ++count) });
    const unmarked = compile(counting());
    expect([unmarked({}), unmarked({})]).toEqual([{ value: { n: 1 } }, { value: { n: 2 } }]);
    const body = compile(rememberQuery(counting()), 'body');
    expect([body({}), body({})]).toEqual([{ value: { n: 3 } }, { value: { n: 4 } }]);
    const markedQuery = compile(rememberQuery(counting()));
    expect([markedQuery({}), markedQuery({})]).toEqual([{ value: { n: 5 } }, { value: { n: 5 } }]);
  });

  it('starts again after MAX_REMEMBERED_QUERIES distinct queries, still answering each right', () => {
    const remembered = compile(rememberQuery(query.extend({})));
    const id = '4c1d2f4e-8a4b-4c8e-9f2a-1b2c3d4e5f60';
    for (let page = 1; page <= MAX_REMEMBERED_QUERIES * 2 + 3; page++)
      expect(remembered({ competitionId: id, page: String(page) })).toEqual({
        value: { competitionId: id, page, pageSize: 50 },
      });
  });
});
