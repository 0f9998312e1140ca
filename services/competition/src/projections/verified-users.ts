import { identity } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { isEvent } from '@sais/kit/eventstore';
import { defineProjection } from '@sais/kit/projections';
import type { Kysely } from 'kysely';
import type { CompetitionTables } from '../db/tables.ts';

const table = (trx: Db) => trx.withSchema('competition') as Kysely<CompetitionTables>;

/** Who passed real-name verification, learnt from identity's events (sign-up and datasets need it). */
export const verifiedUsersProjection = defineProjection({
  name: 'competition.verified-users',
  schema: 'competition',
  tables: ['verified_users'],
  streamTypes: [identity.IdentityVerificationApproved.aggregate],
  async apply(trx, event) {
    if (!isEvent(identity.IdentityVerificationApproved, event)) return;
    const { accountId } = event.data;
    await table(trx)
      .insertInto('verified_users')
      .values({ account_id: accountId, verified_at: new Date(event.occurredAt) })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
  },
  async reset(trx) {
    await table(trx).deleteFrom('verified_users').execute();
  },
});
