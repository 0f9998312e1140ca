import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../errors.ts';
import { type Envelope, ok } from './envelope.ts';

/** ra-data-simple-rest's query: `sort=["field","ASC"]`, `range=[from,to]`, `filter={...}`, each JSON. */
export const simpleRestQuery = z.object({
  sort: z.string().max(200).optional(),
  range: z.string().max(100).optional(),
  filter: z.string().max(4000).optional(),
});
export type SimpleRestQuery = z.infer<typeof simpleRestQuery>;

/** At most this many records per page. */
export const maxSimpleRestPage = 100;

function parseJson(text: string | undefined, field: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError('invalidRequest', { data: { fields: [field] } });
  }
}

/**
 * A sort field of up to 50 characters, any plain name: for resources that order unknown fields their
 * default way. Names on Object.prototype (`constructor`, `__proto__`, `toString`) are refused, so a
 * lookup of the name in an object can never find one of them.
 */
export const anySortField = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_.]{0,49}$/)
  .refine((name) => !(name in Object.prototype));

/**
 * Parses a list query against the resource's sort fields (a list, or `anySortField`) and filter
 * schema. A bad `sort`, `range` or `filter` answers invalidRequest naming the fields; a page is at
 * most 100 records.
 */
export function parseSimpleRestList<const F extends string, S extends z.ZodType>(
  query: SimpleRestQuery,
  options: {
    sortFields: readonly [F, ...F[]] | z.ZodType<F>;
    defaultSort: [NoInfer<F>, 'ASC' | 'DESC'];
    filter: S;
  },
) {
  const field = Array.isArray(options.sortFields)
    ? z.enum(options.sortFields as readonly [F, ...F[]])
    : (options.sortFields as z.ZodType<F>);
  const sort = z
    .tuple([field, z.enum(['ASC', 'DESC'])])
    .safeParse(parseJson(query.sort, 'sort') ?? options.defaultSort);
  const range = z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .safeParse(parseJson(query.range, 'range') ?? [0, 24]);
  const filter = options.filter.safeParse(parseJson(query.filter, 'filter') ?? {});
  if (!sort.success || !range.success || !filter.success) {
    const fields = [!sort.success && 'sort', !range.success && 'range', !filter.success && 'filter'];
    throw new ValidationError('invalidRequest', { data: { fields: fields.filter(Boolean) } });
  }
  const [from, to] = range.data;
  return {
    sort: { field: sort.data[0] as F, order: sort.data[1] },
    from,
    to: Math.max(from, Math.min(to, from + maxSimpleRestPage - 1)),
    filter: filter.data as z.infer<S>,
  };
}

/** `Content-Range: <resource> <first>-<last>/<total>`, readable by the console across origins. */
export function sendContentRange(
  reply: FastifyReply,
  resource: string,
  from: number,
  count: number,
  total: number,
): void {
  reply.header('content-range', `${resource} ${from}-${count > 0 ? from + count - 1 : from}/${total}`);
  reply.header('access-control-expose-headers', 'Content-Range');
}

/**
 * The answer of a list call: one page's records in the envelope, with the `Content-Range` header of
 * `resource` (the page starts at record `from` of `total`).
 */
export function okPage<T>(
  reply: FastifyReply,
  resource: string,
  from: number,
  page: { total: number; records: T[] },
): Envelope<T[]> {
  sendContentRange(reply, resource, from, page.records.length, page.total);
  return ok(page.records);
}

/**
 * One page of a list held in memory, for resources derived when listed: ordered by `sort` (strings
 * and numbers by value, ties by id), records `from`..`to`, and the total.
 */
export function pageInMemory<T extends { id: string }, F extends keyof T>(
  records: readonly T[],
  query: { sort: { field: F; order: 'ASC' | 'DESC' }; from: number; to: number },
): { total: number; records: T[] } {
  const { field, order } = query.sort;
  const sign = order === 'ASC' ? 1 : -1;
  const compare = <V>(a: V, b: V) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...records].sort((a, b) => sign * compare(a[field], b[field]) || compare(a.id, b.id));
  return { total: sorted.length, records: sorted.slice(query.from, query.to + 1) };
}
