/**
 * The month view of the booking calendars: six weeks of Kamas calendar days, Sunday first, as
 * 'YYYY-MM-DD' keys. Days are counted in America/Denver by date-fns, whatever the visitor's zone.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, format, lastDayOfMonth, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { COMPANY_TIME_ZONE } from './dates.ts';

export const GRID_CELLS = 42;
/** The weekdays, Sunday first, in the locale's words: 'Sun' and 'Sunday'. */
export const WEEKDAYS = ([0, 1, 2, 3, 4, 5, 6] as const).map((day) => ({
  short: enUS.localize.day(day, { width: 'abbreviated' }),
  long: enUS.localize.day(day, { width: 'wide' }),
}));

/** A calendar day 'YYYY-MM-DD'. */
export type DayKey = string;
/** A calendar month 'YYYY-MM'. */
export type MonthKey = string;

export interface GridCell {
  day: DayKey;
  dayOfMonth: number;
  /** False for the days of the months before and after that fill the first and last weeks. */
  inMonth: boolean;
}

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Noon on a Kamas day: far from any daylight-saving change, so day steps never skip or repeat. */
function kamasNoon(day: DayKey): TZDate {
  const match = DAY_KEY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12, 0, COMPANY_TIME_ZONE);
}

const dayKey = (date: Date): DayKey => format(date, 'yyyy-MM-dd');

export const monthOf = (day: DayKey): MonthKey => day.slice(0, 7);

/** The 42 days shown for a month: from the Sunday on or before its first day. */
export function monthGrid(month: MonthKey): GridCell[] {
  const first = kamasNoon(`${month}-01`);
  const start = startOfWeek(first, { weekStartsOn: 0 });
  return Array.from({ length: GRID_CELLS }, (_, index) => {
    const date = addDays(start, index);
    const day = dayKey(date);
    return { day, dayOfMonth: date.getDate(), inMonth: monthOf(day) === month };
  });
}

export function addDaysTo(day: DayKey, amount: number): DayKey {
  return dayKey(addDays(kamasNoon(day), amount));
}

/** The same day of another month, or that month's last day when it is shorter (Jan 31 + 1 month = Feb 28). */
export function addMonthsTo(day: DayKey, amount: number): DayKey {
  return dayKey(addMonths(kamasNoon(day), amount));
}

export function shiftMonth(month: MonthKey, amount: number): MonthKey {
  return monthOf(addMonthsTo(`${month}-01`, amount));
}

/** Sunday and Saturday of the week a day falls in. */
export function weekBounds(day: DayKey): { first: DayKey; last: DayKey } {
  const weekday = kamasNoon(day).getDay();
  return { first: addDaysTo(day, -weekday), last: addDaysTo(day, 6 - weekday) };
}

export function lastDayOf(month: MonthKey): DayKey {
  return dayKey(lastDayOfMonth(kamasNoon(`${month}-01`)));
}

/** 'December 2026'. */
export function formatMonth(month: MonthKey): string {
  return format(kamasNoon(`${month}-01`), 'MMMM yyyy', { locale: enUS });
}

/** 'Saturday, December 5, 2026': a day's name for screen readers. */
export function formatLongDay(day: DayKey): string {
  return format(kamasNoon(day), 'EEEE, MMMM d, yyyy', { locale: enUS });
}
