/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) that `at` falls on in `timeZone` (e.g. a competition's Asia/Shanghai). */
export function calendarDay(timeZone: string, at: Date): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(at);
}

/** Days from `first` to `last` (YYYY-MM-DD), both counted: the same day gives 1, a later first gives 0. */
export function daysInclusive(first: string, last: string): number {
  const days = (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000 + 1;
  return Math.max(0, Math.round(days));
}
