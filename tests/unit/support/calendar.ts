/** Calendar dates built as the booking API answers them, and read as the site reads every answer. */
import type { CalendarEntry } from '../../../shared/contract/answers.ts';
import { calendarDateOf, type CalendarDate } from '../../../shared/rules/calendar-date.ts';
import { denverInstant } from '../../../shared/rules/dates.ts';

/** A calendar entry of the API's answer, as the site reads it. */
export const fromWire = (entry: CalendarEntry): CalendarDate => calendarDateOf(entry);

/** A day tour at 8:00 AM Kamas time on `day` (YYYY-MM-DD) for a party of up to four, with nobody booked yet, as the API answers it. */
export function tourEntryOn(day: string): CalendarEntry {
  return {
    id: `tour-${day}`,
    date: { _seconds: denverInstant(day, 8).getTime() / 1000, _nanoseconds: 0 },
    partySize: 4,
    users: [],
  };
}

/** The same day tour as the site reads it. */
export const tourOn = (day: string): CalendarDate => fromWire(tourEntryOn(day));
