import { announceUnavailable, defineService } from '@sais/kit';

/**
 * The scoring service: submissions, scoring workers, leaderboards.
 * Foundation stage: its schema and event store exist; its calls answer "not available yet" until built.
 */
export const scoringService = defineService({
  name: 'scoring',
  schema: 'scoring',
  prefixes: ['/api/submission', '/api/leaderboard'],
  migrations: {},
  async routes(app) {
    announceUnavailable(app, this.prefixes);
  },
});
