/**
 * Request bodies of scoring's JSON routes, shared by the route (which validates with them) and the
 * clients (portal, CLI), which infer their types from them (issue 20). Multipart forms are described by
 * their routes.
 */
import { z } from 'zod';

/** `POST /api/submission/container`: `username` and `password` only for a private registry. */
export const containerSubmission = z.object({
  competitionId: z.uuid(),
  image: z.string().max(1000),
  username: z.string().max(1000).optional(),
  password: z.string().max(1000).optional(),
  /** Default `/app/run.sh`. */
  configPath: z.string().max(1000).optional(),
  /** Stop the team's unfinished previous run (40020 otherwise). */
  confirmStop: z.boolean().optional(),
  /** The submitter's message (issue 22): trimmed, ≤ 500 characters (40033 beyond). */
  description: z.string().max(10_000).optional(),
});
export type ContainerSubmission = z.input<typeof containerSubmission>;
