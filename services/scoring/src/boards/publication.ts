import { competition, scoring } from '@sais/events';
import { AppError } from '@sais/kit/errors';
import type { DomainEvent, EventData, StreamDecider } from '@sais/kit/eventstore';
import { integrityCodes } from '../integrity/codes.ts';
import { scoringErrors } from '../errors.ts';

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

/** Facts from outside the stream, read in the command's transaction. */
export interface PublicationFacts {
  /** Whether the phase's private leaderboard is already public (its board stream has its event). */
  published: boolean;
  /**
   * The competition as scoring's mirror knows it: its time zone and this phase's schedule with the
   * operator's override (null: the competition has no such phase); null: no such competition.
   */
  competition: { timeZone: string; phase: competition.PhaseWindow | null } | null;
  /** The time of the decision. */
  now: Date;
  /** Submissions of the phase still being scored, or scored and not on the leaderboard yet. */
  pending: number;
}

/**
 * Final means final (issue 30, decision 0025): a phase's final results are proposed, approved or
 * published only once the phase has ended (closed by an operator, or past its scheduled end and not
 * held open by one) and every submission it took is scored and on the board, so nothing a participant
 * does afterwards can change the board that is revealed. Throws the refusal.
 */
export function assertPublishable(phaseName: string, facts: Omit<PublicationFacts, 'published'>): void {
  const { competition: found, now, pending } = facts;
  if (!found) throw scoringErrors.competitionUnknown();
  const phase = found.phase;
  if (!phase) throw scoringErrors.publicationPhaseUnknown({ data: { phase: phaseName } });
  if (!competition.phaseHasEnded(phase, now)) {
    const from = competition.publishableFrom(phase, now);
    if (!from)
      throw scoringErrors.publicationBeforePhaseClosed({ data: { phase: phaseName, publishableFrom: null } });
    throw scoringErrors.publicationBeforePhaseEnd({
      data: {
        phase: phaseName,
        publishableFrom: from,
        timeZone: found.timeZone,
        publishableFromText: competition.zonedTime(from, found.timeZone),
      },
    });
  }
  if (pending > 0) throw scoringErrors.publicationScoringUnfinished({ data: { pending } });
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
  // Withdrawing is always possible; proposing and approving only once the phase has ended.
  const phaseRules = (phase: string) => assertPublishable(phase, facts);
  if (command.type === 'Propose') {
    phaseRules(command.phase);
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
  phaseRules(phase);
  return [
    {
      type: E.PublicationApproved.type,
      data: { ...base, proposedBy, approvedBy: command.by, reason: command.reason },
    },
  ];
}
