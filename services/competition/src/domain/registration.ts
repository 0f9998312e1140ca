import { competition } from '@sais/events';
import type { StreamDecider } from '@sais/kit/eventstore';
import type { z } from 'zod';
import { competitionErrors } from '../errors.ts';

const E = competition;
type SignedUp = { type: typeof E.ParticipantSignedUp.type; data: z.infer<typeof E.ParticipantSignedUp.data> };

/** One stream per competition and account: the sign-up. */
export type RegistrationEvent = SignedUp;
export type RegistrationState = { status: 'none' } | { status: 'signedUp'; acceptedAgreements: string[] };
export type RegistrationCommand = {
  type: 'SignUp';
  competitionId: string;
  accountId: string;
  acceptedAgreements: string[];
  /** Facts from outside the stream: the competition's phases (its registration window) and the time. */
  phases: Partial<Record<string, competition.PhaseWindow>>;
  now: Date;
  /** The competition's zone, for the time a refusal names. */
  timeZone: string;
};

export const registrationStream = (competitionId: string, accountId: string) =>
  `registration-${competitionId}-${accountId}`;

export const initialRegistration: RegistrationState = { status: 'none' };

export function evolveRegistration(_state: RegistrationState, event: RegistrationEvent): RegistrationState {
  return { status: 'signedUp', acceptedAgreements: event.data.acceptedAgreements };
}

/**
 * A sign-up happens once, and only while registration is open (issue 30: `registrationAt` of
 * @sais/events, the rule the portal shows too): before the window, 20015 says from when; after it, 20012.
 * The other facts (verified, agreements) are checked by the caller from its tables; the registrations
 * row written with the event guards the once-only rule.
 */
export function decideRegistration(
  command: RegistrationCommand,
  state: RegistrationState,
): RegistrationEvent[] {
  if (state.status === 'signedUp') throw competitionErrors.alreadySignedUp();
  const registration = competition.registrationAt(command.phases, command.now);
  if (registration.state === 'notYetOpen')
    throw competitionErrors.registrationNotOpen(registration.opensAt, command.timeZone);
  if (registration.state === 'closed') throw competitionErrors.registrationClosed();
  const { competitionId, accountId, acceptedAgreements } = command;
  return [{ type: E.ParticipantSignedUp.type, data: { competitionId, accountId, acceptedAgreements } }];
}

export const registrationDecider: StreamDecider<RegistrationCommand, RegistrationState, RegistrationEvent> = {
  streamType: E.ParticipantSignedUp.aggregate,
  initialState: initialRegistration,
  evolve: evolveRegistration,
  decide: (command, state) => decideRegistration(command, state),
};
