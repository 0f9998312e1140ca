import { scoring } from '@sais/events';
import { AppError, type DomainEvent, type EventData, type StreamDecider } from '@sais/kit';
import { integrityCodes } from '../integrity/codes.ts';

const E = scoring;

export type PublicationEvent =
  | DomainEvent<typeof E.PublicationProposed>
  | DomainEvent<typeof E.PublicationApproved>
  | DomainEvent<typeof E.PublicationWithdrawn>;

/** The four-eyes state of one phase's final results (stream `publication-<competitionId>-<phase>`). */
export type PublicationState =
  | { status: 'none' }
  | { status: 'proposed'; proposal: EventData<typeof E.PublicationProposed> }
  | { status: 'approved'; proposal: EventData<typeof E.PublicationProposed>; approvedBy: string };

export function evolvePublication(state: PublicationState, event: PublicationEvent): PublicationState {
  switch (event.type) {
    case E.PublicationProposed.type:
      return { status: 'proposed', proposal: event.data };
    case E.PublicationApproved.type:
      return state.status === 'proposed'
        ? { status: 'approved', proposal: state.proposal, approvedBy: event.data.approvedBy }
        : state;
    case E.PublicationWithdrawn.type:
      return { status: 'none' };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

const initialPublication: PublicationState = { status: 'none' };

export function foldPublication(events: readonly { type: string; data: unknown }[]): PublicationState {
  return events.reduce(
    (state, event) => evolvePublication(state, event as PublicationEvent),
    initialPublication,
  );
}

/** The stream's fold as the kit's handler runs it; `decide` is the service's, with its facts read first. */
export const publicationDecider: Omit<
  StreamDecider<PublicationCommand, PublicationState, PublicationEvent>,
  'decide'
> = {
  streamType: E.PublicationProposed.aggregate,
  initialState: initialPublication,
  evolve: evolvePublication,
};

export type PublicationCommand =
  | {
      type: 'Propose';
      competitionId: string;
      phase: string;
      proposalId: string;
      by: string;
      reason: string;
      sealDigest: string | null;
    }
  | { type: 'Approve'; by: string; reason: string }
  | { type: 'Withdraw'; by: string; reason: string };

/** Facts from outside the stream: whether the phase's private leaderboard is already public. */
export interface PublicationFacts {
  published: boolean;
}

const refuse = (key: keyof typeof integrityCodes, status: number) =>
  new AppError(integrityCodes[key], key, status);

/**
 * Two people for final results (issue 19): one operator proposes publishing a phase's private
 * leaderboard, a different operator approves it; until then either of them (or any operator) may
 * withdraw it. Nothing changes once the phase is published.
 */
export function decidePublication(
  command: PublicationCommand,
  state: PublicationState,
  facts: PublicationFacts,
): PublicationEvent[] {
  if (facts.published || state.status === 'approved') throw refuse('resultsFinal', 409);
  if (command.type === 'Propose') {
    if (state.status === 'proposed') throw refuse('publicationPending', 409);
    const { type: _type, by, ...rest } = command;
    return [{ type: E.PublicationProposed.type, data: { ...rest, proposedBy: by } }];
  }
  if (state.status !== 'proposed') throw refuse('publicationNotProposed', 409);
  const { competitionId, phase, proposalId, proposedBy } = state.proposal;
  const base = { competitionId, phase, proposalId };
  if (command.type === 'Withdraw')
    return [
      {
        type: E.PublicationWithdrawn.type,
        data: { ...base, withdrawnBy: command.by, reason: command.reason },
      },
    ];
  // Separation of duties: nobody approves their own proposal.
  if (command.by === proposedBy) throw refuse('ownProposal', 403);
  return [
    {
      type: E.PublicationApproved.type,
      data: { ...base, proposedBy, approvedBy: command.by, reason: command.reason },
    },
  ];
}
