import { competition } from '@sais/events';
import { isEvent } from '@sais/kit/eventstore';
import { defineProjection } from '@sais/kit/projections';
import { teamDb } from '../db/tables.ts';

/** Who signed up for which competition: only they may form or join its teams. */
export const signupsMirror = defineProjection({
  name: 'team.signups',
  schema: 'team',
  tables: ['signups'],
  streamTypes: [competition.ParticipantSignedUp.aggregate],
  async apply(trx, event) {
    if (!isEvent(competition.ParticipantSignedUp, event)) return;
    const { competitionId, accountId } = event.data;
    await teamDb(trx)
      .insertInto('signups')
      .values({
        competition_id: competitionId,
        account_id: accountId,
        signed_up_at: new Date(event.occurredAt),
      })
      .onConflict((oc) => oc.columns(['competition_id', 'account_id']).doNothing())
      .execute();
  },
  async reset(trx) {
    await teamDb(trx).deleteFrom('signups').execute();
  },
});
