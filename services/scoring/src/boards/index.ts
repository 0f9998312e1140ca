/**
 * The boards slice's public surface (decisions 0041, issue 34): what is shown from a submission's life.
 * The leaderboard projection and its as-of reader, the board reads, live updates, boards as of a past
 * time, the final selection and disqualifications (`Standings`), seals and publications, and the routes
 * the service registers. The rest of scoring imports the slice only from here (lint); the files of the
 * slice import each other directly. submissions/ imports nothing of boards/: boards builds on it.
 */
export { leaderboardProjection } from './projection.ts';
export { leaderboardAsOf } from './audit-as-of.ts';
export { Leaderboards } from './leaderboards.ts';
export { BoardWatch } from './live.ts';
export { BoardsAsOf } from './as-of.ts';
export { type StreamLimits, streamLimitsFrom } from './stream-limits.ts';
export { Standings, boardStream } from './standings.ts';
export { Seals, sealStream } from './seals.ts';
export { Publications, publicationStream } from './publications.ts';
export { boardRoutes } from './http/routes.ts';
export { myScoreRoutes } from './http/my-score-routes.ts';
export { finalSelectionRoutes } from './http/final-routes.ts';
export { boardOptionsRoutes } from './http/options-routes.ts';
export { baselineRoutes } from './http/baseline-routes.ts';
export { writeUpRoutes } from './http/writeup-routes.ts';
export { WriteUps } from './writeups.ts';
export { sweepWriteUpFiles } from './writeup-files.ts';
export { publicationRoutes } from './http/publication-routes.ts';
export { disqualifyTeamRoutes } from './http/disqualify-routes.ts';
