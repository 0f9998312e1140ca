import { competition } from '@sais/events';

/**
 * The zone of times not tied to one competition (inbox, verification, account, checkpoints): the
 * platform's own, Beijing time, as the landing page's schedule (spec §4). Competition times use the
 * competition's zone; both are named in words on the page, and hovering a time shows the viewer's own.
 */
export const platformTimeZone = competition.platformTimeZone;

/**
 * A date and time in the reader's language, e.g. 2026/11/22 14:03 or 11/22/2026, 2:03 PM, in `timeZone`
 * (the platform's zone unless told): the same instant reads the same in every list.
 */
export function formatDateTime(
  iso: string,
  language: string | undefined,
  timeZone: string = platformTimeZone,
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(language === 'en' ? 'en' : 'zh-CN', { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(language === 'en' ? 'en' : 'zh-CN', options).format(date);
  }
}

/**
 * The zone's offset at that instant, as the console writes it: "GMT+8", "GMT-4", "GMT+0" (UTC). Empty for
 * an unknown zone.
 */
export function zoneOffset(iso: string, timeZone: string = platformTimeZone): string {
  return competition.zoneOffsetName(iso, timeZone);
}

/**
 * A time with its zone written in it (decision 0034): "2027年5月11日 23:59 GMT+8", "May 11, 2027,
 * 11:59 PM GMT+8". Every time the portal shows goes through it or through `ZonedTime`, which uses it.
 */
export function formatZonedDateTime(
  iso: string,
  language: string | undefined,
  timeZone: string = platformTimeZone,
): string {
  const offset = zoneOffset(iso, timeZone);
  const time = formatDateTime(iso, language, timeZone);
  return offset ? `${time} ${offset}` : time;
}

/** File sizes: one formatter for the portal and the console. */
export { formatBytes } from '@sais/web-shared';
