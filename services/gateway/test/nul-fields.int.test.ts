import { randomUUID } from 'node:crypto';
import { errorCodes } from '@sais/events';
import { Accounts } from '@sais/identity';
import { client, multipart, platformForTest } from '@sais/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allServices } from '../src/services.ts';
import { type Document, nul, sample, stringPaths, withNul } from './openapi-samples.ts';

/**
 * Issue 33, finding 6: a NUL character in a string field answered 500 (the anonymous sign-in, and
 * operator routes: PostgreSQL stores no U+0000 in text). Generated from the OpenAPI document: every
 * route's every string field (JSON bodies, multipart form fields, query and path parameters) gets a NUL
 * in turn, sent by an admin (so role checks let it through to validation); the answer is never a 5xx,
 * and where the platform validates the field it is the standard 400 envelope.
 */
describe('a NUL character in any string field (issue 33, finding 6)', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  let admin: ReturnType<typeof client>;

  beforeAll(async () => {
    harness = await platformForTest(allServices, 'nulfields', {
      env: { SAIS_RATE_LIMIT_ACCOUNT: '0', SAIS_RATE_LIMIT_ADDRESS: '0', SAIS_RATE_LIMIT_TOKEN: '0' },
    });
    const username = `nul${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    await new Accounts(
      harness.platform.database.db,
      harness.platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    ).createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles: ['admin'] },
      { actor: { userId: null, role: 'system' }, correlationId: randomUUID(), causationId: null },
    );
    admin = client(harness.platform.app, 'en');
    expect((await admin.post('/api/user/login', { username, password: 'Secret1234' })).body.code).toBe(0);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('answers the anonymous sign-in with a NUL in the name with the standard 400, in both languages', async () => {
    for (const [language, message] of [
      ['en', 'Text cannot contain the NUL character (U+0000)'],
      ['zh-CN', '文本不能包含空字符（U+0000）'],
    ] as const) {
      const answer = await client(harness.platform.app, language).post('/api/user/login', {
        username: `admin${nul}`,
        password: 'Secret1234',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: errorCodes.invalidRequest, message, data: { field: 'username' } });
    }
  });

  it('never answers a 5xx, on any string field of any route the OpenAPI document shows', async () => {
    const document = (
      await harness.platform.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json() as Document;
    const failures: string[] = [];
    let tried = 0;
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const parameters = operation.parameters ?? [];
        const pathValues = Object.fromEntries(
          parameters
            .filter((p) => p.in === 'path')
            .map((p) => [p.name, String(sample(p.schema, document) ?? 'x')]),
        );
        const queryValues = Object.fromEntries(
          parameters
            .filter((p) => p.in === 'query')
            .map((p) => [p.name, sample(p.schema, document)])
            .filter(
              ([, value]) =>
                typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean',
            )
            .map(([name, value]) => [name, String(value)]),
        ) as Record<string, string>;
        const content = operation.requestBody?.content ?? {};
        const json = content['application/json']?.schema;
        const form = content['multipart/form-data']?.schema;
        const body = json ? sample(json, document) : undefined;
        const formFields = form
          ? Object.fromEntries(
              Object.entries(form.properties ?? {})
                .filter(([, property]) => property.format !== 'binary')
                .map(([name, property]) => [name, String(sample(property, document) ?? 'x')]),
            )
          : undefined;
        const fileFields = form
          ? Object.entries(form.properties ?? {})
              .filter(([, property]) => property.format === 'binary')
              .map(([name]) => name)
          : [];

        type Variant = {
          where: string;
          params: Record<string, string>;
          query: Record<string, string>;
          body?: unknown;
          fields?: Record<string, string>;
        };
        const variants: Variant[] = [];
        for (const name of Object.keys(pathValues))
          variants.push({
            where: `path ${name}`,
            params: { ...pathValues, [name]: `${pathValues[name]}${nul}` },
            query: queryValues,
            body,
            fields: formFields,
          });
        for (const name of Object.keys(queryValues))
          variants.push({
            where: `query ${name}`,
            params: pathValues,
            query: { ...queryValues, [name]: `${queryValues[name]}${nul}` },
            body,
            fields: formFields,
          });
        for (const at of stringPaths(body))
          variants.push({
            where: `body ${at.join('.')}`,
            params: pathValues,
            query: queryValues,
            body: withNul(body, at),
            fields: formFields,
          });
        for (const name of Object.keys(formFields ?? {}))
          variants.push({
            where: `form ${name}`,
            params: pathValues,
            query: queryValues,
            fields: { ...formFields, [name]: `${formFields![name]}${nul}` },
          });

        for (const variant of variants) {
          tried += 1;
          const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(variant.params[name]!),
          );
          const search = new URLSearchParams(variant.query).toString();
          const payload = variant.fields
            ? multipart(
                variant.fields,
                Object.fromEntries(
                  fileFields.map((name) => [
                    name,
                    { name: 'a.csv', type: 'text/csv', bytes: Buffer.from('id,y\n1,2\n') },
                  ]),
                ),
              )
            : undefined;
          const answer = await admin.raw({
            method: method.toUpperCase() as 'GET',
            url: search ? `${url}?${search}` : url,
            ...(payload
              ? { payload: payload.payload, headers: { 'content-type': payload.contentType } }
              : variant.body !== undefined
                ? { payload: variant.body as object, headers: { 'content-type': 'application/json' } }
                : {}),
          });
          const call = `${method.toUpperCase()} ${path} (${variant.where})`;
          if (answer.status >= 500) failures.push(`${call}: ${answer.status} ${JSON.stringify(answer.body)}`);
          // Where the platform validates the field (every JSON body, query and path parameter), the
          // answer is the standard validation envelope.
          else if (!variant.where.startsWith('form') && answer.body?.code !== errorCodes.invalidRequest)
            failures.push(
              `${call}: ${answer.status} ${JSON.stringify(answer.body)} (not the validation error)`,
            );
        }
      }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(200);
  });
});
