import { randomUUID } from 'node:crypto';

/**
 * Requests made from the platform's own OpenAPI document (issue 33): a plausible value for each
 * parameter and body field from its schema, so generated tests reach past validation where they can.
 */
export interface Schema {
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
export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
export type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

export const nul = '\u0000';

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
export function sample(schema: Schema | undefined, document: Document, depth = 0): unknown {
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
export function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

export function withNul(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return `${String(value)}${nul}`;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const [head, ...rest] = path;
  copy[head!] = withNul(copy[head!], rest);
  return copy;
}
