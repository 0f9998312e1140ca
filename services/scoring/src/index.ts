import { join } from 'node:path';
import { competition } from '@sais/events';
import { defineService, projectionSources, withAsOfReader } from '@sais/kit/platform';
import {
  BoardWatch,
  BoardsAsOf,
  Leaderboards,
  Publications,
  Seals,
  Standings,
  leaderboardAsOf,
  leaderboardProjection,
  publicationRoutes,
  streamLimitsFrom,
  sweepWriteUpFiles,
} from './boards/index.ts';
import { scoringMigrations } from './db/migrations.ts';
import { GroundTruths, SplitKeys } from './ground-truths.ts';
import { integrityParts } from './integrity/parts.ts';
import { integrityRoutes } from './integrity/http/routes.ts';
import { scoreRecordRoutes } from './integrity/http/score-record.ts';
import { signalScans } from './integrity/signals.ts';
import { scoringRoutes } from './http/routes.ts';
import { ResumableUploads, Submissions, tusRoutes } from './submissions/index.ts';
import { Operations } from './operations.ts';
import { scoringStateCheck } from './integrity/state-check.ts';
import { membershipsMirror } from './projections/memberships.ts';
import { competitionsMirror, peopleMirror } from './projections/mirrors.ts';
import { scoringWorkers } from './workers/scoring-workers.ts';
import { containerRoutes } from './http/containers.ts';
import { runQueueRoutes } from './http/run-queue.ts';
import { metricRoutes } from './http/metric-routes.ts';
import { ContainerSubmissions } from './containers/submissions.ts';
import { containerRunners, credentialVault } from './containers/setup.ts';
import { datasetsMirror } from './containers/datasets.ts';
import { scoringMetrics, submissionMetrics } from './metrics.ts';
import { startScoringJobs } from './jobs.ts';

/** The scoring service: result-file submissions, the daily quota ledger, scoring workers, leaderboards. */
export const scoringService = defineService({
  name: 'scoring',
  schema: 'scoring',
  prefixes: [
    '/api/submission',
    '/api/leaderboard',
    '/api/admin/groundtruth',
    '/api/admin/submissions',
    '/api/admin/leaderboard',
    '/api/admin/signals',
    '/api/admin/run-queue',
    '/api/admin/smoke-split',
  ],
  migrations: scoringMigrations,
  // A seal, a publication and a ground truth's commitment (decision 0024) are signed into the scoring
  // log's checkpoints at once (decision 0012).
  checkpointAfter: [
    'scoring.PrivateLeaderboardSealed',
    'scoring.PrivateLeaderboardPublished',
    'scoring.GroundTruthUploaded',
    // A write-up names the seal of its board (decision 0047): signed at once, so its proof is there.
    'scoring.WriteUpSubmitted',
  ],
  projections: () => [
    competitionsMirror,
    peopleMirror,
    membershipsMirror,
    datasetsMirror,
    withAsOfReader(leaderboardProjection, leaderboardAsOf),
  ],
  stateChecks: [scoringStateCheck],
  metrics: submissionMetrics,
  workers: ({ db, store, config, logger, metrics }) => [
    // SCORING_WORKERS=off: this process takes no result file (tests drive an Evaluator themselves).
    ...(config.env.SCORING_WORKERS === 'off'
      ? []
      : [scoringWorkers({ db, store, config, logger, metrics: scoringMetrics(metrics) })]),
    ...signalScans({ db, store, config, logger }),
    ...containerRunners({ db, store, config, logger, metrics }),
  ],
  async routes(app, { config, personal }) {
    const { database: db, store } = app;
    // Leaderboard change counters, polled for live updates and the page cache (SCORING_BOARD_POLL_MS).
    const watch = new BoardWatch(db, Number(config.env.SCORING_BOARD_POLL_MS ?? 500));
    app.addHook('onClose', async () => watch.stop());
    const submissions = new Submissions(db, store, competition.runLimitPolicy(config.env));
    const writeUpFiles = join(config.dataDir, 'files', 'writeups');
    // Boards as of a past time (decision 0019): the leaderboard projection rebuilt up to it, bounded.
    const seconds = (name: string, fallback: number) => Number(config.env[name] ?? fallback);
    const boardsAsOf = new BoardsAsOf(
      db,
      leaderboardProjection,
      () => projectionSources(db, new Map([['scoring', store]]), leaderboardProjection),
      {
        stepMs: seconds('SCORING_BOARD_AS_OF_STEP_SECONDS', 60) * 1000,
        perAccount: seconds('SCORING_BOARD_AS_OF_LIMIT', 10),
        windowMs: seconds('SCORING_BOARD_AS_OF_WINDOW_SECONDS', 600) * 1000,
        ...(personal ? { personal } : {}),
      },
    );
    // Sealed results and collusion signals (decision 0008): their guards run before the operators' calls.
    const seals = new Seals(db, store, new Leaderboards(db));
    const publications = new Publications(db, store, seals);
    const integrity = integrityParts({ db, store }, { seals, publications });
    const standings = new Standings(db, store);
    // The split keys' vault, loaded when first needed (an operator sets a ground truth, a split is revealed).
    let vault: Promise<SplitKeys> | undefined;
    const splitKeys = () => (vault ??= SplitKeys.load(config));
    await scoringRoutes(app, {
      guards: integrity.guards,
      boardsAsOf,
      submissions,
      leaderboards: new Leaderboards(db, watch),
      groundTruths: new GroundTruths(db, store, splitKeys),
      standings,
      operations: new Operations(db, store),
      watch,
      streamLimits: streamLimitsFrom(config.env),
      writeUpFiles,
    });
    await app.register(publicationRoutes, {
      seals,
      publications,
      standings,
      beforePublish: integrity.guards.beforePublish,
    });
    await app.register(integrityRoutes, { parts: integrity });
    await scoreRecordRoutes(app, { submissions });
    await metricRoutes(app, { splitKeys });
    const expiredUploads = await tusRoutes(app, {
      submissions,
      uploads: new ResumableUploads(db),
      directory: join(config.dataDir, 'uploads'),
    });
    await containerRoutes(app, {
      containers: new ContainerSubmissions(db, store, submissions, credentialVault(config)),
      enabled: config.env.SCORING_CONTAINERS !== 'off',
    });
    await app.register(runQueueRoutes, { db, store });
    startScoringJobs(app, {
      uploads: expiredUploads,
      writeUpFiles: () => sweepWriteUpFiles(db, writeUpFiles),
    });
  },
});

export { containerRunners } from './containers/setup.ts';
export { GroundTruths, SplitKeys } from './ground-truths.ts';
export { BoardWatch, Leaderboards } from './boards/index.ts';
