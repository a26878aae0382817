/**
 * The waitlist's rules, pure: a party waits as a party. When seats come free on a date, the first
 * entry in line whose whole party fits what is free is offered them, then the next that fits what is
 * left; an entry ahead that does not fit keeps its place. An entry may also take a nearby date: a
 * date of the same activity in the same Kamas week (Sunday to Saturday, as the calendars show weeks).
 */
import { startOfWeek } from 'date-fns';
import { tz } from '@date-fns/tz';
import { COMPANY_TIME_ZONE, denverDay } from './dates.ts';

export interface WaitEntry {
  id: string;
  /** The date the party asked for, and when that date starts (epoch ms). */
  dateId: string;
  startsAt: number;
  /** What was asked for: the date's activity (its price). */
  activity: string;
  partySize: number;
  /** When the party joined the line (epoch ms); ties go by id. */
  since: number;
  /** The party also takes a nearby date. */
  nearby: boolean;
}

export interface FreedDate {
  id: string;
  startsAt: number;
  activity: string;
}

/** The Kamas day that starts the week of `instant` (a Sunday), as 'YYYY-MM-DD'. */
function denverWeek(instant: number): string {
  return denverDay(startOfWeek(instant, { weekStartsOn: 0, in: tz(COMPANY_TIME_ZONE) }));
}

/** Whether the entry takes seats on `date`: its own date, or a nearby one when it said so. */
export function waitsFor(entry: WaitEntry, date: FreedDate): boolean {
  if (entry.dateId === date.id) return true;
  return entry.nearby && entry.activity === date.activity && denverWeek(entry.startsAt) === denverWeek(date.startsAt);
}

/**
 * Whether `date` has a nearby date among `others`: another date of the same activity in the same
 * Kamas week, which a party waiting for `date` could also be offered. Where there is none (an
 * activity that runs once a week), asking for a nearby date means nothing.
 */
export function hasNearbyDate(date: FreedDate, others: readonly FreedDate[]): boolean {
  const week = denverWeek(date.startsAt);
  return others.some((other) => other.id !== date.id && other.activity === date.activity && denverWeek(other.startsAt) === week);
}

const inLine = (a: WaitEntry, b: WaitEntry) => a.since - b.since || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The entries in line order: the earliest to join first, ties by id. */
export const inLineOrder = <E extends WaitEntry>(entries: readonly E[]): E[] => [...entries].sort(inLine);

/**
 * The entries offered the `free` seats of `date`, in line order: each the first whose whole party
 * fits what is left. Once the seats are all offered, the entries after play no part: the offers
 * among the first entries of a line that take every seat are the offers of the whole line.
 */
export function offersFor<E extends WaitEntry>(date: FreedDate, free: number, entries: readonly E[]): E[] {
  const offered: E[] = [];
  let left = free;
  for (const entry of inLineOrder(entries.filter((candidate) => waitsFor(candidate, date)))) {
    if (left <= 0) break;
    if (entry.partySize > left) continue;
    offered.push(entry);
    left -= entry.partySize;
  }
  return offered;
}

/** An entry's place in its date's line (1 for the first), counting every entry ahead that waits for the same date. */
export function placeInLine(entry: WaitEntry, entries: readonly WaitEntry[]): number {
  const own = { id: entry.dateId, startsAt: entry.startsAt, activity: entry.activity };
  return entries.filter((other) => other.id !== entry.id && waitsFor(other, own) && inLine(other, entry) < 0).length + 1;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** '2nd in line for 3 seats': where the party stands, as My Bookings says it. */
export function placeWords(place: number, partySize: number): string {
  return `${ordinal(place)} in line for ${partySize} ${partySize === 1 ? 'seat' : 'seats'}`;
}

/** An offer holds its seats this long... */
export const OFFER_HOURS = 2;
/** ...or this long when the date starts within LATE_OFFER_HOURS. */
export const LATE_OFFER_MINUTES = 30;
export const LATE_OFFER_HOURS = 48;

/**
 * When an offer made at `now` for a date starting at `startsAt` ends (epoch ms): two hours, thirty
 * minutes when the date is 48 hours away or less, and never after bookings close (`closesAt`).
 * Null when bookings have closed: no offer is made then.
 */
export function offerEnds(now: number, startsAt: number, closesAt: number): number | null {
  if (now >= closesAt) return null;
  const late = startsAt - now <= LATE_OFFER_HOURS * 3_600_000;
  const window = late ? LATE_OFFER_MINUTES * 60_000 : OFFER_HOURS * 3_600_000;
  return Math.min(now + window, closesAt);
}
