import { announceUnavailable, defineService } from '@sais/kit';

/**
 * The team service: teams, members, join and leave applications.
 * Foundation stage: its schema and event store exist; its calls answer "not available yet" until built.
 */
export const teamService = defineService({
  name: 'team',
  schema: 'team',
  prefixes: ['/api/team'],
  migrations: {},
  async routes(app) {
    announceUnavailable(app, this.prefixes);
  },
});
