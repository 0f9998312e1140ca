import { deciderSpec } from '@sais/kit/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
const registration = {
  startsAt: '2027-02-23T00:00:00+08:00',
  endsAt: '2027-05-25T23:59:59+08:00',
  override: null,
};
const signUp: RegistrationCommand = {
  type: 'SignUp',
  competitionId,
  accountId,
  acceptedAgreements: ['rules'],
  phases: { registration },
  now: new Date('2027-03-01T00:00:00Z'),
  timeZone: 'Asia/Shanghai',
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

  it('refuses before registration opens, naming when (in the competition’s zone), and after it closes', () => {
    given()
      .when({ ...signUp, now: new Date('2026-11-27T00:00:00Z') })
      .thenThrows('registrationNotOpen');
    const refusal = (() => {
      try {
        decideRegistration({ ...signUp, now: new Date('2026-11-27T00:00:00Z') }, initialRegistration);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toMatchObject({
      code: 20015,
      data: { opensAt: '2027-02-22T16:00:00.000Z', opensAtText: '2027-02-23 00:00 GMT+8 (Asia/Shanghai)' },
    });
    given()
      .when({ ...signUp, now: new Date('2027-06-01T00:00:00Z') })
      .thenThrows('registrationClosed');
    // An operator's opening or closing of the registration phase wins over its schedule.
    given()
      .when({
        ...signUp,
        phases: { registration: { ...registration, override: 'open' } },
        now: new Date('2026-11-27T00:00:00Z'),
      })
      .then([signedUp]);
    given()
      .when({ ...signUp, phases: { registration: { ...registration, override: 'closed' } } })
      .thenThrows('registrationClosed');
    // Nothing scheduled: registration has not opened.
    given()
      .when({ ...signUp, phases: {} })
      .thenThrows('registrationNotScheduled');
  });
});

/** Issue 30: sign-up accepted exactly inside the registration window, for any times. */
describe('registration window (properties)', () => {
  const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });
  const accepted = (command: RegistrationCommand) => {
    try {
      return decideRegistration(command, initialRegistration).length === 1;
    } catch (error) {
      expect((error as { messageKey: string }).messageKey).toMatch(
        /^(registrationNotOpen|registrationClosed|registrationNotScheduled)$/,
      );
      return false;
    }
  };
  it('with a registration phase: from its start (inclusive) to its end (exclusive), unless an operator overrides it', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 400 * 86_400_000 }),
        instant,
        fc.constantFrom(null, 'open' as const, 'closed' as const),
        (start, length, now, override) => {
          const window = {
            startsAt: new Date(start).toISOString(),
            endsAt: new Date(start + length).toISOString(),
            override,
          };
          const inside = start <= now && now < start + length;
          const expected = override === null ? inside : override === 'open';
          expect(accepted({ ...signUp, phases: { registration: window }, now: new Date(now) })).toBe(
            expected,
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
  it('without one: until the last phase ends', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(instant, fc.integer({ min: 1, max: 100 * 86_400_000 })), {
          minLength: 1,
          maxLength: 3,
        }),
        instant,
        (windows, now) => {
          const names = ['preliminary', 'semi-final', 'final'];
          const phases = Object.fromEntries(
            windows.map(([start, length], i) => [
              names[i]!,
              {
                startsAt: new Date(start).toISOString(),
                endsAt: new Date(start + length).toISOString(),
                override: null,
              },
            ]),
          );
          const lastEnd = Math.max(...windows.map(([start, length]) => start + length));
          expect(accepted({ ...signUp, phases, now: new Date(now) })).toBe(now < lastEnd);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
