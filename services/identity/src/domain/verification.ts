import { identity } from '@sais/events';
import { AppError } from '@sais/kit';
import type { z } from 'zod';
import { identityCodes } from '../errors.ts';

const E = identity;
type Data<D extends { data: z.ZodType }> = z.infer<D['data']>;

export type VerificationEvent =
  | { type: typeof E.IdentityVerificationSubmitted.type; data: Data<typeof E.IdentityVerificationSubmitted> }
  | { type: typeof E.IdentityDocumentViewed.type; data: Data<typeof E.IdentityDocumentViewed> }
  | { type: typeof E.IdentityVerificationApproved.type; data: Data<typeof E.IdentityVerificationApproved> }
  | { type: typeof E.IdentityVerificationRejected.type; data: Data<typeof E.IdentityVerificationRejected> };

/** One stream per account: submissions, views and decisions, resubmission allowed after a rejection. */
export type VerificationState =
  | { status: 'none' }
  | {
      status: 'processing' | 'verified' | 'rejected';
      verificationId: string;
      accountId: string;
      reason: string | null;
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
      };
    case E.IdentityDocumentViewed.type:
      return state;
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
  | { type: 'Submit'; data: Data<typeof E.IdentityVerificationSubmitted> }
  | { type: 'ViewDocuments'; reviewerId: string }
  | { type: 'Approve'; reviewerId: string }
  | { type: 'Reject'; reviewerId: string; reason: string };

export function decideVerification(
  command: VerificationCommand,
  state: VerificationState,
): VerificationEvent[] {
  if (command.type === 'Submit') {
    if (state.status === 'processing')
      throw new AppError(identityCodes.verificationPending, 'verificationPending', 409);
    if (state.status === 'verified')
      throw new AppError(identityCodes.alreadyVerified, 'alreadyVerified', 409);
    return [{ type: E.IdentityVerificationSubmitted.type, data: command.data }];
  }
  if (state.status === 'none') throw new AppError(404, 'notFound', 404);
  const { verificationId, accountId } = state;
  switch (command.type) {
    case 'ViewDocuments':
      return [
        { type: E.IdentityDocumentViewed.type, data: { verificationId, reviewerId: command.reviewerId } },
      ];
    case 'Approve':
    case 'Reject': {
      if (state.status !== 'processing') {
        throw new AppError(identityCodes.verificationNotPending, 'verificationNotPending', 409);
      }
      return command.type === 'Approve'
        ? [
            {
              type: E.IdentityVerificationApproved.type,
              data: { verificationId, accountId, reviewerId: command.reviewerId },
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
