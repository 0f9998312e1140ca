import { type EventEnvelope, team } from '@sais/events';
import type { Db } from '@sais/kit';
import { teamDb } from '../db/tables.ts';
import { teamErrors } from '../errors.ts';

const E = team;
type Claimed = {
  teamId: string;
  competitionId: string;
  applicationId?: string;
  accountId?: string;
  ownerId?: string;
};

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
    const data = event.data as Claimed;
    const { teamId, competitionId } = data;
    switch (event.type) {
      case E.TeamCreated.type:
        await takeSeat(competitionId, data.ownerId!, teamId, teamErrors.alreadyInTeam);
        await useAttempt(competitionId, data.ownerId!);
        break;
      case E.JoinRequested.type:
      case E.LeaveRequested.type: {
        const row = await t
          .insertInto('open_applications')
          .values({
            application_id: data.applicationId!,
            competition_id: competitionId,
            account_id: data.accountId!,
            team_id: teamId,
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
        await closeApplication(data.applicationId!);
        break;
      case E.JoinAccepted.type:
        await closeApplication(data.applicationId!);
        await takeSeat(competitionId, data.accountId!, teamId, teamErrors.applicantInTeam);
        await useAttempt(competitionId, data.accountId!);
        break;
      case E.LeaveAccepted.type:
        await closeApplication(data.applicationId!);
        await leaveSeat(competitionId, data.accountId!);
        break;
      case E.MemberRemoved.type:
        await leaveSeat(competitionId, data.accountId!);
        await t
          .deleteFrom('open_applications')
          .where('team_id', '=', teamId)
          .where('account_id', '=', data.accountId!)
          .execute();
        break;
      case E.TeamDisbanded.type:
      case E.TeamDissolved.type:
        await t.deleteFrom('seats').where('team_id', '=', teamId).execute();
        await t.deleteFrom('open_applications').where('team_id', '=', teamId).execute();
        break;
    }
  }
}
