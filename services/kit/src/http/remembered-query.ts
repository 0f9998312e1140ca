import type { FastifySchemaCompiler } from 'fastify';

/** Query schemas whose validated value is remembered per query (`rememberQuery`). */
const remembered = new WeakSet<object>();

/**
 * Marks a route's querystring schema as a pure function of the query: no default or transform that
 * reads the clock, a counter or anything else but the query itself. The validated value of such a query
 * is then remembered per distinct query (`rememberingQueries`), so the most frequent read of a route (the
 * public leaderboard's same few pages, issue 32) validates each distinct query once, not once per request.
 * Returns the schema itself.
 */
export function rememberQuery<S extends object>(schema: S): S {
  remembered.add(schema);
  return schema;
}

/** Distinct queries remembered per route; a caller sending ever new ones only makes the memory start again. */
export const MAX_REMEMBERED_QUERIES = 256;

const primitive = (value: unknown) =>
  value === null || (typeof value !== 'object' && typeof value !== 'function');

/**
 * Wraps a validator compiler: on the querystring of a schema marked with `rememberQuery`, a query that
 * validated before (the same parsed names and values, in the same order) gets the value it got then,
 * as a copy of its own, without validating again. Only valid queries whose values are all primitives
 * (strings, numbers, booleans, null, undefined) are remembered: a refused query is checked again each
 * time, and a value holding an array or object is validated per request, so no request can see
 * another's changes. Every other part and schema is validated as before.
 */
export function rememberingQueries<S>(compiler: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compiler(route);
    if (route.httpPart !== 'querystring' || !remembered.has(route.schema as object)) return validate;
    const values = new Map<string, Record<string, unknown>>();
    return (data: unknown) => {
      const key = JSON.stringify(data);
      const known = values.get(key);
      if (known) return { value: { ...known } };
      const result = validate(data);
      const { value, error } = (typeof result === 'object' && result !== null ? result : {}) as {
        value?: unknown;
        error?: unknown;
      };
      if (!error && typeof value === 'object' && value !== null && Object.values(value).every(primitive)) {
        if (values.size >= MAX_REMEMBERED_QUERIES) values.clear();
        values.set(key, { ...(value as Record<string, unknown>) });
      }
      return result;
    };
  };
}
