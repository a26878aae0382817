/**
 * What the booking calendars show for each date: spots left and whether it can be chosen, from the
 * public calendar entries (held and paid seats both count as taken) and the booking cut-off, by the
 * rules of seat-rules.ts. The visitor's own live hold is not counted against them: their seats are
 * theirs while it lasts.
 */
import type { CalendarEntry } from './api/types.ts';
import type { CalendarName } from './schemas.ts';
import { denverDay } from './dates.ts';
import { monthOf, type DayKey, type MonthKey } from './calendar-grid.ts';
import { bookingsOpen, holdLapsed, seatsLeft } from './seat-rules.ts';

export type DayState = 'available' | 'full' | 'unavailable';

export interface DateAvailability {
  entry: CalendarEntry;
  day: DayKey;
  spotsLeft: number;
  state: DayState;
}

export const startOf = (entry: CalendarEntry): Date => new Date(entry.date._seconds * 1000 + Math.floor(entry.date._nanoseconds / 1e6));

/** The visitor's own hold on seats (the checkout's record of it). */
export interface OwnHold {
  dateId: string;
  /** ISO instant the hold ends. */
  expiresAt: string;
  partySize: number;
}

/** The seats of `entry` the visitor holds themselves as of `now`: none once the hold has ended. */
export function ownSeats(entry: CalendarEntry, hold: OwnHold | null, now: number): number {
  if (!hold || hold.dateId !== entry.id || holdLapsed(Date.parse(hold.expiresAt), now)) return 0;
  return Math.min(hold.partySize, entry.users.length);
}

/**
 * The spots a date has left by seatsLeft (a day tour is private, a class fills up to its capacity,
 * partySize), from the entry's taken seats. `own` seats, the visitor's, are not taken from them.
 */
export function spotsLeft(entry: CalendarEntry, calendar: CalendarName, own = 0): number {
  return seatsLeft({ calendar, capacity: entry.partySize }, entry.users.length - own);
}

/** Bookings close at the API's cut-off before the start (or at the start when the answer does not say). */
export function isOpen(entry: CalendarEntry, now: number): boolean {
  const closes = entry.closesAt ? entry.closesAt._seconds * 1000 : startOf(entry).getTime();
  return bookingsOpen(closes, now);
}

export function availabilityOf(entry: CalendarEntry, calendar: CalendarName, now: number, hold: OwnHold | null = null): DateAvailability {
  const left = spotsLeft(entry, calendar, ownSeats(entry, hold, now));
  const state: DayState = !isOpen(entry, now) ? 'unavailable' : left > 0 ? 'available' : 'full';
  return { entry, day: denverDay(startOf(entry)), spotsLeft: left, state };
}

/** Every entry's availability, in start order. */
export function availabilityList(
  entries: readonly CalendarEntry[],
  calendar: CalendarName,
  now: number,
  hold: OwnHold | null = null,
): DateAvailability[] {
  return entries
    .map((entry) => availabilityOf(entry, calendar, now, hold))
    .sort((a, b) => a.entry.date._seconds - b.entry.date._seconds || a.entry.id.localeCompare(b.entry.id));
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

/** 'N spot(s) left', word for word as customers have always read it. */
export function spotsLabel(count: number): string {
  return `${count} spot(s) left`;
}
