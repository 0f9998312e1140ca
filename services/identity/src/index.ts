import { announceUnavailable, defineService } from '@sais/kit';

/**
 * The identity service: accounts, sessions, verification codes, real-name verification and review, message inbox.
 * Foundation stage: its schema and event store exist; its calls answer "not available yet" until built.
 */
export const identityService = defineService({
  name: 'identity',
  schema: 'identity',
  prefixes: ['/api/user', '/api/code', '/api/notify'],
  migrations: {},
  async routes(app) {
    announceUnavailable(app, this.prefixes);
  },
});
