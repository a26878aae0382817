/**
 * When the messages before a trip go, in Kamas time: the readiness reminders at 9 AM seven and two
 * days before the trip's day, and the briefing at 4 PM the day before. Counted in Denver calendar
 * days, so a daylight-saving change in between moves nothing. A customer who books after 4 PM the
 * day before still gets the briefing, at once.
 */
import { denverDay, denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';

export const REMINDER_DAYS_BEFORE = [7, 2] as const;
const REMINDER_HOUR = 9;
const BRIEFING_HOUR = 16;

/** The Denver calendar day `days` before the trip's own day. */
function dayBefore(startsAt: Date, days: number): string {
  return denverDayPlus(denverDay(startsAt), -days);
}

export function reminderTime(startsAt: Date, daysBefore: number): Date {
  return denverInstant(dayBefore(startsAt, daysBefore), REMINDER_HOUR);
}

export function briefingTime(startsAt: Date): Date {
  return denverInstant(dayBefore(startsAt, 1), BRIEFING_HOUR);
}

/**
 * The messages before a trip, for a booking (or a member joining) at `now`. A reminder whose time
 * has passed is not sent (the confirmation has said what each member owes); the briefing is, at
 * `now`, when its time has passed but the trip has not started: where to meet and what to bring
 * matter most to whoever books late. Nothing once the trip has started.
 */
export function tripMessageTimes(startsAt: Date, now: Date): { reminders: { daysBefore: number; dueAt: Date }[]; briefing: Date | null } {
  if (startsAt <= now) return { reminders: [], briefing: null };
  const reminders = REMINDER_DAYS_BEFORE.map((daysBefore) => ({ daysBefore, dueAt: reminderTime(startsAt, daysBefore) })).filter(
    ({ dueAt }) => dueAt > now,
  );
  const briefing = briefingTime(startsAt);
  return { reminders, briefing: briefing > now ? briefing : now };
}
