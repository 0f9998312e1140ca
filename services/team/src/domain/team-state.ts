import { team } from '@sais/events';
import type { DomainEvent } from '@sais/kit/eventstore';

const E = team;

export type TeamEvent =
  | DomainEvent<typeof E.TeamCreated>
  | DomainEvent<typeof E.TeamRenamed>
  | DomainEvent<typeof E.TeamDisbanded>
  | DomainEvent<typeof E.TeamDissolved>
  | DomainEvent<typeof E.JoinRequested>
  | DomainEvent<typeof E.JoinCancelled>
  | DomainEvent<typeof E.JoinAccepted>
  | DomainEvent<typeof E.JoinRejected>
  | DomainEvent<typeof E.LeaveRequested>
  | DomainEvent<typeof E.LeaveCancelled>
  | DomainEvent<typeof E.LeaveAccepted>
  | DomainEvent<typeof E.LeaveRejected>
  | DomainEvent<typeof E.MemberRemoved>
  | DomainEvent<typeof E.OwnershipTransferred>
  | DomainEvent<typeof E.InvitationCreated>
  | DomainEvent<typeof E.InvitationRevoked>
  | DomainEvent<typeof E.InvitationUsed>;

export interface Application {
  applicationId: string;
  kind: 'join' | 'leave';
  accountId: string;
}

/** An invitation of the team (decision 0035): the code itself is never in the stream, only its hash. */
export interface Invitation {
  invitationId: string;
  createdBy: string;
  expiresAt: string;
  maxUses: number;
  uses: number;
  revoked: boolean;
}

export type InvitationStatus = 'open' | 'expired' | 'revoked' | 'usedUp';

/** Revoked first, then used up, then expired (at its expiry instant it is expired): open otherwise. */
export function invitationStatus(invitation: Invitation, now: Date): InvitationStatus {
  if (invitation.revoked) return 'revoked';
  if (invitation.uses >= invitation.maxUses) return 'usedUp';
  if (now.getTime() >= Date.parse(invitation.expiresAt)) return 'expired';
  return 'open';
}

/** One stream per formed team: its members in joining order (owner included) and open applications. */
export type TeamState =
  | { status: 'none' }
  | {
      status: 'active' | 'disbanded';
      teamId: string;
      competitionId: string;
      name: string;
      ownerId: string;
      members: string[];
      applications: Application[];
      invitations: Invitation[];
      /** Set when an operator dissolved the team (rather than its owner disbanding it). */
      dissolvedReason?: string;
    };

export const initialTeam: TeamState = { status: 'none' };

export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  if (event.type === E.TeamCreated.type) {
    const { teamId, competitionId, name, ownerId } = event.data;
    return {
      status: 'active',
      teamId,
      competitionId,
      name,
      ownerId,
      members: [ownerId],
      applications: [],
      invitations: [],
    };
  }
  if (state.status === 'none') return state;
  const closing = (applicationId: string) =>
    state.applications.filter((a) => a.applicationId !== applicationId);
  const without = (accountId: string) => state.members.filter((m) => m !== accountId);
  switch (event.type) {
    case E.TeamRenamed.type:
      return { ...state, name: event.data.name };
    case E.TeamDisbanded.type:
      return { ...state, status: 'disbanded', members: [], applications: [] };
    case E.TeamDissolved.type:
      return {
        ...state,
        status: 'disbanded',
        members: [],
        applications: [],
        dissolvedReason: event.data.reason,
      };
    case E.JoinRequested.type:
    case E.LeaveRequested.type: {
      const kind = event.type === E.JoinRequested.type ? 'join' : 'leave';
      const { applicationId, accountId } = event.data;
      return { ...state, applications: [...state.applications, { applicationId, kind, accountId }] };
    }
    case E.JoinCancelled.type:
    case E.JoinRejected.type:
    case E.LeaveCancelled.type:
    case E.LeaveRejected.type:
      return { ...state, applications: closing(event.data.applicationId) };
    case E.JoinAccepted.type:
      return {
        ...state,
        members: [...state.members, event.data.accountId],
        applications: closing(event.data.applicationId),
      };
    case E.LeaveAccepted.type:
      return {
        ...state,
        members: without(event.data.accountId),
        applications: closing(event.data.applicationId),
      };
    case E.MemberRemoved.type:
      return {
        ...state,
        members: without(event.data.accountId),
        // A removed member's own leave request has nothing left to decide.
        applications: state.applications.filter((a) => a.accountId !== event.data.accountId),
      };
    case E.OwnershipTransferred.type:
      return { ...state, ownerId: event.data.toId };
    case E.InvitationCreated.type: {
      const { invitationId, createdBy, expiresAt, maxUses } = event.data;
      const invitation = { invitationId, createdBy, expiresAt, maxUses, uses: 0, revoked: false };
      return { ...state, invitations: [...state.invitations, invitation] };
    }
    case E.InvitationRevoked.type:
    case E.InvitationUsed.type: {
      const { invitationId } = event.data;
      const used = event.type === E.InvitationUsed.type;
      return {
        ...state,
        invitations: state.invitations.map((i) =>
          i.invitationId !== invitationId ? i : used ? { ...i, uses: i.uses + 1 } : { ...i, revoked: true },
        ),
      };
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

export function foldTeam(events: readonly { type: string; data: unknown }[]): TeamState {
  return events.reduce((state, event) => evolveTeam(state, event as TeamEvent), initialTeam);
}
