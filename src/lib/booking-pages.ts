/** Where each calendar is booked, and what its one choice is called there (the class, the activity, the day). */
import type { CalendarName } from './schemas.ts';

export const BOOKING_PAGES: Record<CalendarName, { path: string; choice: string }> = {
  'winter-classes': { path: '/booking/avalanche-class', choice: 'Class' },
  'winter-day-tours': { path: '/booking/backcountry-tour', choice: 'Activity' },
  'winter-mentorship': { path: '/booking/mentorship', choice: 'Day' },
};

/** The booking page of a calendar; the day tours' page when none is chosen yet. */
export function bookingPageOf(calendar: CalendarName | null): { path: string; choice: string } {
  return BOOKING_PAGES[calendar ?? 'winter-day-tours'];
}
