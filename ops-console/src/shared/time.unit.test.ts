import { describe, expect, it } from 'vitest';
import { formatInZone, formatScore, isoToZonedLocal, zonedToIso } from './time';

describe('one time policy', () => {
  it('shows an instant in the competition’s zone with the zone named', () => {
    expect(formatInZone('2027-03-23T16:00:00.000Z', 'Asia/Shanghai')).toBe(
      '2027-03-24 00:00 GMT+8 (Asia/Shanghai)',
    );
    expect(formatInZone('2027-03-23T16:00:00.000Z', 'UTC')).toMatch(/^2027-03-23 16:00 GMT(\+0)? \(UTC\)$/);
  });
  it('reads a schedule typed in the competition’s zone, whatever the browser’s zone', () => {
    expect(zonedToIso('2027-03-24T00:00', 'Asia/Shanghai')).toBe('2027-03-23T16:00:00.000Z');
    expect(zonedToIso('2027-07-01T09:30', 'Europe/Berlin')).toBe('2027-07-01T07:30:00.000Z');
    expect(isoToZonedLocal('2027-03-23T16:00:00.000Z', 'Asia/Shanghai')).toBe('2027-03-24T00:00');
    // To the second (the leaderboard as of a time).
    expect(zonedToIso('2027-03-24T00:00:07', 'Asia/Shanghai')).toBe('2027-03-23T16:00:07.000Z');
    expect(isoToZonedLocal('2027-03-23T16:00:07.000Z', 'Asia/Shanghai', { seconds: true })).toBe(
      '2027-03-24T00:00:07',
    );
  });
  it('writes scores at the metric’s precision', () => {
    expect(formatScore(-1.8000076733490986)).toBe('-1.8000');
    expect(formatScore(null)).toBe('—');
  });
});
