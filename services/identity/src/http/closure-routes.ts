import { identity } from '@sais/events';
import { envelopeOf, ok, requestMetadata } from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Accounts } from '../accounts.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { AccountClosures } from '../closure/closures.ts';
import { clearSessionCookie, requireSession } from './context.ts';

const closed = z.object({
  closedAt: z.string(),
  /** The day the personal data is deleted (90 working days on); null while the calendar cannot tell. */
  deleteAfter: z.string().nullable(),
});

/** The holder closes their own account (`/user`, with a confirmation and the password). */
export async function closureRoutes(
  root: FastifyInstance,
  options: { accounts: Accounts; sessions: Sessions; closures: AccountClosures; secureCookies: boolean },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/user/close',
    {
      schema: {
        tags: ['user'],
        summary:
          'Close my account: every session ends, sign-in stops, the personal data is deleted 90 working days later',
        body: identity.requests.closeAccount,
        response: { 200: envelopeOf(closed) },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request, options.sessions);
      await options.accounts.requireAccount(session);
      const result = await options.closures.closeByHolder(
        session.accountId,
        request.body.password,
        requestMetadata(request, session.accountId),
      );
      clearSessionCookie(reply, options.secureCookies);
      return ok(result, 'Account closed');
    },
  );
}
