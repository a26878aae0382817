/**
 * When the messages before a trip go, in Kamas time: the readiness reminders at 9 AM seven and two
 * days before the trip's day, and the briefing at 4 PM the day before. Counted in Denver calendar
 * days, so a daylight-saving change in between moves nothing.
 */
import { addDays } from 'date-fns';
import { tz } from '@date-fns/tz';
import { COMPANY_TIME_ZONE, denverDay, denverInstant } from '../../src/lib/dates.ts';

export const REMINDER_DAYS_BEFORE = [7, 2] as const;
const REMINDER_HOUR = 9;
const BRIEFING_HOUR = 16;

/** The Denver calendar day `days` before the trip's own day. */
function dayBefore(startsAt: Date, days: number): string {
  return denverDay(addDays(startsAt, -days, { in: tz(COMPANY_TIME_ZONE) }));
}

export function reminderTime(startsAt: Date, daysBefore: number): Date {
  return denverInstant(dayBefore(startsAt, daysBefore), REMINDER_HOUR);
}

export function briefingTime(startsAt: Date): Date {
  return denverInstant(dayBefore(startsAt, 1), BRIEFING_HOUR);
}

/** The messages before a trip still ahead at `now`: a time already past gets no message (the confirmation has said it). */
export function tripMessageTimes(startsAt: Date, now: Date): { reminders: { daysBefore: number; dueAt: Date }[]; briefing: Date | null } {
  const reminders = REMINDER_DAYS_BEFORE.map((daysBefore) => ({ daysBefore, dueAt: reminderTime(startsAt, daysBefore) })).filter(
    ({ dueAt }) => dueAt > now,
  );
  const briefing = briefingTime(startsAt);
  return { reminders, briefing: briefing > now && briefing < startsAt ? briefing : null };
}
