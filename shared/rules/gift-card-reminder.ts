/**
 * The reminder before a season to holders of gift cards with something left on them: it goes in the
 * two weeks before the season's first day, once a season, for cards in use before those two weeks
 * began (a gift bought for the holidays is not reminded of the day it arrives).
 */
import { denverDay, denverDayPlus, denverInstant } from './dates.ts';
import { seasonFor, type Season } from './season.ts';

export const REMINDER_DAYS_BEFORE_SEASON = 14;

/** The season whose reminder is due on `now`, with the moment a card must have been in use by; null outside the two weeks. */
export function reminderDue(now: Date): { season: Season; issuedBefore: Date } | null {
  const season = seasonFor(now);
  const opens = denverDayPlus(season.start, -REMINDER_DAYS_BEFORE_SEASON);
  const today = denverDay(now);
  if (today < opens || today >= season.start) return null;
  return { season, issuedBefore: denverInstant(opens) };
}
