import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatZonedDateTime, zoneOffset } from './dates';

describe('a time with its zone written in it (decision 0034)', () => {
  it('names the zone of the time shown, in both languages', () => {
    const iso = '2027-05-11T15:59:00.000Z';
    expect(formatZonedDateTime(iso, 'zh-CN', 'Asia/Shanghai')).toBe('2027年5月11日 23:59 GMT+8');
    expect(formatZonedDateTime(iso, 'en', 'Asia/Shanghai')).toMatch(/^May 11, 2027, 11:59\sPM GMT\+8$/);
    // Summer time in New York: the offset of that instant, not of today.
    expect(zoneOffset(iso, 'America/New_York')).toBe('GMT-4');
    expect(zoneOffset('2027-01-11T15:59:00.000Z', 'America/New_York')).toBe('GMT-5');
    expect(zoneOffset(iso, 'UTC')).toBe('GMT+0');
  });

  it('for any instant and zone: the plain time, then the offset that zone had then', () => {
    const zones = [
      'Asia/Shanghai',
      'UTC',
      'America/New_York',
      'Europe/London',
      'Asia/Kolkata',
      'Pacific/Auckland',
    ];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        fc.constantFrom('zh-CN', 'en'),
        (date, zone, language) => {
          const iso = date.toISOString();
          const shown = formatZonedDateTime(iso, language, zone);
          const offset = zoneOffset(iso, zone);
          expect(offset).toMatch(/^GMT([+-]\d{1,2}(:\d{2})?)?$/);
          expect(shown).toBe(`${formatDateTime(iso, language, zone)} ${offset}`);
          // The offset is the zone's at that instant: the wall time it names is the instant.
          const parts = Object.fromEntries(
            new Intl.DateTimeFormat('en-US', {
              timeZone: zone,
              hourCycle: 'h23',
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
              second: '2-digit',
            })
              .formatToParts(date)
              .map((part) => [part.type, part.value]),
          );
          const wall = Date.UTC(
            +parts.year!,
            +parts.month! - 1,
            +parts.day!,
            +parts.hour!,
            +parts.minute!,
            +parts.second!,
          );
          const [, sign, hours, minutes] = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(offset)!;
          const offsetMs = sign ? (sign === '-' ? -1 : 1) * (+hours! * 60 + +(minutes ?? 0)) * 60_000 : 0;
          expect(wall - offsetMs).toBe(Math.floor(date.getTime() / 1000) * 1000);
        },
      ),
    );
  });

  it('leaves an unknown zone or a bad time without a made-up offset', () => {
    expect(zoneOffset('2027-05-11T15:59:00.000Z', 'Mars/Olympus')).toBe('');
    expect(formatZonedDateTime('not a time', 'en', 'Asia/Shanghai')).toBe('not a time');
  });
});
