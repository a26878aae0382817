/**
 * The month view of the booking calendars: six weeks of calendar days, Sunday first, as
 * 'YYYY-MM-DD' keys. A key names a day of Kamas's calendar (dates.ts turns instants into them);
 * stepping between keys is calendar arithmetic on UTC days, which have no daylight-saving change,
 * so it gives the same days whatever the visitor's zone and costs the browser no time-zone lookups.
 */
import type { Month } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

export const GRID_CELLS = 42;
/** The weekdays, Sunday first, in the locale's words: 'Sun' and 'Sunday'. */
export const WEEKDAYS = ([0, 1, 2, 3, 4, 5, 6] as const).map((day) => ({
  short: enUS.localize.day(day, { width: 'abbreviated' }),
  long: enUS.localize.day(day, { width: 'wide' }),
}));
/** The months, January first, in the locale's words: 'December'. */
const MONTHS = Array.from({ length: 12 }, (_, month) => enUS.localize.month(month as Month, { width: 'wide' }));

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

/** A day's year, month (0 for January) and day of the month. */
function partsOf(day: DayKey): { year: number; month: number; date: number } {
  const match = DAY_KEY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return { year: Number(match[1]), month: Number(match[2]) - 1, date: Number(match[3]) };
}

/** The UTC midnight of a day given by year, month and day of the month (either may run over: Jan 32 is Feb 1). */
const utcDay = (year: number, month: number, date: number): Date => new Date(Date.UTC(year, month, date));

const dayKey = (date: Date): DayKey => date.toISOString().slice(0, 10);

export const monthOf = (day: DayKey): MonthKey => day.slice(0, 7);

/** The 42 days shown for a month: from the Sunday on or before its first day. */
export function monthGrid(month: MonthKey): GridCell[] {
  const { year, month: index } = partsOf(`${month}-01`);
  const leading = utcDay(year, index, 1).getUTCDay();
  return Array.from({ length: GRID_CELLS }, (_, cell) => {
    const date = utcDay(year, index, 1 - leading + cell);
    const day = dayKey(date);
    return { day, dayOfMonth: date.getUTCDate(), inMonth: monthOf(day) === month };
  });
}

export function addDaysTo(day: DayKey, amount: number): DayKey {
  const { year, month, date } = partsOf(day);
  return dayKey(utcDay(year, month, date + amount));
}

/** The same day of another month, or that month's last day when it is shorter (Jan 31 + 1 month = Feb 28). */
export function addMonthsTo(day: DayKey, amount: number): DayKey {
  const { year, month, date } = partsOf(day);
  const lastOfTarget = utcDay(year, month + amount + 1, 0).getUTCDate();
  return dayKey(utcDay(year, month + amount, Math.min(date, lastOfTarget)));
}

export function shiftMonth(month: MonthKey, amount: number): MonthKey {
  return monthOf(addMonthsTo(`${month}-01`, amount));
}

/** Sunday and Saturday of the week a day falls in. */
export function weekBounds(day: DayKey): { first: DayKey; last: DayKey } {
  const { year, month, date } = partsOf(day);
  const weekday = utcDay(year, month, date).getUTCDay();
  return { first: addDaysTo(day, -weekday), last: addDaysTo(day, 6 - weekday) };
}

export function lastDayOf(month: MonthKey): DayKey {
  const { year, month: index } = partsOf(`${month}-01`);
  return dayKey(utcDay(year, index + 1, 0));
}

/** 'December 2026'. */
export function formatMonth(month: MonthKey): string {
  const { year, month: index } = partsOf(`${month}-01`);
  return `${MONTHS[index]} ${year}`;
}

/** 'Saturday, December 5, 2026': a day's name for screen readers. */
export function formatLongDay(day: DayKey): string {
  const { year, month, date } = partsOf(day);
  return `${WEEKDAYS[utcDay(year, month, date).getUTCDay()]?.long}, ${MONTHS[month]} ${date}, ${year}`;
}
