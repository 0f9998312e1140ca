import { competition } from '@sais/events';

/** Times that belong to no competition are shown in the platform's zone (decision 0034). */
export const platformZone = competition.platformTimeZone;

/** The viewer's own IANA zone (the browser's): shown on hover. */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** One time policy (issue 19): the instant in `zone` with the zone named; shared with the services' messages. */
export const formatInZone = competition.formatInZone;

/**
 * The instant in `zone` with its offset only ("2026-11-29 09:36:27 GMT+8"): what a list or a link shows
 * on one line (issue 35); the zone's name is `formatInZone`'s, for the hover.
 */
export const formatInZoneShort = (value: string | Date, zone: string, options?: { seconds?: boolean }) =>
  withoutZoneName(formatInZone(value, zone, options), zone);

/** `formatInZone`'s text without the zone's name (for a component that shows both forms). */
export const withoutZoneName = (formatted: string, zone: string) => formatted.replace(` (${zone})`, '');

/** A ground-truth or board score at its metric's declared precision (scoring's metric registry). */
export function formatScore(score: number | null | undefined, decimals = 4): string {
  if (score === null || score === undefined || Number.isNaN(score)) return '—';
  return score.toFixed(decimals);
}

/** Minutes `zone` is ahead of UTC at `instant`. */
function offsetMinutes(zone: string, instant: number): number {
  const { year, month, day, hour, minute } = competition.wallClock(new Date(instant), zone);
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * A wall-clock time typed for `zone` (`2027-03-24T00:00`, as a datetime-local input gives it) as an
 * ISO instant: the schedule is entered in the competition's zone, not the browser's.
 */
export function zonedToIso(local: string, zone: string): string {
  const [date, time = '00:00'] = local.split('T');
  const [year, month, day] = date!.split('-').map(Number);
  const [hour, minute, second = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second);
  let instant = wall - offsetMinutes(zone, wall) * 60_000;
  instant = wall - offsetMinutes(zone, instant) * 60_000;
  return new Date(instant).toISOString();
}

/**
 * An instant as the wall-clock time of `zone`, in a datetime-local input's form (`2027-03-24T00:00`,
 * or `2027-03-24T00:00:05` with `seconds`).
 */
export function isoToZonedLocal(value: string | Date, zone: string, { seconds = false } = {}): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts = competition.wallClock(date, zone);
  const time = `${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ''}`;
  return `${parts.year}-${parts.month}-${parts.day}T${time}`;
}
