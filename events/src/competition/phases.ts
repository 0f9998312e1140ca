/**
 * "Is a phase open now", one rule for every service (pure, so it lives with the events it reads:
 * PhaseScheduled gives the window, PhaseOpened / PhaseClosed the operator's override).
 */

/** A phase as the services keep it from its events: the scheduled window and the operator's override. */
export interface PhaseWindow {
  startsAt: string;
  endsAt: string;
  /** An operator's override of the schedule: open or closed now, whatever the schedule says. */
  override: 'open' | 'closed' | null;
}

/** Whether a phase is open at `now`: the operator's override if there is one, else startsAt ≤ now < endsAt. */
export function phaseIsOpen(phase: PhaseWindow, now: Date): boolean {
  if (phase.override) return phase.override === 'open';
  return new Date(phase.startsAt) <= now && now < new Date(phase.endsAt);
}

/** The phase of `names` open at `now` (the latest in `names`' order if several are), or null. */
export function openPhaseAt<N extends string>(
  phases: Partial<Record<N, PhaseWindow>>,
  names: readonly N[],
  now: Date,
): N | null {
  const open = names.filter((name) => {
    const phase = phases[name];
    return phase !== undefined && phaseIsOpen(phase, now);
  });
  return open.at(-1) ?? null;
}

/**
 * Whether a phase is over at `now` (issue 30: final results are published only then): closed by an
 * operator, or past its scheduled end without an operator's opening. A phase not started yet, or open,
 * is not over.
 */
export function phaseHasEnded(phase: PhaseWindow, now: Date): boolean {
  if (phase.override) return phase.override === 'closed';
  return now >= new Date(phase.endsAt);
}

/**
 * From when a phase's final results can be published (issue 30): its scheduled end, or now when an
 * operator closed it; null while an operator holds it open (it ends when they close it).
 */
export function publishableFrom(phase: PhaseWindow, now: Date): string | null {
  if (phase.override === 'open') return null;
  if (phase.override === 'closed') return phaseHasEnded(phase, now) ? now.toISOString() : null;
  return new Date(phase.endsAt).toISOString();
}

/** Where a competition's registration stands at a time: open, not open yet (and from when), or over. */
export type RegistrationStatus =
  | { state: 'open'; closesAt: string | null }
  | { state: 'notYetOpen'; opensAt: string | null }
  | { state: 'closed' };

/**
 * Sign-up only while registration is open (issue 30), one rule for the competition service and the
 * portal. With a `registration` phase scheduled, its window (or an operator's opening or closing of it)
 * is the rule: open from its start until its end. Without one, registration runs until the last phase
 * ends (or every phase was closed by hand); with no phase scheduled at all it has not opened.
 */
export function registrationAt(phases: Partial<Record<string, PhaseWindow>>, now: Date): RegistrationStatus {
  const registration = phases.registration;
  if (registration) {
    if (phaseIsOpen(registration, now))
      return {
        state: 'open',
        closesAt: registration.override === 'open' ? null : new Date(registration.endsAt).toISOString(),
      };
    if (registration.override === null && now < new Date(registration.startsAt))
      return { state: 'notYetOpen', opensAt: new Date(registration.startsAt).toISOString() };
    return { state: 'closed' };
  }
  const list = Object.values(phases).filter((phase): phase is PhaseWindow => phase !== undefined);
  if (list.length === 0) return { state: 'notYetOpen', opensAt: null };
  if (list.some((phase) => phaseIsOpen(phase, now))) return { state: 'open', closesAt: lastEnd(list) };
  if (list.every((phase) => phase.override === 'closed')) return { state: 'closed' };
  return now < new Date(lastEnd(list)) ? { state: 'open', closesAt: lastEnd(list) } : { state: 'closed' };
}

const lastEnd = (list: readonly PhaseWindow[]) =>
  new Date(Math.max(...list.map((phase) => new Date(phase.endsAt).getTime()))).toISOString();

/**
 * The zone of times that belong to no competition (accounts, sign-ins, verifications, the event
 * history): the platform's own, Beijing time, as the landing page's schedule (decision 0034). A
 * competition's times are shown in its own zone; hovering any time gives the reader's.
 */
export const platformTimeZone = 'Asia/Shanghai';

/** An instant's wall-clock fields in `zone`, each two digits (the year four), on a 24-hour clock. */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * The wall clock of `zone` at an instant: the one reading of a time zone behind every zoned time the
 * platform writes (`formatInZone`) and the console's schedule fields (typed and shown in the
 * competition's zone).
 */
export function wallClock(date: Date, zone: string): WallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/**
 * One time policy (issue 19): `2027-03-24 00:00 GMT+8 (Asia/Shanghai)`: the instant in `zone`, always
 * with the zone named, the same in every list and detail (the console's, and the services' messages).
 * Dates are written year first in both languages so lists line up. `seconds`: always, never (the
 * default), or `'nonzero'`, only when the instant has any (so a time in a message is never shown early).
 */
export function formatInZone(
  value: string | Date,
  zone: string,
  { seconds = false }: { seconds?: boolean | 'nonzero' } = {},
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = wallClock(date, zone);
  const shown = seconds === 'nonzero' ? parts.second !== '00' : seconds;
  const time = `${parts.hour}:${parts.minute}${shown ? `:${parts.second}` : ''}`;
  return `${parts.year}-${parts.month}-${parts.day} ${time} ${zoneOffsetName(date, zone)} (${zone})`;
}

/**
 * The zone's offset at that instant, as every time is written with it: "GMT+8", "GMT-4", "GMT+5:30",
 * "GMT+0" (UTC). Empty for an invalid instant or an unknown zone. One helper for the services' messages
 * (`formatInZone`), the portal and the console.
 */
export function zoneOffsetName(value: string | Date, zone: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  try {
    return (
      new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' })
        .formatToParts(date)
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

/** A time for a message that names it (`2027-05-25 23:59:59 GMT+8 (Asia/Shanghai)`): seconds when it has any. */
export const zonedTime = (value: string | Date, zone: string): string =>
  formatInZone(value, zone, { seconds: 'nonzero' });
