import { team } from '@sais/events';
import { type Db, defineProjection } from '@sais/kit';
import type { ScoringDb } from '../db/tables.ts';

const t = (trx: Db) => trx.withSchema('scoring') as ScoringDb;

interface TeamEventData {
  teamId: string;
  competitionId: string;
  ownerId?: string;
  accountId?: string;
  name?: string;
  teamName?: string;
}

/** Who is in which team, per competition: a submission counts for the submitter's team at that time. */
export const membershipsMirror = defineProjection({
  name: 'scoring.memberships',
  schema: 'scoring',
  tables: ['memberships'],
  streamTypes: [team.TeamCreated.aggregate],
  async apply(trx, event) {
    const data = event.data as TeamEventData;
    const join = (accountId: string, teamName: string) =>
      t(trx)
        .insertInto('memberships')
        .values({
          competition_id: data.competitionId,
          account_id: accountId,
          team_id: data.teamId,
          team_name: teamName,
        })
        .onConflict((oc) =>
          oc
            .columns(['competition_id', 'account_id'])
            .doUpdateSet({ team_id: data.teamId, team_name: teamName }),
        )
        .execute();
    const leave = (accountId: string) =>
      t(trx)
        .deleteFrom('memberships')
        .where('competition_id', '=', data.competitionId)
        .where('account_id', '=', accountId)
        .where('team_id', '=', data.teamId)
        .execute();
    switch (event.type) {
      case team.TeamCreated.type:
        return void (await join(data.ownerId!, data.name!));
      case team.JoinAccepted.type:
        return void (await join(data.accountId!, data.teamName!));
      case team.LeaveAccepted.type:
      case team.MemberRemoved.type:
        return void (await leave(data.accountId!));
      case team.TeamRenamed.type:
        await t(trx)
          .updateTable('memberships')
          .set({ team_name: data.name! })
          .where('team_id', '=', data.teamId)
          .execute();
        return;
      case team.TeamDisbanded.type:
      case team.TeamDissolved.type:
        await t(trx).deleteFrom('memberships').where('team_id', '=', data.teamId).execute();
        return;
    }
  },
  async reset(trx) {
    await t(trx).deleteFrom('memberships').execute();
  },
});
