import { team } from '@sais/events';
import type { DomainEvent } from '@sais/kit';

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
  | DomainEvent<typeof E.OwnershipTransferred>;

export interface Application {
  applicationId: string;
  kind: 'join' | 'leave';
  accountId: string;
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
      /** Set when an operator dissolved the team (rather than its owner disbanding it). */
      dissolvedReason?: string;
    };

export const initialTeam: TeamState = { status: 'none' };

export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  if (event.type === E.TeamCreated.type) {
    const { teamId, competitionId, name, ownerId } = event.data;
    return { status: 'active', teamId, competitionId, name, ownerId, members: [ownerId], applications: [] };
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
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

export function foldTeam(events: readonly { type: string; data: unknown }[]): TeamState {
  return events.reduce((state, event) => evolveTeam(state, event as TeamEvent), initialTeam);
}
