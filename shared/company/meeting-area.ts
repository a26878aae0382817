/**
 * Where each kind of day starts, as the FAQ tells customers: courses with a classroom hour in Kamas,
 * tours and mentorship days at one of the trailheads, chosen for the conditions and confirmed two
 * days before. Shown on the booking cards, their printout and their calendar events.
 */
import type { CalendarName } from '../contract/requests.ts';
import { trailheads } from './site.ts';

const trailheadChoice = (() => {
  const names = trailheads.map((trailhead) => trailhead.name.replace(/ Trailhead$/, ''));
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''} Trailhead`;
})();

export function meetingArea(calendar: CalendarName): string {
  if (calendar === 'winter-classes') return 'Kamas, Utah: a classroom hour, then the field';
  return `${trailheadChoice}, Kamas, Utah (confirmed two days before)`;
}

/** How long a day of each kind lasts: a course about ten hours, a tour or a mentorship day a full day out. */
export function durationHours(calendar: CalendarName): number {
  return calendar === 'winter-classes' ? 10 : 8;
}

/** When a day that starts at `startsAt` (epoch ms) ends, by its kind (epoch ms). */
export function tripEndsAt(startsAt: number, calendar: CalendarName): number {
  return startsAt + durationHours(calendar) * 3_600_000;
}
