import { identity } from '@sais/events';
import {
  type SimpleRestQuery,
  envelopeOf,
  ok,
  okPage,
  parseSimpleRestList,
  simpleRestQuery,
} from '@sais/kit/http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Accounts } from '../accounts.ts';
import type { Sessions } from '../auth/sessions.ts';
import { staffSessionArea } from './context.ts';
import type { IdentitySignalQuery, IdentitySignals } from '../signals/signals.ts';
import { identitySignal, namedIdentitySignal } from './schemas.ts';

const filterShape = z.object({
  kind: z.enum(['shared-document', 'shared-address']).optional(),
  status: z.enum(['open', 'dismissed', 'confirmed']).optional(),
  accountId: z.uuid().optional(),
  id: z.union([z.string().max(80), z.array(z.string().max(80)).max(100)]).optional(),
});

export function parseIdentitySignalList(query: SimpleRestQuery): IdentitySignalQuery {
  const { filter, ...page } = parseSimpleRestList(query, {
    sortFields: ['detectedAt', 'kind', 'status'],
    defaultSort: ['detectedAt', 'DESC'],
    filter: filterShape,
  });
  const { id, ...rest } = filter;
  return { ...page, filter: { ...rest, ids: id === undefined ? undefined : [id].flat() } };
}

/**
 * The identity signals for operators (decision 0008), in ra-data-simple-rest form under
 * `/api/admin/identity-signals`: one document behind several accounts, many accounts from one address.
 */
export async function identitySignalRoutes(
  root: FastifyInstance,
  { accounts, sessions, signals }: { accounts: Accounts; sessions: Sessions; signals: IdentitySignals },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: integrity'];
  // One role check for the area (register this as its own plugin), in its `onRequest` hook.
  const operator = staffSessionArea(root, { sessions, accounts }, 'operator');
  /** Words, not ids (issue 19): each named account's username beside its id. */
  const withNames = async <T extends { accountIds: string[] }>(records: T[]) => {
    const ids = [...new Set(records.flatMap((record) => record.accountIds))];
    const names = new Map(
      await Promise.all(
        ids.map(
          async (id) =>
            [
              id,
              await accounts.load(id).then(
                ({ state }) => state.username ?? null,
                () => null,
              ),
            ] as const,
        ),
      ),
    );
    return records.map((record) => ({
      ...record,
      accountNames: Object.fromEntries(record.accountIds.map((id) => [id, names.get(id) ?? null])),
    }));
  };
  const idParams = z.object({ id: z.string().min(1).max(80) });
  const decision = identity.requests.signalDecision;

  app.get(
    '/api/admin/identity-signals',
    {
      schema: {
        tags,
        summary:
          'Operator: identity signals (one document behind several accounts, many accounts from one address) with evidence; sort, range, filter {kind, status, accountId, id}; Content-Range',
        querystring: simpleRestQuery,
        response: { 200: envelopeOf(z.array(namedIdentitySignal)) },
      },
    },
    async (request, reply) => {
      const query = parseIdentitySignalList(request.query);
      const page = await signals.list(query);
      return okPage(reply, 'identity-signals', query.from, {
        ...page,
        records: await withNames(page.records),
      });
    },
  );

  app.get(
    '/api/admin/identity-signals/:id',
    {
      schema: {
        tags,
        summary: 'Operator: one identity signal with its evidence',
        params: idParams,
        response: { 200: envelopeOf(namedIdentitySignal) },
      },
    },
    async (request) => {
      return ok((await withNames([await signals.one(request.params.id)]))[0]!);
    },
  );

  for (const [action, outcome] of [
    ['dismiss', 'dismissed'],
    ['confirm', 'confirmed'],
  ] as const)
    app.post(
      `/api/admin/identity-signals/:id/${action}`,
      {
        schema: {
          tags,
          summary: `Operator: ${action} an identity signal with a reason (recorded as an event)`,
          params: idParams,
          body: decision,
          response: { 200: envelopeOf(identitySignal) },
        },
      },
      async (request) => {
        const { accountId, metadata } = operator(request);
        return ok(await signals.decide(request.params.id, outcome, request.body.reason, accountId, metadata));
      },
    );
}
