import { announceUnavailable, defineService } from '@sais/kit';

/**
 * The competition service: competitions, phases, registration, documentation and datasets.
 * Foundation stage: its schema and event store exist; its calls answer "not available yet" until built.
 */
export const competitionService = defineService({
  name: 'competition',
  schema: 'competition',
  prefixes: ['/api/race'],
  migrations: {},
  async routes(app) {
    announceUnavailable(app, this.prefixes);
  },
});
