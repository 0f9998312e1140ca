/**
 * What team's events say its claims hold (decision 0028): the seats, open applications and forming
 * attempts `writeClaims` (teams/claims.ts) writes beside each team event, folded the same way. Checked by
 * `npm run events:verify -- --read-models`.
 */
import { type EventEnvelope, team } from '@sais/events';
import { isEvent } from '@sais/kit/eventstore';
import type { ExpectedRows, StateCheck } from '@sais/kit/platform';

const uuid = { type: 'uuid' } as const;

export const teamStateCheck: StateCheck = {
  name: 'team state',
  schema: 'team',
  streamTypes: [team.TeamCreated.aggregate],
  tables: [
    {
      table: 'seats',
      key: ['competition_id', 'account_id'],
      columns: { competition_id: uuid, account_id: uuid, team_id: uuid },
    },
    {
      table: 'open_applications',
      key: ['application_id'],
      columns: {
        application_id: uuid,
        competition_id: uuid,
        account_id: uuid,
        team_id: uuid,
        kind: { type: 'text' },
        // Written from the event's own time: equal to the millisecond.
        requested_at: { type: 'timestamptz' },
      },
    },
    {
      table: 'attempts',
      key: ['competition_id', 'account_id'],
      columns: { competition_id: uuid, account_id: uuid, used: { type: 'integer' } },
    },
    {
      table: 'invitation_codes',
      key: ['code_hash'],
      columns: { code_hash: { type: 'text' }, invitation_id: uuid, team_id: uuid },
    },
    {
      table: 'team_names',
      key: ['team_id'],
      columns: { team_id: uuid, competition_id: uuid, name: { type: 'text' }, owner_id: uuid },
    },
  ],
  apply: applyTeam,
};

function applyTeam(rows: ExpectedRows, event: EventEnvelope): void {
  const E = team;
  const seat = (competitionId: string, accountId: string, teamId: string) => {
    rows.set('seats', { competition_id: competitionId, account_id: accountId, team_id: teamId });
    const key = { competition_id: competitionId, account_id: accountId };
    const used = Number(rows.get('attempts', key)?.used ?? 0);
    rows.set('attempts', { ...key, used: used + 1 });
  };
  // Applications closed with their team or member: found by scanning the open ones (few at any time).
  const closeWhere = (match: (row: Record<string, unknown>) => boolean) => {
    for (const row of [...rows.rows('open_applications')])
      if (match(row)) rows.delete('open_applications', row);
  };
  const leave = (competitionId: string, accountId: string) =>
    rows.delete('seats', { competition_id: competitionId, account_id: accountId });
  const named = (teamId: string, change: Record<string, unknown>) => {
    const row = rows.get('team_names', { team_id: teamId });
    if (row) rows.set('team_names', { ...row, ...change });
  };
  if (isEvent(E.TeamCreated, event)) {
    const { competitionId, ownerId, teamId, name } = event.data;
    seat(competitionId, ownerId, teamId);
    rows.set('team_names', { team_id: teamId, competition_id: competitionId, name, owner_id: ownerId });
  } else if (isEvent(E.TeamRenamed, event)) {
    named(event.data.teamId, { name: event.data.name });
  } else if (isEvent(E.OwnershipTransferred, event)) {
    named(event.data.teamId, { owner_id: event.data.toId });
  } else if (isEvent(E.InvitationCreated, event)) {
    const { codeHash, invitationId, teamId } = event.data;
    rows.set('invitation_codes', { code_hash: codeHash, invitation_id: invitationId, team_id: teamId });
  } else if (isEvent([E.JoinRequested, E.LeaveRequested], event)) {
    const data = event.data;
    rows.set('open_applications', {
      application_id: data.applicationId,
      competition_id: data.competitionId,
      account_id: data.accountId,
      team_id: data.teamId,
      kind: event.type === E.JoinRequested.type ? 'join' : 'leave',
      requested_at: event.occurredAt,
    });
  } else if (isEvent([E.JoinCancelled, E.JoinRejected, E.LeaveCancelled, E.LeaveRejected], event)) {
    rows.delete('open_applications', { application_id: event.data.applicationId });
  } else if (isEvent(E.JoinAccepted, event)) {
    const { applicationId, competitionId, accountId, teamId } = event.data;
    rows.delete('open_applications', { application_id: applicationId });
    seat(competitionId, accountId, teamId);
  } else if (isEvent(E.LeaveAccepted, event)) {
    const { applicationId, competitionId, accountId } = event.data;
    rows.delete('open_applications', { application_id: applicationId });
    leave(competitionId, accountId);
  } else if (isEvent(E.MemberRemoved, event)) {
    const { competitionId, accountId, teamId } = event.data;
    leave(competitionId, accountId);
    closeWhere((row) => row.team_id === teamId && row.account_id === accountId);
  } else if (isEvent([E.TeamDisbanded, E.TeamDissolved], event)) {
    const { teamId } = event.data;
    for (const row of [...rows.rows('seats')]) if (row.team_id === teamId) rows.delete('seats', row);
    closeWhere((row) => row.team_id === teamId);
    rows.delete('team_names', { team_id: teamId });
  }
}
