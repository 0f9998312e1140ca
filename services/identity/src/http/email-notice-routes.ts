import { identity } from '@sais/events';
import { envelopeOf, ok, requestLanguage, requestMetadata } from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Accounts } from '../accounts.ts';
import type { Sessions } from '../auth/sessions.ts';
import { requireSession } from './context.ts';
import type { EmailNoticeSettings } from '../email/settings.ts';

const tags = ['user'];

/** The person's email notices on `/user` (decision 0023): read, and saved (the website only, as writes to the account are). */
export async function emailNoticeRoutes(
  root: FastifyInstance,
  { accounts, sessions, settings }: { accounts: Accounts; sessions: Sessions; settings: EmailNoticeSettings },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/user/emailNotices',
    {
      schema: {
        tags,
        summary: 'Which inbox messages are also emailed to me, in which language (all off until turned on)',
        response: { 200: envelopeOf(identity.responses.emailNotices) },
      },
    },
    async (request) => {
      const session = await requireSession(request, sessions);
      await accounts.requireAccount(session);
      return ok(await settings.get(session.accountId, requestLanguage(request)));
    },
  );

  app.post(
    '/api/user/emailNotices',
    {
      schema: {
        tags,
        summary:
          'Choose the email notices: scoring results, team notices, verification decisions; and their language',
        body: identity.requests.emailNoticesBody,
        response: { 200: envelopeOf(identity.responses.emailNotices) },
      },
    },
    async (request) => {
      const session = await requireSession(request, sessions);
      await accounts.requireAccount(session);
      await settings.save(session.accountId, request.body, requestMetadata(request, session.accountId));
      return ok(await settings.get(session.accountId, request.body.language), 'modifySuccess');
    },
  );
}
