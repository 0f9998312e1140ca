import { type EventEnvelope, team } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { dataOf } from '@sais/kit/eventstore';
import { teamDb } from '../db/tables.ts';
import { teamErrors } from '../errors.ts';

const E = team;

/**
 * Writes the cross-team claims of freshly appended team events in the same transaction. Inserts use
 * `on conflict do nothing`: a racing transaction holding the same key makes this one wait, then see
 * the conflict and refuse with a clear error (and everything, events included, rolls back).
 */
export async function writeClaims(
  trx: Db,
  events: readonly EventEnvelope[],
  attemptsLimit: number,
): Promise<void> {
  const t = teamDb(trx);
  const takeSeat = async (competitionId: string, accountId: string, teamId: string, taken: () => Error) => {
    const row = await t
      .insertInto('seats')
      .values({ competition_id: competitionId, account_id: accountId, team_id: teamId })
      .onConflict((oc) => oc.columns(['competition_id', 'account_id']).doNothing())
      .returning('team_id')
      .executeTakeFirst();
    if (!row) throw taken();
  };
  const useAttempt = async (competitionId: string, accountId: string) => {
    const row = await t
      .insertInto('attempts')
      .values({ competition_id: competitionId, account_id: accountId, used: 1 })
      .onConflict((oc) =>
        oc
          .columns(['competition_id', 'account_id'])
          .doUpdateSet((eb) => ({ used: eb('attempts.used', '+', 1) }))
          .where('attempts.used', '<', attemptsLimit),
      )
      .returning('used')
      .executeTakeFirst();
    if (!row) throw teamErrors.attemptsExhausted();
  };
  const closeApplication = (applicationId: string) =>
    t.deleteFrom('open_applications').where('application_id', '=', applicationId).execute();
  const leaveSeat = (competitionId: string, accountId: string) =>
    t
      .deleteFrom('seats')
      .where('competition_id', '=', competitionId)
      .where('account_id', '=', accountId)
      .execute();

  for (const event of events) {
    switch (event.type) {
      case E.TeamCreated.type: {
        const { competitionId, ownerId, teamId, name } = dataOf(E.TeamCreated, event);
        await takeSeat(competitionId, ownerId, teamId, teamErrors.alreadyInTeam);
        await useAttempt(competitionId, ownerId);
        await t
          .insertInto('team_names')
          .values({ team_id: teamId, competition_id: competitionId, name, owner_id: ownerId })
          .execute();
        break;
      }
      case E.TeamRenamed.type: {
        const { teamId, name } = dataOf(E.TeamRenamed, event);
        await t.updateTable('team_names').set({ name }).where('team_id', '=', teamId).execute();
        break;
      }
      case E.OwnershipTransferred.type: {
        const { teamId, toId } = dataOf(E.OwnershipTransferred, event);
        await t.updateTable('team_names').set({ owner_id: toId }).where('team_id', '=', teamId).execute();
        break;
      }
      case E.InvitationCreated.type: {
        const { codeHash, invitationId, teamId } = dataOf(E.InvitationCreated, event);
        await t
          .insertInto('invitation_codes')
          .values({ code_hash: codeHash, invitation_id: invitationId, team_id: teamId })
          .execute();
        break;
      }
      case E.JoinRequested.type:
      case E.LeaveRequested.type: {
        const data = dataOf([E.JoinRequested, E.LeaveRequested], event);
        const row = await t
          .insertInto('open_applications')
          .values({
            application_id: data.applicationId,
            competition_id: data.competitionId,
            account_id: data.accountId,
            team_id: data.teamId,
            kind: event.type === E.JoinRequested.type ? 'join' : 'leave',
            requested_at: new Date(event.occurredAt),
          })
          .onConflict((oc) => oc.doNothing())
          .returning('application_id')
          .executeTakeFirst();
        if (!row) throw teamErrors.applicationPending();
        break;
      }
      case E.JoinCancelled.type:
      case E.JoinRejected.type:
      case E.LeaveCancelled.type:
      case E.LeaveRejected.type:
        await closeApplication(
          dataOf([E.JoinCancelled, E.JoinRejected, E.LeaveCancelled, E.LeaveRejected], event).applicationId,
        );
        break;
      case E.JoinAccepted.type: {
        const { applicationId, competitionId, accountId, teamId } = dataOf(E.JoinAccepted, event);
        await closeApplication(applicationId);
        await takeSeat(competitionId, accountId, teamId, teamErrors.applicantInTeam);
        await useAttempt(competitionId, accountId);
        break;
      }
      case E.LeaveAccepted.type: {
        const { applicationId, competitionId, accountId } = dataOf(E.LeaveAccepted, event);
        await closeApplication(applicationId);
        await leaveSeat(competitionId, accountId);
        break;
      }
      case E.MemberRemoved.type: {
        const { competitionId, accountId, teamId } = dataOf(E.MemberRemoved, event);
        await leaveSeat(competitionId, accountId);
        await t
          .deleteFrom('open_applications')
          .where('team_id', '=', teamId)
          .where('account_id', '=', accountId)
          .execute();
        break;
      }
      case E.TeamDisbanded.type:
      case E.TeamDissolved.type: {
        const { teamId } = dataOf([E.TeamDisbanded, E.TeamDissolved], event);
        await t.deleteFrom('seats').where('team_id', '=', teamId).execute();
        await t.deleteFrom('open_applications').where('team_id', '=', teamId).execute();
        await t.deleteFrom('team_names').where('team_id', '=', teamId).execute();
        break;
      }
    }
  }
}
