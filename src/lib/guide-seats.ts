/** How guides and operators read a date's seats, on /guide, a roster and the console. */
import type { GuideDate } from '../../shared/contract/answers.ts';
import { PRIVATE_TOUR_CALENDAR } from '../../shared/rules/seat-rules.ts';

/**
 * '3 paid, 1 held, 6 free of 10': paid seats, seats in live holds (named only when there are any, so a
 * quiet date reads '3 paid, 7 free of 10'), and what a customer could still book. A day tour is
 * private to one party, so its seats read as the party's: 'Private tour, booked for 2 (up to 4)'.
 */
export function seatSummary({
  calendar,
  taken,
  held,
  free,
  capacity,
}: Pick<GuideDate, 'calendar' | 'taken' | 'held' | 'free' | 'capacity'>): string {
  if (calendar === PRIVATE_TOUR_CALENDAR) {
    if (taken > 0) return `Private tour, booked for ${taken} (up to ${capacity})`;
    if (held > 0) return `Private tour, held for ${held} while they pay (up to ${capacity})`;
    return `Private tour, open (up to ${capacity})`;
  }
  return [`${taken} paid`, ...(held > 0 ? [`${held} held`] : []), `${free} free of ${capacity}`].join(', ');
}
