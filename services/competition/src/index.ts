import { join } from 'node:path';
import { defineService } from '@sais/kit';
import { Competitions } from './competitions.ts';
import { competitionMigrations } from './db/migrations.ts';
import { FileStorage } from './files/storage.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { raceRoutes } from './http/race-routes.ts';
import { verifiedUsersProjection } from './projections/verified-users.ts';
import { seedPrize } from './seed/prize.ts';

/**
 * The competition service: competitions, phases, sign-up, documentation and datasets.
 * On first start (no competition yet) it loads the five-track prize, unless SAIS_SEED=off.
 */
export const competitionService = defineService({
  name: 'competition',
  schema: 'competition',
  prefixes: ['/api/race', '/api/admin/competitions'],
  migrations: competitionMigrations,
  projections: () => [verifiedUsersProjection],
  async routes(app, { db, store, config, auth, logger }) {
    const files = new FileStorage(join(config.dataDir, 'files', 'competition'));
    const competitions = new Competitions(db, store, files);
    if (config.env.SAIS_SEED !== 'off' && (await competitions.count()) === 0) {
      const ids = await seedPrize(competitions, config.dataDir);
      logger.info({ competitions: ids.length }, 'loaded the five-track prize (seed data)');
    }
    await raceRoutes(app, { competitions, files, auth });
    await adminRoutes(app, { competitions, auth });
  },
});

export { Competitions } from './competitions.ts';
export { seedPrize } from './seed/prize.ts';
