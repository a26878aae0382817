/** How a guide reads a date's seats on /guide and a roster. */
import type { GuideDate } from './api/types.ts';

/**
 * '3 taken, 1 held, 6 free of 10': paid seats, seats in live holds (named only when there are any,
 * so a quiet date reads '3 taken, 7 free of 10'), and what a customer could still book.
 */
export function seatSummary({ taken, held, free, capacity }: Pick<GuideDate, 'taken' | 'held' | 'free' | 'capacity'>): string {
  return [`${taken} taken`, ...(held > 0 ? [`${held} held`] : []), `${free} free of ${capacity}`].join(', ');
}
