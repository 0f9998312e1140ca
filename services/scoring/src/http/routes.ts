import type { FastifyInstance } from 'fastify';
import {
  type BoardWatch,
  type BoardsAsOf,
  type Leaderboards,
  type Standings,
  type StreamLimits,
  baselineRoutes,
  boardOptionsRoutes,
  boardRoutes,
  disqualifyTeamRoutes,
  finalSelectionRoutes,
  myScoreRoutes,
  writeUpRoutes,
} from '../boards/index.ts';
import type { GroundTruths } from '../ground-truths.ts';
import type { Operations } from '../operations.ts';
import { type Submissions, submissionRoutes } from '../submissions/index.ts';
import { type AdminGuards, adminRoutes } from './admin/routes.ts';

export { maxMultipartBytes } from '../submissions/index.ts';
export { type AdminGuards, type RouteGuard, parseSubmissionList } from './admin/routes.ts';

/**
 * The scoring service's HTTP calls, one encapsulated plugin per area (as fastify/demo lays them out):
 * the participant's submissions (submissions/http/), the leaderboards and my score (boards/http/),
 * the operators' calls (admin/: one role check for the area, the guards as the routes' preHandlers)
 * and a team's disqualification (boards/http/disqualify-routes.ts: its own area, the same role and
 * guards). The other areas register beside these in index.ts: seals and publication
 * (boards/http/publication-routes.ts), integrity signals (integrity/http/routes.ts), resumable uploads
 * (submissions/http/tus.ts), container submissions (containers.ts), metrics (metric-routes.ts).
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
    /** Where write-ups' files are kept (decision 0047). */
    writeUpFiles: string;
  },
) {
  const { submissions, leaderboards, standings, groundTruths, operations, watch } = deps;
  await app.register(submissionRoutes, { submissions });
  await app.register(myScoreRoutes, { submissions, leaderboards });
  await app.register(finalSelectionRoutes, { submissions, standings });
  await app.register(boardRoutes, {
    leaderboards,
    watch,
    boardsAsOf: deps.boardsAsOf,
    streamLimits: deps.streamLimits,
  });
  await app.register(adminRoutes, { groundTruths, standings, operations, guards: deps.guards });
  const { sealedTeam, ownTeam } = deps.guards;
  await app.register(disqualifyTeamRoutes, { standings, guards: { sealedTeam, ownTeam } });
  await app.register(boardOptionsRoutes);
  await app.register(baselineRoutes);
  await app.register(writeUpRoutes, { leaderboards, submissions, directory: deps.writeUpFiles });
}
