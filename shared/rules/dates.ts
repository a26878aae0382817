/**
 * Dates as the company counts them: calendar days and clock times in Kamas, Utah (America/Denver),
 * whatever the time zone of the server or of the visitor's browser. Shared by the site and the API.
 */
import { tz, TZDate } from '@date-fns/tz';
import { addMonths, format } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

export const COMPANY_TIME_ZONE = 'America/Denver';

const inDenver = tz(COMPANY_TIME_ZONE);
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The part of Temporal read here (browsers that have it; elsewhere, as on the server, Intl answers). */
interface TemporalClock {
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(zone: string): { toPlainDate(): { toString(): string } } } };
}
const temporal = (globalThis as { Temporal?: TemporalClock }).Temporal;

/** Year, month and day in Denver by Intl, made on first use. */
let denverDate: Intl.DateTimeFormat | null = null;

/**
 * The Denver calendar day of an instant, as 'YYYY-MM-DD'. The booking calendars ask it of a hundred
 * dates as they load: Temporal answers at once, where the first Intl formatter a page makes has to
 * wake the browser's locale data, a long moment on a slow phone.
 */
export function denverDay(instant: Date | number): string {
  if (temporal) {
    const ms = typeof instant === 'number' ? instant : instant.getTime();
    return temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(COMPANY_TIME_ZONE).toPlainDate().toString();
  }
  denverDate ??= new Intl.DateTimeFormat('en-US', { timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = denverDate.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

const MS_PER_DAY = 86_400_000;

/**
 * The days from 1970-01-01 to a calendar day given as 'YYYY-MM-DD': counting calendar days needs no
 * time zone once the days are known. A RangeError for a day that does not exist.
 */
function dayCount(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== day) throw new RangeError(`No such calendar day: ${day}`);
  return ms / MS_PER_DAY;
}

/** The instant at a Denver wall-clock time (24-hour) on a Denver calendar day given as 'YYYY-MM-DD'. */
export function denverInstant(day: string, hour = 0, minute = 0): Date {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23 || !Number.isInteger(minute) || minute < 0 || minute > 59) {
    throw new RangeError(`Not a time of day: ${hour}:${minute}`);
  }
  const local = new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hour, minute, COMPANY_TIME_ZONE);
  if (format(local, 'yyyy-MM-dd') !== day) throw new RangeError(`No such calendar day: ${day}`);
  return new Date(local.getTime());
}

/** Whole Denver calendar days from the day of `from` to the day of `to` (0 on the same day, negative when `to` is earlier). */
export function denverDaysBetween(from: Date | number, to: Date | number): number {
  return dayCount(denverDay(to)) - dayCount(denverDay(from));
}

/** The hour of `instant` on Kamas clocks, 0 to 23. */
export const denverHour = (instant: Date | number): number =>
  new TZDate(typeof instant === 'number' ? instant : instant.getTime(), COMPANY_TIME_ZONE).getHours();

/** The midnight in Denver that starts the day after the Denver day of `instant` (a day may be 23 or 25 hours long). */
export function nextDenverMidnight(instant: Date | number): Date {
  return denverInstant(denverDayPlus(denverDay(instant), 1));
}

/** Whether `text` names a calendar day that exists, as 'YYYY-MM-DD'. */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  try {
    denverInstant(text);
    return true;
  } catch {
    return false;
  }
}

/** The Denver calendar day `days` after `day` (both 'YYYY-MM-DD'; negative goes back). */
export function denverDayPlus(day: string, days: number): string {
  return new Date((dayCount(day) + days) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The Denver calendar day `months` after `day` (both 'YYYY-MM-DD'); the month's last day when it is shorter (Jan 31 + 1: Feb 28). */
export function denverDayPlusMonths(day: string, months: number): string {
  return format(addMonths(new TZDate(denverInstant(day, 12), COMPANY_TIME_ZONE), months), 'yyyy-MM-dd');
}

/** Denver calendar days from start to end, both included (the order quantity's day count); 0 when either is missing or end falls on an earlier day. */
export function inclusiveDenverDays(start: Date | number | null | undefined, end: Date | number | null | undefined): number {
  if (start === null || start === undefined || end === null || end === undefined) return 0;
  const days = denverDaysBetween(start, end) + 1;
  return days > 0 ? days : 0;
}

/** 'Sat, Dec 5': the day in Denver, as the site shows dates. */
export function formatDenverDate(instant: Date | number): string {
  return format(instant, 'EEE, MMM d', { in: inDenver, locale: enUS });
}

/** 'Sat, Dec 5' for a Kamas calendar day ('YYYY-MM-DD'). */
export const formatDenverDay = (day: string): string => formatDenverDate(denverInstant(day, 12));

/** 'Sat, Dec 5, 2026' for a Kamas calendar day ('YYYY-MM-DD'), where the year matters (a season, a last day). */
export const formatDenverDayWithYear = (day: string): string => `${formatDenverDay(day)}, ${day.slice(0, 4)}`;

/** 'Sat, Dec 5, 8:00 AM': the day and the clock time in Denver, where the time matters. */
export function formatDenverDateTime(instant: Date | number): string {
  return format(instant, 'EEE, MMM d, h:mm a', { in: inDenver, locale: enUS });
}

/** '8:00 AM': the clock time in Denver. */
export function formatDenverTime(instant: Date | number): string {
  return format(instant, 'h:mm a', { in: inDenver, locale: enUS });
}

/** '07:30': the 24-hour clock time in Denver, as a time field holds it. */
export function denverClock(instant: Date | number): string {
  return format(instant, 'HH:mm', { in: inDenver });
}

/** '5:40 AM' for a moment of today in Denver, else 'Wed, Nov 25, 5:40 AM': when something was saved or read. */
export function formatDenverMoment(instant: Date | number, now: Date | number = Date.now()): string {
  return denverDay(instant) === denverDay(now) ? formatDenverTime(instant) : formatDenverDateTime(instant);
}

/** '9:27 AM today' for a moment later today in Denver, else '9:27 AM on Thu, Nov 26': when something ends. */
export function formatDenverDeadline(instant: Date | number, now: Date | number = Date.now()): string {
  return `${formatDenverTime(instant)} ${denverDay(instant) === denverDay(now) ? 'today' : `on ${formatDenverDate(instant)}`}`;
}

/** 'November 22, 2026': a Denver calendar day written out, where the year matters (a signed record). */
export function formatDenverLongDate(instant: Date | number): string {
  return format(instant, 'MMMM d, yyyy', { in: inDenver, locale: enUS });
}

/** 'Sun, Nov 22, 2026, 1:14 AM MST': the day, year, clock time and zone in Denver, for a record that may be read years later. */
export function formatDenverRecordTime(instant: Date | number): string {
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: COMPANY_TIME_ZONE, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  return `${format(instant, 'EEE, MMM d, yyyy, h:mm a', { in: inDenver, locale: enUS })} ${zone ?? 'Mountain Time'}`;
}

/** '2026-11-22 08:14 UTC': the same instant in UTC, minutes only. */
export function formatUtcMinute(instant: Date | number): string {
  return `${new Date(instant).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
