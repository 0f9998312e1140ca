import { type Role, identity, optionalReasonBody } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { type StaffCall, envelopeOf, ok, okPage, parseSimpleRestList, simpleRestQuery } from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Accounts } from '../accounts.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { AccountClosures } from '../closure/closures.ts';
import { identityErrors } from '../errors.ts';
import { type UserDirectory, accountStatuses, staffRoles } from '../users/directory.ts';
import { type StaffChange, StaffActions } from '../users/staff-actions.ts';
import { staffSessionArea } from './context.ts';
import { userRecord } from './schemas.ts';

const oneUser = envelopeOf(userRecord);

const tags = ['admin: users'];
const idParams = z.object({ id: z.uuid() });
const listFilter = z.object({
  role: z.enum(['participant', ...staffRoles]).optional(),
  status: z.enum(accountStatuses).optional(),
  q: z.string().trim().max(100).optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(100)]).optional(),
});

/**
 * Accounts for the console, in ra-data-simple-rest form: list (`sort` [registeredAt|username],
 * `range`, `filter` {role, status, q, id}, Content-Range) and show for operators and admins;
 * disable (with a reason; sessions end) and enable for operators and admins, of staff accounts for
 * admins only; role grants and revocations and closing an account (with a reason; decision 0017) for
 * admins only; the last admin stays (staff-rules.ts). Every change is an event on the account's stream.
 */
export async function userAdminRoutes(
  root: FastifyInstance,
  {
    db,
    accounts,
    sessions,
    directory,
    closures,
  }: {
    db: Db;
    accounts: Accounts;
    sessions: Sessions;
    directory: UserDirectory;
    closures: AccountClosures;
  },
) {
  const staffActions = new StaffActions(db, accounts, sessions, closures);
  const change = (caller: StaffCall & { roles: Role[] }, targetId: string, what: StaffChange) =>
    staffActions.change(targetId, what, caller, caller.metadata);

  // The operators' area: the role (or admin) checked once in its hook; the role recorded on events is the one that let them in.
  await root.register(async (area) => {
    const operator = staffSessionArea(area, { sessions, accounts }, 'operator');
    const app = area.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/admin/users',
      {
        schema: {
          tags,
          summary:
            'Operator: accounts (newest first); sort [registeredAt|username], range, filter {role, status, q, id}; Content-Range',
          querystring: simpleRestQuery,
          response: { 200: envelopeOf(z.array(userRecord)) },
        },
      },
      async (request, reply) => {
        const query = parseSimpleRestList(request.query, {
          sortFields: ['registeredAt', 'username'],
          defaultSort: ['registeredAt', 'DESC'],
          filter: listFilter,
        });
        const { id, q, ...filter } = query.filter;
        const page = await directory.list({
          ...query,
          filter: { ...filter, q: q || undefined, ids: id === undefined ? undefined : [id].flat() },
        });
        return okPage(reply, 'users', query.from, page);
      },
    );

    app.get(
      '/api/admin/users/:id',
      {
        schema: {
          tags,
          summary: 'Operator: one account with its roles and status',
          params: idParams,
          response: { 200: oneUser },
        },
      },
      async (request) => {
        return ok(await directory.one(request.params.id));
      },
    );

    app.post(
      '/api/admin/users/:id/disable',
      {
        schema: {
          tags,
          summary: 'Operator: disable an account with a reason; its sessions end and it cannot sign in',
          params: idParams,
          body: optionalReasonBody,
          response: { 200: oneUser },
        },
      },
      async (request) => {
        const caller = operator(request);
        const reason = request.body?.reason;
        if (!reason) throw identityErrors.disableReasonRequired();
        await change(caller, request.params.id, { type: 'disable', reason });
        return ok(await directory.one(request.params.id));
      },
    );

    app.post(
      '/api/admin/users/:id/enable',
      {
        schema: {
          tags,
          summary: 'Operator: enable a disabled account again',
          params: idParams,
          response: { 200: oneUser },
        },
      },
      async (request) => {
        const caller = operator(request);
        await change(caller, request.params.id, { type: 'enable' });
        return ok(await directory.one(request.params.id));
      },
    );
  });

  // The admins' area: closing accounts and granting roles.
  await root.register(async (area) => {
    const admin = staffSessionArea(area, { sessions, accounts }, 'admin');
    const app = area.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/admin/users/:id/close',
      {
        schema: {
          tags,
          summary:
            'Admin: close an account with a reason; its sessions end, it cannot sign in, its personal data is deleted 90 working days later',
          params: idParams,
          body: optionalReasonBody,
          response: { 200: oneUser },
        },
      },
      async (request) => {
        const caller = admin(request);
        const reason = request.body?.reason;
        if (!reason) throw identityErrors.closeReasonRequired();
        await change(caller, request.params.id, { type: 'close', reason });
        return ok(await directory.one(request.params.id));
      },
    );

    for (const action of ['grant', 'revoke'] as const) {
      app.post(
        `/api/admin/users/:id/${action}`,
        {
          schema: {
            tags,
            summary: `Admin: ${action} a staff role (reviewer, operator, auditor, admin)`,
            params: idParams,
            body: identity.requests.roleBody,
            response: { 200: oneUser },
          },
        },
        async (request) => {
          const caller = admin(request);
          const { role } = request.body;
          await change(caller, request.params.id, { type: action, role });
          return ok(await directory.one(request.params.id));
        },
      );
    }
  });
}
