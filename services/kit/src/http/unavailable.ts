import { errorCodes, translate } from '@sais/events';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from './envelope.ts';

/**
 * Answers every call under the prefixes with a clear "not available yet" (code 501) until the
 * service's issue builds them: never a fake success.
 */
export function announceUnavailable(app: FastifyInstance, prefixes: readonly string[]): void {
  for (const prefix of prefixes) {
    app.all(`${prefix}/*`, { schema: { hide: true } }, async (request, reply) =>
      reply.status(501).send({
        code: errorCodes.notAvailable,
        message: translate('notAvailableYet', requestLanguage(request)),
        data: null,
      }),
    );
  }
}
