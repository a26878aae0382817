import { afterEach, describe, expect, it } from 'vitest';
import {
  addDaysTo,
  addMonthsTo,
  formatLongDay,
  formatMonth,
  GRID_CELLS,
  lastDayOf,
  monthGrid,
  shiftMonth,
  weekBounds,
} from '../../shared/rules/calendar-grid.ts';

const originalZone = process.env['TZ'];
afterEach(() => {
  if (originalZone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = originalZone;
});

/** The weekday (0 = Sunday) of a calendar day, by the proleptic calendar, with no time zone involved. */
const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Months of 2026 and 2027 whose first day falls on each weekday. */
const MONTH_BY_FIRST_WEEKDAY = ['2026-02', '2026-06', '2026-09', '2026-04', '2026-10', '2026-05', '2026-08'];

describe('the month grid', () => {
  it.each(MONTH_BY_FIRST_WEEKDAY.map((month, weekday) => [weekday, month] as const))(
    'a month starting on weekday %i (%s) shows 42 consecutive days from a Sunday',
    (weekday, month) => {
      expect(weekdayOf(`${month}-01`)).toBe(weekday);
      const cells = monthGrid(month);
      expect(cells).toHaveLength(GRID_CELLS);
      expect(weekdayOf(cells[0]!.day)).toBe(0);
      // Leading days of the month before: as many as the first day's weekday.
      expect(cells.findIndex((cell) => cell.inMonth)).toBe(weekday);
      expect(cells[weekday]!.day).toBe(`${month}-01`);
      for (let index = 1; index < cells.length; index += 1) expect(cells[index]!.day).toBe(nextDay(cells[index - 1]!.day));
      const inMonth = cells.filter((cell) => cell.inMonth);
      expect(inMonth.at(-1)!.day).toBe(lastDayOf(month));
      expect(inMonth.map((cell) => cell.dayOfMonth)).toEqual(Array.from({ length: inMonth.length }, (_, i) => i + 1));
    },
  );

  it.each(['Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Denver', 'UTC'])(
    'steps over the daylight-saving changes without skipping or repeating a day (machine in %s)',
    (zone) => {
      process.env['TZ'] = zone;
      for (const month of ['2026-03', '2026-11', '2027-03', '2027-11']) {
        const days = monthGrid(month).map((cell) => cell.day);
        expect(new Set(days).size).toBe(GRID_CELLS);
        for (let index = 1; index < days.length; index += 1) expect(days[index]).toBe(nextDay(days[index - 1]!));
      }
      expect(addDaysTo('2027-03-13', 1)).toBe('2027-03-14');
      expect(addDaysTo('2027-03-14', 1)).toBe('2027-03-15');
      expect(addDaysTo('2026-11-01', -1)).toBe('2026-10-31');
      expect(addDaysTo('2026-10-31', 2)).toBe('2026-11-02');
    },
  );

  it('moves by week, month and year the way a date grid does', () => {
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysTo('2027-01-03', -7)).toBe('2026-12-27');
    expect(addMonthsTo('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsTo('2026-12-15', -1)).toBe('2026-11-15');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(weekBounds('2026-12-09')).toEqual({ first: '2026-12-06', last: '2026-12-12' });
    expect(weekBounds('2026-12-06')).toEqual({ first: '2026-12-06', last: '2026-12-12' });
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
  });

  it('names months and days in words', () => {
    expect(formatMonth('2026-12')).toBe('December 2026');
    expect(formatLongDay('2026-12-05')).toBe('Saturday, December 5, 2026');
  });

  it('refuses text that is not a calendar day', () => {
    expect(() => monthGrid('December')).toThrow(RangeError);
    expect(() => addDaysTo('2026-12-5', 1)).toThrow(RangeError);
  });
});
