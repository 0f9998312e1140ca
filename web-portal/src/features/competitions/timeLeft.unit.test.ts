import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../forms/dates';
import { realStart } from './PhaseTable';
import { relativeTime, timeLeft } from './timeLeft';

const phases = {
  registration: { startsAt: '2027-02-22T16:00:00.000Z', endsAt: '2027-05-25T15:59:59.000Z', override: null },
  preliminary: { startsAt: '2027-03-23T16:00:00.000Z', endsAt: '2027-05-25T15:59:59.000Z', override: null },
};

describe('a competition card’s time left', () => {
  it('counts down to the first start of a competition not started', () => {
    const now = new Date('2027-02-12T16:00:00.000Z');
    expect(timeLeft({ status: 'Not Started', currentPhase: null, phases }, now)).toEqual({
      kind: 'startsIn',
      phase: 'registration',
      at: phases.registration.startsAt,
      milliseconds: 10 * 24 * 3_600_000,
    });
  });

  it('counts down to the end of the current phase, also one opened early', () => {
    const now = new Date('2027-05-24T16:00:00.000Z');
    const left = timeLeft({ status: 'Active', currentPhase: 'preliminary', phases }, now);
    expect(left).toMatchObject({ kind: 'endsIn', phase: 'preliminary', at: phases.preliminary.endsAt });
  });

  it('says a completed competition ended, and one without dates is unscheduled', () => {
    expect(timeLeft({ status: 'Completed', currentPhase: null, phases }, new Date())).toEqual({
      kind: 'ended',
    });
    expect(timeLeft({ status: 'Not Started', currentPhase: null, phases: {} }, new Date())).toEqual({
      kind: 'unscheduled',
    });
  });

  it('words the time in days, hours or minutes in either language', () => {
    expect(relativeTime(12.5 * 24 * 3_600_000, 'en')).toBe('in 12 days');
    expect(relativeTime(12.5 * 24 * 3_600_000, 'zh-CN')).toBe('12天后');
    expect(relativeTime(5 * 3_600_000 + 1, 'en')).toBe('in 5 hours');
    expect(relativeTime(90_000, 'zh-CN')).toBe('2分钟后');
  });
});

describe('one time policy', () => {
  it('starts a phase opened early at its opening, and keeps the schedule otherwise', () => {
    const phase = {
      startsAt: '2027-03-23T16:00:00.000Z',
      endsAt: '2027-05-25T15:59:59.000Z',
      override: null,
    };
    expect(realStart({ ...phase, openedAt: '2026-11-25T11:13:00.000Z' })).toEqual({
      at: '2026-11-25T11:13:00.000Z',
      early: true,
    });
    expect(realStart({ ...phase, openedAt: '2027-04-01T00:00:00.000Z' })).toEqual({
      at: phase.startsAt,
      early: false,
    });
    expect(realStart(phase)).toEqual({ at: phase.startsAt, early: false });
  });

  it('shows times outside a competition in the platform’s zone, Beijing time', () => {
    expect(formatDateTime('2026-11-25T11:13:00.000Z', 'zh-CN')).toBe('2026年11月25日 19:13');
    expect(formatDateTime('2026-11-25T11:13:00.000Z', 'en', 'UTC')).toBe('Nov 25, 2026, 11:13 AM');
  });
});
