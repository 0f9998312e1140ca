import { deciderSpec } from '@sais/kit/testing';
import { describe, it } from 'vitest';
import {
  type RegistrationCommand,
  decideRegistration,
  evolveRegistration,
  initialRegistration,
} from '../src/domain/registration.ts';

const competitionId = '5c1e0a77-0000-4000-8000-000000000001';
const accountId = '5c1e0a77-0000-4000-8000-000000000002';
const given = deciderSpec({
  initialState: initialRegistration,
  evolve: evolveRegistration,
  decide: decideRegistration,
});
const signUp: RegistrationCommand = {
  type: 'SignUp',
  competitionId,
  accountId,
  acceptedAgreements: ['rules'],
};
const signedUp = {
  type: 'competition.ParticipantSignedUp' as const,
  data: { competitionId, accountId, acceptedAgreements: ['rules'] },
};

describe('registration decider', () => {
  it('signs a participant up once', () => {
    given().when(signUp).then([signedUp]);
    given([signedUp]).when(signUp).thenThrows('alreadySignedUp');
  });
});
