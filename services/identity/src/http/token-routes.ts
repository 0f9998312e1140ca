import { identity } from '@sais/events';
import { envelopeOf, ok, requestMetadata } from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Accounts } from '../accounts.ts';
import type { Sessions } from '../auth/sessions.ts';
import { requireSession } from './context.ts';
import { maxTokenDays } from '../tokens/tokens.ts';

const tags = ['user'];
const tokenView = identity.responses.accessToken;

/**
 * The holder's personal access tokens on `/user` (decision 0019): made, listed and revoked signed in
 * with the cookie only (the kit refuses tokens on these routes).
 */
export async function tokenRoutes(
  root: FastifyInstance,
  { accounts, sessions }: { accounts: Accounts; sessions: Sessions },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/user/tokens/create',
    {
      schema: {
        tags,
        summary: 'Create a personal access token: its secret is in this answer only',
        body: identity.requests.createToken,
        response: { 200: envelopeOf(tokenView.extend({ token: z.string() })) },
      },
    },
    async (request) => {
      const session = await requireSession(request, sessions);
      await accounts.requireAccount(session);
      const { token, view } = await sessions.tokens.create(
        session.accountId,
        request.body,
        requestMetadata(request, session.accountId),
      );
      return ok({ ...view, token });
    },
  );
  app.get(
    '/api/user/tokens/list',
    {
      schema: {
        tags,
        summary: `My personal access tokens, newest first (never their secrets); at most ${maxTokenDays} days each`,
        response: { 200: envelopeOf(z.array(tokenView)) },
      },
    },
    async (request) => {
      const session = await requireSession(request, sessions);
      await accounts.requireAccount(session);
      return ok(await sessions.tokens.list(session.accountId));
    },
  );
  app.post(
    '/api/user/tokens/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke one of my personal access tokens: it is refused from the next call on',
        body: identity.requests.revokeToken,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const session = await requireSession(request, sessions);
      await accounts.requireAccount(session);
      await sessions.tokens.revoke(
        session.accountId,
        request.body.tokenId,
        requestMetadata(request, session.accountId),
      );
      return ok(null);
    },
  );
}
