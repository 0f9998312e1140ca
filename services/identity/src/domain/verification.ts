import { identity } from '@sais/events';
import type { DomainEvent, EventData, StreamDecider } from '@sais/kit/eventstore';
import { identityErrors } from '../errors.ts';

const E = identity;
const { photoChecks } = identity;
export type PhotoCheck = (typeof photoChecks)[number];

export type VerificationEvent =
  | DomainEvent<typeof E.IdentityVerificationSubmitted>
  | DomainEvent<typeof E.IdentityDocumentViewed>
  | DomainEvent<typeof E.IdentityVerificationApproved>
  | DomainEvent<typeof E.IdentityVerificationRejected>;

/** One stream per account: submissions, views and decisions, resubmission allowed after a rejection. */
export type VerificationState =
  | { status: 'none' }
  | {
      status: 'processing' | 'verified' | 'rejected';
      verificationId: string;
      accountId: string;
      reason: string | null;
      photoCount: number;
      /** `<reviewerId>:<position>` of every photo view of the current submission. */
      viewed: string[];
    };

export const initialVerification: VerificationState = { status: 'none' };

export function evolveVerification(state: VerificationState, event: VerificationEvent): VerificationState {
  switch (event.type) {
    case E.IdentityVerificationSubmitted.type:
      return {
        status: 'processing',
        verificationId: event.data.verificationId,
        accountId: event.data.accountId,
        reason: null,
        photoCount: event.data.photoIds.length,
        viewed: [],
      };
    case E.IdentityDocumentViewed.type: {
      const { reviewerId, position, verificationId } = event.data;
      if (state.status === 'none' || position === undefined || verificationId !== state.verificationId)
        return state;
      return { ...state, viewed: [...state.viewed, `${reviewerId}:${position}`] };
    }
    case E.IdentityVerificationApproved.type:
      return state.status === 'none' ? state : { ...state, status: 'verified', reason: null };
    case E.IdentityVerificationRejected.type:
      return state.status === 'none' ? state : { ...state, status: 'rejected', reason: event.data.reason };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

export type VerificationCommand =
  | { type: 'Submit'; data: EventData<typeof E.IdentityVerificationSubmitted> }
  | { type: 'ViewDocuments'; reviewerId: string; position: number }
  | {
      type: 'Approve';
      reviewerId: string;
      /** Whether the number the reviewer read from the photo matches the stored keyed digest. */
      numberMatches: boolean;
      checks: readonly PhotoCheck[];
    }
  | { type: 'Reject'; reviewerId: string; reason: string };

/**
 * What an approval needs (issue 19): someone else's verification, every photo seen by this reviewer,
 * the number read from the photo equal to the submitted one, and each photo rule ticked.
 */
function requireApprovable(
  state: Exclude<VerificationState, { status: 'none' }>,
  command: Extract<VerificationCommand, { type: 'Approve' }>,
) {
  for (let position = 0; position < state.photoCount; position++)
    if (!state.viewed.includes(`${command.reviewerId}:${position}`)) throw identityErrors.photosNotViewed();
  if (!command.numberMatches) throw identityErrors.certificateNumberMismatch();
  if (!photoChecks.every((check) => command.checks.includes(check)))
    throw identityErrors.photoChecklistIncomplete();
}

export function decideVerification(
  command: VerificationCommand,
  state: VerificationState,
): VerificationEvent[] {
  if (command.type === 'Submit') {
    if (state.status === 'processing') throw identityErrors.verificationPending();
    if (state.status === 'verified') throw identityErrors.alreadyVerified();
    return [{ type: E.IdentityVerificationSubmitted.type, data: command.data }];
  }
  if (state.status === 'none') throw identityErrors.notFound();
  const { verificationId, accountId } = state;
  switch (command.type) {
    case 'ViewDocuments':
      return [
        {
          type: E.IdentityDocumentViewed.type,
          data: { verificationId, reviewerId: command.reviewerId, position: command.position },
        },
      ];
    case 'Approve':
    case 'Reject': {
      // Separation of duties: nobody decides their own verification, whatever their roles.
      if (command.reviewerId === accountId) throw identityErrors.ownVerification();
      if (state.status !== 'processing') {
        throw identityErrors.verificationNotPending();
      }
      if (command.type === 'Approve') requireApprovable(state, command);
      return command.type === 'Approve'
        ? [
            {
              type: E.IdentityVerificationApproved.type,
              data: {
                verificationId,
                accountId,
                reviewerId: command.reviewerId,
                numberMatched: true,
                checks: [...photoChecks],
              },
            },
          ]
        : [
            {
              type: E.IdentityVerificationRejected.type,
              data: { verificationId, accountId, reviewerId: command.reviewerId, reason: command.reason },
            },
          ];
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export function foldVerification(events: readonly { type: string; data: unknown }[]): VerificationState {
  return events.reduce(
    (state, event) => evolveVerification(state, event as VerificationEvent),
    initialVerification,
  );
}

/** The verification stream's decider, as the kit's command handler runs it. */
export const verificationDecider: StreamDecider<VerificationCommand, VerificationState, VerificationEvent> = {
  streamType: E.IdentityVerificationSubmitted.aggregate,
  initialState: initialVerification,
  evolve: evolveVerification,
  decide: (command, state) => decideVerification(command, state),
};
