import type { FastifySchemaCompiler } from 'fastify';
import { ValidationError } from '../errors.ts';

/**
 * Where the first NUL character (U+0000) is in a parsed body, query or set of path parameters (a string,
 * or an object key), as a dotted path; null when there is none. PostgreSQL cannot store U+0000 in text,
 * so such a value would fail deep inside a handler (a 500) instead of at the edge. Iterative, so a deeply
 * nested body cannot exhaust the stack; one pass, no copies.
 */
export function nulPathIn(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object') {
      for (const key of Object.keys(current)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return at;
        stack.push([(current as Record<string, unknown>)[key], at]);
      }
    }
  }
  return null;
}

/** The refusal of a NUL character: the standard validation error, naming the field. */
export const nulRefusal = (field: string) => new ValidationError('nulCharacter', { data: { field } });

/**
 * Wraps a validator compiler so that every validated part of every route (body, querystring, params,
 * headers) refuses a NUL character anywhere in it with the standard 400 (issue 33) before the schema's
 * own checks: one rule for every string field, present and future, instead of one per schema. Routes
 * without a schema part pay nothing; the others one walk over the parsed value.
 */
export function refusingNul<S>(compiler: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compiler(route);
    return (data: unknown) => {
      const path = nulPathIn(data);
      if (path !== null) return { error: nulRefusal(path) };
      return validate(data);
    };
  };
}
