import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import shipped from './cn-holidays.json' with { type: 'json' };

/** One year of the mainland China public-holiday arrangement: days off, and weekend days worked instead (调休). */
const YearList = z.object({
  holidays: z.array(z.iso.date()),
  workdays: z.array(z.iso.date()),
});
const HolidayFile = z.object({
  source: z.string().optional(),
  years: z.record(z.string().regex(/^\d{4}$/), YearList),
});
export type HolidayList = z.infer<typeof HolidayFile>;

/** Thrown when a span of days reaches a year the holiday list does not cover. */
export class CalendarNotKnown extends Error {
  constructor(readonly year: string) {
    super(`the working-day calendar has no holiday list for ${year}: add the year (SAIS_HOLIDAYS_FILE)`);
  }
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Working days in mainland China (decision 0017): Monday to Friday, less the public holidays, plus the
 * weekend days declared working days in their place. Only years with a list are known: counting across
 * any other year throws `CalendarNotKnown` rather than guess (a deletion waits until the list is added).
 */
export class WorkingDayCalendar {
  readonly #holidays: Set<string>;
  readonly #workdays: Set<string>;
  readonly #years: Set<string>;

  constructor(list: HolidayList) {
    const years = Object.values(list.years);
    this.#holidays = new Set(years.flatMap((year) => year.holidays));
    this.#workdays = new Set(years.flatMap((year) => year.workdays));
    this.#years = new Set(Object.keys(list.years));
  }

  /** The list shipped with the platform, or `SAIS_HOLIDAYS_FILE` (same JSON shape) when set. */
  static async load(env: NodeJS.ProcessEnv): Promise<WorkingDayCalendar> {
    const file = env.SAIS_HOLIDAYS_FILE;
    const list = file ? JSON.parse(await readFile(file, 'utf8')) : shipped;
    return new WorkingDayCalendar(HolidayFile.parse(list));
  }

  isWorkingDay(day: string): boolean {
    const year = day.slice(0, 4);
    if (!this.#years.has(year)) throw new CalendarNotKnown(year);
    if (this.#workdays.has(day)) return true;
    if (this.#holidays.has(day)) return false;
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6;
  }

  /** The day on which `count` working days after `day` (not counting `day` itself) have passed. */
  addWorkingDays(day: string, count: number): string {
    let current = day;
    for (let passed = 0; passed < count;) {
      current = addDays(current, 1);
      if (this.isWorkingDay(current)) passed += 1;
    }
    return current;
  }
}
