/** Calendar entries as the booking API answers them. */
import type { CalendarEntry } from '../../../src/lib/api/types.ts';
import { denverInstant } from '../../../src/lib/dates.ts';

/** A day tour at 8:00 AM Kamas time on `day` (YYYY-MM-DD) for a party of up to four, with nobody booked yet. */
export function tourOn(day: string): CalendarEntry {
  return {
    id: `tour-${day}`,
    date: { _seconds: denverInstant(day, 8).getTime() / 1000, _nanoseconds: 0 },
    partySize: 4,
    users: [],
  };
}
