import { describe, expect, it } from 'vitest';
import { CalendarNotKnown, WorkingDayCalendar } from '../src/index.ts';

describe('working days in mainland China (weekends, public holidays, weekend days worked instead)', () => {
  it('knows the shipped 2025 and 2026 arrangements', async () => {
    const calendar = await WorkingDayCalendar.load({});
    expect(calendar.isWorkingDay('2025-10-08')).toBe(false); // National Day holiday, a Wednesday
    expect(calendar.isWorkingDay('2025-09-28')).toBe(true); // a Sunday worked instead
    expect(calendar.isWorkingDay('2026-02-16')).toBe(false); // Spring Festival, a Monday
    expect(calendar.isWorkingDay('2026-02-28')).toBe(true); // a Saturday worked instead
    expect(calendar.isWorkingDay('2026-11-25')).toBe(true); // an ordinary Wednesday
    expect(calendar.isWorkingDay('2026-11-28')).toBe(false); // an ordinary Saturday
  });

  it('counts working days after a day, skipping weekends and holidays and counting worked weekends', () => {
    const calendar = new WorkingDayCalendar({
      years: { 2026: { holidays: ['2026-10-01', '2026-10-02'], workdays: ['2026-10-10'] } },
    });
    // Wednesday 30 September: Thursday and Friday are holidays, the weekend is off, then Mon–Fri.
    expect(calendar.addWorkingDays('2026-09-30', 1)).toBe('2026-10-05');
    expect(calendar.addWorkingDays('2026-09-30', 5)).toBe('2026-10-09');
    expect(calendar.addWorkingDays('2026-09-30', 6)).toBe('2026-10-10'); // the Saturday worked
    expect(calendar.addWorkingDays('2026-09-30', 0)).toBe('2026-09-30');
  });

  it('refuses to guess a year it has no list for', () => {
    const calendar = new WorkingDayCalendar({ years: { 2026: { holidays: [], workdays: [] } } });
    expect(() => calendar.addWorkingDays('2026-11-25', 90)).toThrow(CalendarNotKnown);
    expect(() => calendar.addWorkingDays('2026-11-25', 90)).toThrow(/no holiday list for 2027/);
  });

  it('reads another list from SAIS_HOLIDAYS_FILE and refuses a malformed one', async () => {
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'sais-holidays-'));
    const file = join(dir, 'holidays.json');
    await writeFile(file, JSON.stringify({ years: { 2027: { holidays: ['2027-01-01'], workdays: [] } } }));
    const calendar = await WorkingDayCalendar.load({ SAIS_HOLIDAYS_FILE: file });
    expect(calendar.isWorkingDay('2027-01-01')).toBe(false);
    await writeFile(file, JSON.stringify({ years: { 2027: { holidays: ['1 Jan'] } } }));
    await expect(WorkingDayCalendar.load({ SAIS_HOLIDAYS_FILE: file })).rejects.toThrow();
  });
});
