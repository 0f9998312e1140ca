import { join } from 'node:path';
import { competition } from '@sais/events';
import { defineService } from '@sais/kit/platform';
import { Competitions } from './competitions.ts';
import { competitionMigrations } from './db/migrations.ts';
import { FileStorage } from './files/storage.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { contentRoutes } from './http/content-routes.ts';
import { previewRoute } from './http/preview-route.ts';
import { raceRoutes } from './http/race-routes.ts';
import { competitionTeamsProjection } from './projections/competition-teams.ts';
import { verifiedUsersProjection } from './projections/verified-users.ts';
import { competitionStateCheck } from './state-check.ts';

/** The competition service: competitions, phases, sign-up, documentation and datasets. */
export const competitionService = defineService({
  name: 'competition',
  schema: 'competition',
  prefixes: ['/api/race', '/api/admin/competitions'],
  migrations: competitionMigrations,
  projections: () => [verifiedUsersProjection, competitionTeamsProjection],
  stateChecks: [competitionStateCheck],
  async routes(app, { config }) {
    const { database: db, store } = app;
    const files = new FileStorage(competitionFilesDir(config.dataDir));
    const competitions = new Competitions(db, store, files, competition.runLimitPolicy(config.env));
    await raceRoutes(app, { competitions, files });
    await app.register(adminRoutes, { competitions });
    await contentRoutes(app, { competitions });
    await previewRoute(app, { competitions });
  },
});

export { Competitions } from './competitions.ts';
export { seedPrize, type SeededTrack } from './seed/prize.ts';
export { trackData } from './seed/datasets.ts';
export { FileStorage } from './files/storage.ts';
export const competitionFilesDir = (dataDir: string) => join(dataDir, 'files', 'competition');
/** The competition stream's pure decider (the phase rules' properties in scoring's tests fold it too). */
export { decideCompetition, evolveCompetition, foldCompetition } from './domain/competition.ts';
export { competitionStateCheck } from './state-check.ts';
