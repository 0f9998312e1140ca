/**
 * Request bodies of the audit calls every service serves (`/api/admin/audit/<service>/...`), shared by
 * the kit's routes (which validate with them) and the console, which infers its types from them
 * (issue 20).
 */
import { z } from 'zod';

/** An instant as the audit calls take it (ISO text). */
export const instant = z
  .string()
  .max(40)
  .refine((text) => !Number.isNaN(Date.parse(text)), 'invalidRequest');

/**
 * `POST /api/admin/audit/<service>/jobs`: a background check: a read model as of a time (`asof`, with
 * the read model's own query), the chain's verification, or the read models' check.
 */
export const jobRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('asof'),
    projection: z.string().min(1).max(200),
    at: instant,
    query: z.record(z.string().max(40), z.string().max(200)).default({}),
  }),
  z.object({ kind: z.literal('verify') }),
  z.object({ kind: z.literal('read-models'), projection: z.string().min(1).max(200).optional() }),
]);
export type JobRequest = z.input<typeof jobRequest>;
