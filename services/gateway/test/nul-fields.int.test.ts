import { randomUUID } from 'node:crypto';
import { errorCodes } from '@sais/events';
import { Accounts } from '@sais/identity';
import { client, multipart, platformForTest } from '@sais/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allServices } from '../src/services.ts';

interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  additionalProperties?: Schema | boolean;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const nul = '\u0000';

/** A plausible string for a schema: its enum, its format, something its pattern accepts, else letters. */
function sampleString(schema: Schema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (typeof schema.const === 'string') return schema.const;
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'date-time':
      return new Date().toISOString();
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'email':
      return 'someone@example.org';
    case 'uri':
      return 'https://example.org/';
  }
  const candidates = ['abcdef12', 'Abcdef12', 'sample', 'a', '1', '12345678', '2027', 'x'];
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    return candidates.find((candidate) => pattern.test(candidate)) ?? 'sample';
  }
  const base = 'sample';
  const min = schema.minLength ?? 0;
  return base.length < min ? base.padEnd(min, 's') : base.slice(0, schema.maxLength ?? base.length);
}

/**
 * Every string field of a request as built from its schema: the sample value (each field present) and
 * the path of each string in it, so each can be given a NUL in turn.
 */
function sample(schema: Schema | undefined, document: Document, depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    return sample(document.components?.schemas?.[name], document, depth + 1);
  }
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const chosen = options.find((option) => option.type !== 'null') ?? options[0];
    return sample(chosen, document, depth + 1);
  }
  if (schema.allOf)
    return Object.assign({}, ...schema.allOf.map((part) => sample(part, document, depth + 1)));
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array': {
      const item = sample(schema.items, document, depth + 1);
      return item === undefined ? [] : Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => item);
    }
    case 'object':
    case undefined: {
      if (!schema.properties) return {};
      return Object.fromEntries(
        Object.entries(schema.properties).map(([key, property]) => [
          key,
          sample(property, document, depth + 1),
        ]),
      );
    }
  }
  return undefined;
}

/** The paths of every string in a sample value. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

function withNul(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return `${String(value)}${nul}`;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  copy[head!] = withNul(copy[head!], rest);
  return copy;
}

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
