import { team } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { dataOf, isEvent } from '@sais/kit/eventstore';
import { defineProjection } from '@sais/kit/projections';
import type { ScoringDb } from '../db/tables.ts';

const t = (trx: Db) => trx.withSchema('scoring') as ScoringDb;

export const membershipsMirror = defineProjection({
  name: 'scoring.memberships',
  schema: 'scoring',
  tables: ['memberships'],
  streamTypes: [team.TeamCreated.aggregate],
  async apply(trx, event) {
    if (!isEvent(team.teamEvents, event)) return;
    const { competitionId, teamId } = event.data;
    const join = (accountId: string, teamName: string) =>
      t(trx)
        .insertInto('memberships')
        .values({
          competition_id: competitionId,
          account_id: accountId,
          team_id: teamId,
          team_name: teamName,
        })
        .onConflict((oc) =>
          oc.columns(['competition_id', 'account_id']).doUpdateSet({ team_id: teamId, team_name: teamName }),
        )
        .execute();
    const leave = (accountId: string) =>
      t(trx)
        .deleteFrom('memberships')
        .where('competition_id', '=', competitionId)
        .where('account_id', '=', accountId)
        .where('team_id', '=', teamId)
        .execute();
    switch (event.type) {
      case team.TeamCreated.type: {
        const { ownerId, name } = dataOf(team.TeamCreated, event);
        return void (await join(ownerId, name));
      }
      case team.JoinAccepted.type: {
        const { accountId, teamName } = dataOf(team.JoinAccepted, event);
        return void (await join(accountId, teamName));
      }
      case team.LeaveAccepted.type:
      case team.MemberRemoved.type:
        return void (await leave(dataOf([team.LeaveAccepted, team.MemberRemoved], event).accountId));
      case team.TeamRenamed.type:
        await t(trx)
          .updateTable('memberships')
          .set({ team_name: dataOf(team.TeamRenamed, event).name })
          .where('team_id', '=', teamId)
          .execute();
        return;
      case team.TeamDisbanded.type:
      case team.TeamDissolved.type:
        await t(trx).deleteFrom('memberships').where('team_id', '=', teamId).execute();
        return;
    }
  },
  async reset(trx) {
    await t(trx).deleteFrom('memberships').execute();
  },
});
