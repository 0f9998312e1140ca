import { identity } from '@sais/events';
import { ForbiddenError, NotFoundError } from '@sais/kit/errors';
import { envelopeOf, ok } from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Accounts } from '../accounts.ts';
import type { Sessions } from '../auth/sessions.ts';
import { type UserDirectory, staffRoles } from '../users/directory.ts';
import { requireSession } from './context.ts';

const tags = ['admin: names'];

/**
 * Words, not ids (issue 19): the console names accounts by username on every page, auditors' too,
 * while the audit API shows personal fields as stored, sealed (decision 0017). For any staff member:
 * usernames by account id (null once an account's data is deleted), and accounts found by username,
 * email or phone for the auditors' stream search. Reading names is not recorded as an event.
 */
export async function nameRoutes(
  root: FastifyInstance,
  { accounts, sessions, directory }: { accounts: Accounts; sessions: Sessions; directory: UserDirectory },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Any staff role, checked once for the area (register this as its own plugin) in its `onRequest` hook.
  root.addHook('onRequest', async (request) => {
    const account = await accounts.requireAccount(await requireSession(request, sessions));
    if (!account.roles.some((role) => (staffRoles as readonly string[]).includes(role)))
      throw new ForbiddenError();
  });

  app.get(
    '/api/admin/names/accounts',
    {
      schema: {
        tags,
        summary: 'Staff: usernames of up to 100 accounts by id ({id: username | null})',
        querystring: identity.requests.namesQuery,
        response: { 200: envelopeOf(z.record(z.string(), z.string().nullable())) },
      },
    },
    async (request) => {
      const ids = [...new Set([request.query.id].flat())];
      const names = await Promise.all(
        ids.map(async (id) => {
          try {
            const { state } = await accounts.load(id);
            return [id, state.username || null] as const;
          } catch (error) {
            if (error instanceof NotFoundError) return [id, null] as const;
            throw error;
          }
        }),
      );
      return ok(Object.fromEntries(names));
    },
  );

  app.get(
    '/api/admin/names/search',
    {
      schema: {
        tags,
        summary: 'Staff: up to 10 accounts whose username, email or phone contains q, newest first',
        querystring: identity.requests.nameSearch,
        response: { 200: envelopeOf(z.array(z.object({ id: z.string(), username: z.string() }))) },
      },
    },
    async (request) => {
      const page = await directory.list({
        sort: { field: 'registeredAt', order: 'DESC' },
        from: 0,
        to: 9,
        filter: { q: request.query.q },
      });
      return ok(page.records.map((record) => ({ id: record.id, username: record.username })));
    },
  );
}
