/**
 * What the booking calendars show for each date: spots left and whether it can be chosen, from the
 * seats taken on it (held and paid seats both count) and the booking cut-off, by the rules of
 * seat-rules.ts. The visitor's own live hold is not counted against them: their seats are theirs
 * while it lasts.
 */
import type { CalendarDate } from './calendar-date.ts';
import type { CalendarName } from '../contract/requests.ts';
import { denverDay } from './dates.ts';
import { monthOf, type DayKey, type MonthKey } from './calendar-grid.ts';
import { bookingsOpen, holdLapsed, seatsLeft } from './seat-rules.ts';

export type DayState = 'available' | 'full' | 'unavailable';

export interface DateAvailability {
  /** The calendar's date itself. */
  entry: CalendarDate;
  day: DayKey;
  spotsLeft: number;
  state: DayState;
}

/** The visitor's own hold on seats (the checkout's record of it). */
export interface OwnHold {
  dateId: string;
  /** ISO instant the hold ends. */
  expiresAt: string;
  partySize: number;
}

/** The seats of `date` the visitor holds themselves as of `now`: none once the hold has ended. */
export function ownSeats(date: CalendarDate, hold: OwnHold | null, now: number): number {
  if (!hold || hold.dateId !== date.id || holdLapsed(Date.parse(hold.expiresAt), now)) return 0;
  return Math.min(hold.partySize, date.seatsTaken);
}

/**
 * The spots a date has left by seatsLeft (a day tour is private, a class fills up to its
 * capacity), from its taken seats. `own` seats, the visitor's, are not taken from them.
 */
export function spotsLeft(date: CalendarDate, calendar: CalendarName, own = 0): number {
  return seatsLeft({ calendar, capacity: date.capacity }, date.seatsTaken - own);
}

/** Bookings close at the API's cut-off before the start (or at the start when the answer does not say). */
export function isOpen(date: CalendarDate, now: number): boolean {
  return bookingsOpen((date.closesAt ?? date.startsAt).getTime(), now);
}

export function availabilityOf(date: CalendarDate, calendar: CalendarName, now: number, hold: OwnHold | null = null): DateAvailability {
  const left = spotsLeft(date, calendar, ownSeats(date, hold, now));
  const state: DayState = !isOpen(date, now) ? 'unavailable' : left > 0 ? 'available' : 'full';
  return { entry: date, day: denverDay(date.startsAt), spotsLeft: left, state };
}

/** Every date's availability, in start order (dates starting in the same second by id). */
export function availabilityList(
  dates: readonly CalendarDate[],
  calendar: CalendarName,
  now: number,
  hold: OwnHold | null = null,
): DateAvailability[] {
  const second = (date: CalendarDate) => Math.floor(date.startsAt.getTime() / 1000);
  return dates
    .map((date) => availabilityOf(date, calendar, now, hold))
    .sort((a, b) => second(a.entry) - second(b.entry) || a.entry.id.localeCompare(b.entry.id));
}

/** The dates of each Kamas day. */
export function byDay(dates: readonly DateAvailability[]): Map<DayKey, DateAvailability[]> {
  const days = new Map<DayKey, DateAvailability[]>();
  for (const date of dates) days.set(date.day, [...(days.get(date.day) ?? []), date]);
  return days;
}

/** The month a calendar opens on: the first with a date that can be chosen, else the current month in Kamas. */
export function openingMonth(dates: readonly DateAvailability[], now: number): MonthKey {
  const first = dates.find((date) => date.state === 'available');
  return monthOf(first ? first.day : denverDay(now));
}

/** '1 spot left', '10 spots left'. */
export function spotsLabel(count: number): string {
  return `${count} ${count === 1 ? 'spot' : 'spots'} left`;
}

/** What a date's seats read as where it is listed: 'Full' when none are left, else '3 spots left'. */
export function seatsWords(count: number): string {
  return count <= 0 ? 'Full' : spotsLabel(count);
}
