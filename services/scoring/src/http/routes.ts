import type { FastifyInstance } from 'fastify';
import type { BoardWatch } from '../boards/live.ts';
import type { BoardsAsOf } from '../boards/as-of.ts';
import type { GroundTruths } from '../ground-truths.ts';
import type { Leaderboards } from '../boards/leaderboards.ts';
import type { Operations } from '../operations.ts';
import type { Standings } from '../boards/standings.ts';
import { type Submissions, submissionRoutes } from '../submissions/index.ts';
import { type AdminGuards, adminRoutes } from './admin/routes.ts';
import { boardRoutes } from '../boards/routes.ts';
import type { StreamLimits } from '../boards/stream-limits.ts';
import { finalSelectionRoutes } from '../boards/final-routes.ts';
import { boardOptionsRoutes } from '../boards/options-routes.ts';

export { maxMultipartBytes } from '../submissions/index.ts';
export { type AdminGuards, type RouteGuard, parseSubmissionList } from './admin/routes.ts';

/**
 * The scoring service's HTTP calls, one encapsulated plugin per area (as fastify/demo lays them out):
 * the participant's submissions (submissions/), the leaderboards (boards/), and the operators' calls
 * (admin/: one role check for the area, the guards as the routes' preHandlers). The other areas register
 * beside these in index.ts: integrity (integrity/routes.ts), resumable uploads (tus.ts), container
 * submissions (containers.ts), metrics (metric-routes.ts).
 */
export async function scoringRoutes(
  app: FastifyInstance,
  deps: {
    /** Boards as of a past time (decision 0019); absent: `asOf` is not offered. */
    boardsAsOf?: BoardsAsOf;
    submissions: Submissions;
    leaderboards: Leaderboards;
    groundTruths: GroundTruths;
    standings: Standings;
    operations: Operations;
    watch: BoardWatch;
    guards: AdminGuards;
    streamLimits: StreamLimits;
  },
) {
  const { submissions, leaderboards, standings, groundTruths, operations, watch } = deps;
  await app.register(submissionRoutes, { submissions, leaderboards });
  await app.register(finalSelectionRoutes, { submissions, standings });
  await app.register(boardRoutes, {
    leaderboards,
    watch,
    boardsAsOf: deps.boardsAsOf,
    streamLimits: deps.streamLimits,
  });
  await app.register(adminRoutes, { groundTruths, standings, operations, guards: deps.guards });
  await app.register(boardOptionsRoutes);
}
