import { team } from '@sais/events';
import { teamErrors } from '../errors.ts';
import { type TeamEvent, type TeamState, invitationStatus } from './team-state.ts';

export * from './team-state.ts';

const E = team;

/** What the competition decides for every team of it, read from the competition mirror. */
export interface TeamRules {
  teamSizeLimit: number;
  teamMergeDeadline: Date | null;
  now: Date;
}

export type TeamCommand =
  | { type: 'CreateTeam'; teamId: string; competitionId: string; ownerId: string; name: string }
  | { type: 'RenameTeam'; by: string; name: string }
  | { type: 'DisbandTeam'; by: string }
  | { type: 'DissolveTeam'; by: string; reason: string }
  | { type: 'RequestJoin'; applicationId: string; accountId: string }
  | { type: 'RequestLeave'; applicationId: string; accountId: string }
  | { type: 'CancelApplication'; applicationId: string; by: string }
  | { type: 'DecideApplication'; applicationId: string; by: string; agree: boolean }
  | { type: 'RemoveMember'; by: string; accountId: string }
  | { type: 'TransferOwnership'; by: string; accountId: string }
  | {
      type: 'CreateInvitation';
      by: string;
      invitationId: string;
      codeHash: string;
      expiresAt: string;
      /** Joins it allows; the team's free seats (at least 1) when not given. */
      maxUses?: number;
    }
  | { type: 'RevokeInvitation'; by: string; invitationId: string }
  | { type: 'JoinByInvitation'; invitationId: string; accountId: string; joinId: string };

type Active = Exclude<TeamState, { status: 'none' }>;

function requireOwner(state: Active, by: string) {
  if (state.ownerId !== by) throw teamErrors.notOwner();
}

/**
 * Pure rules of one team: the events a command produces, or a typed error. Facts about other teams
 * (sign-up, seats, attempts) are checked by the caller and guarded by claims written with the events.
 */
export function decideTeam(command: TeamCommand, state: TeamState, rules: TeamRules): TeamEvent[] {
  const operator = command.type === 'DissolveTeam';
  if (!operator && rules.teamMergeDeadline && rules.now > rules.teamMergeDeadline)
    throw teamErrors.changesClosed();
  if (command.type === 'CreateTeam') {
    if (state.status !== 'none') throw teamErrors.alreadyInTeam();
    const { teamId, competitionId, ownerId, name } = command;
    return [{ type: E.TeamCreated.type, data: { teamId, competitionId, ownerId, name } }];
  }
  if (state.status === 'none') throw teamErrors.teamNotFound();
  if (state.status === 'disbanded') throw teamErrors.teamDisbanded();
  const { teamId, competitionId, ownerId, name: teamName } = state;
  const base = { teamId, competitionId, ownerId, teamName };
  switch (command.type) {
    case 'RenameTeam':
      requireOwner(state, command.by);
      return command.name === state.name
        ? []
        : [{ type: E.TeamRenamed.type, data: { teamId, competitionId, name: command.name } }];
    case 'DisbandTeam': {
      requireOwner(state, command.by);
      const lapsedApplicantIds = state.applications.filter((a) => a.kind === 'join').map((a) => a.accountId);
      return [
        { type: E.TeamDisbanded.type, data: { ...base, memberIds: state.members, lapsedApplicantIds } },
      ];
    }
    case 'DissolveTeam': {
      // An operator's decision: no owner check, and it holds after the team-change deadline too; but
      // never on their own team (separation of duties, issue 19).
      if (state.members.includes(command.by)) throw teamErrors.ownTeamDecision();
      const lapsedApplicantIds = state.applications.filter((a) => a.kind === 'join').map((a) => a.accountId);
      const data = { ...base, memberIds: state.members, lapsedApplicantIds, reason: command.reason };
      return [{ type: E.TeamDissolved.type, data }];
    }
    case 'RequestJoin': {
      if (state.members.includes(command.accountId)) throw teamErrors.alreadyInTeam();
      if (state.applications.some((a) => a.accountId === command.accountId))
        throw teamErrors.applicationPending();
      if (state.members.length >= rules.teamSizeLimit) throw teamErrors.teamFull();
      return [
        {
          type: E.JoinRequested.type,
          data: { ...base, applicationId: command.applicationId, accountId: command.accountId },
        },
      ];
    }
    case 'RequestLeave': {
      if (!state.members.includes(command.accountId)) throw teamErrors.notMember();
      if (command.accountId === ownerId) throw teamErrors.ownerCannotLeave();
      if (state.applications.some((a) => a.accountId === command.accountId))
        throw teamErrors.applicationPending();
      return [
        {
          type: E.LeaveRequested.type,
          data: { ...base, applicationId: command.applicationId, accountId: command.accountId },
        },
      ];
    }
    case 'CancelApplication': {
      const application = state.applications.find((a) => a.applicationId === command.applicationId);
      if (!application) throw teamErrors.applicationNotFound();
      if (application.accountId !== command.by) throw teamErrors.notMember();
      const data = { ...base, applicationId: application.applicationId, accountId: application.accountId };
      return [{ type: application.kind === 'join' ? E.JoinCancelled.type : E.LeaveCancelled.type, data }];
    }
    case 'DecideApplication': {
      requireOwner(state, command.by);
      const application = state.applications.find((a) => a.applicationId === command.applicationId);
      if (!application) throw teamErrors.applicationNotFound();
      const data = {
        ...base,
        applicationId: application.applicationId,
        accountId: application.accountId,
        decidedBy: command.by,
      };
      if (application.kind === 'leave')
        return [{ type: command.agree ? E.LeaveAccepted.type : E.LeaveRejected.type, data }];
      if (!command.agree) return [{ type: E.JoinRejected.type, data }];
      if (state.members.length >= rules.teamSizeLimit) throw teamErrors.teamFull();
      return [{ type: E.JoinAccepted.type, data }];
    }
    case 'RemoveMember':
      requireOwner(state, command.by);
      if (!state.members.includes(command.accountId)) throw teamErrors.notMember();
      if (command.accountId === ownerId) throw teamErrors.ownerCannotLeave();
      return [
        {
          type: E.MemberRemoved.type,
          data: { teamId, competitionId, ownerId, teamName, accountId: command.accountId },
        },
      ];
    case 'TransferOwnership':
      requireOwner(state, command.by);
      if (!state.members.includes(command.accountId)) throw teamErrors.notMember();
      if (command.accountId === ownerId) return [];
      return [
        {
          type: E.OwnershipTransferred.type,
          data: { teamId, competitionId, teamName, fromId: ownerId, toId: command.accountId },
        },
      ];
    case 'CreateInvitation': {
      requireOwner(state, command.by);
      const limits = team.requests.invitationLimits;
      if (state.invitations.length >= limits.totalMax)
        throw teamErrors.invitationsTotalLimit(limits.totalMax);
      const open = state.invitations.filter((i) => invitationStatus(i, rules.now) === 'open');
      if (open.length >= limits.openMax) throw teamErrors.invitationsLimit(limits.openMax);
      const { invitationId, codeHash, expiresAt } = command;
      const maxUses = command.maxUses ?? Math.max(1, rules.teamSizeLimit - state.members.length);
      const data = {
        teamId,
        competitionId,
        invitationId,
        createdBy: command.by,
        codeHash,
        expiresAt,
        maxUses,
      };
      return [{ type: E.InvitationCreated.type, data }];
    }
    case 'RevokeInvitation': {
      requireOwner(state, command.by);
      const invitation = state.invitations.find((i) => i.invitationId === command.invitationId);
      if (!invitation) throw teamErrors.invitationNotFound();
      if (invitationStatus(invitation, rules.now) !== 'open') return [];
      const data = { teamId, competitionId, invitationId: invitation.invitationId, revokedBy: command.by };
      return [{ type: E.InvitationRevoked.type, data }];
    }
    case 'JoinByInvitation': {
      const invitation = state.invitations.find((i) => i.invitationId === command.invitationId);
      if (!invitation) throw teamErrors.invitationNotFound();
      const status = invitationStatus(invitation, rules.now);
      if (status === 'revoked') throw teamErrors.invitationRevoked();
      if (status === 'usedUp') throw teamErrors.invitationUsedUp();
      if (status === 'expired') throw teamErrors.invitationExpired();
      if (state.members.includes(command.accountId)) throw teamErrors.alreadyInTeam();
      if (state.members.length >= rules.teamSizeLimit) throw teamErrors.teamFull();
      const { invitationId } = invitation;
      const { accountId, joinId } = command;
      return [
        { type: E.InvitationUsed.type, data: { teamId, competitionId, invitationId, accountId, joinId } },
        {
          type: E.JoinAccepted.type,
          data: { ...base, applicationId: joinId, accountId, decidedBy: invitation.createdBy },
        },
      ];
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}
