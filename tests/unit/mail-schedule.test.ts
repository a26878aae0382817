import { describe, expect, it } from 'vitest';
import { briefingTime, reminderTime, tripMessageTimes } from '../../api/mail/schedule.ts';
import { denverInstant } from '../../src/lib/dates.ts';

const at = (iso: string) => new Date(iso);

describe('when the messages before a trip go, in Kamas', () => {
  it('sends the reminders at 9 AM seven and two days before, and the briefing at 4 PM the day before', () => {
    const trip = denverInstant('2026-12-12', 8);
    expect(reminderTime(trip, 7).toISOString()).toBe(at('2026-12-05T16:00:00Z').toISOString());
    expect(reminderTime(trip, 2).toISOString()).toBe(at('2026-12-10T16:00:00Z').toISOString());
    expect(briefingTime(trip).toISOString()).toBe(at('2026-12-11T23:00:00Z').toISOString());
  });

  it('keeps 9 AM and 4 PM in Kamas across the March daylight-saving change', () => {
    // Clocks go forward on Sun, Mar 14, 2027: the reminder before it is in MST, the briefing after it in MDT.
    const trip = denverInstant('2027-03-16', 8);
    expect(reminderTime(trip, 7).toISOString()).toBe('2027-03-09T16:00:00.000Z');
    expect(reminderTime(trip, 2).toISOString()).toBe('2027-03-14T15:00:00.000Z');
    expect(briefingTime(trip).toISOString()).toBe('2027-03-15T22:00:00.000Z');
  });

  it('counts the trip’s Denver day, not the UTC day, for a trip in the evening', () => {
    // 6 PM on Dec 12 in Kamas is already Dec 13 in UTC.
    const trip = denverInstant('2026-12-12', 18);
    expect(briefingTime(trip).toISOString()).toBe('2026-12-11T23:00:00.000Z');
  });

  it('schedules only what is still ahead', () => {
    const trip = denverInstant('2026-12-12', 8);
    expect(tripMessageTimes(trip, at('2026-11-30T00:00:00Z'))).toEqual({
      reminders: [
        { daysBefore: 7, dueAt: reminderTime(trip, 7) },
        { daysBefore: 2, dueAt: reminderTime(trip, 2) },
      ],
      briefing: briefingTime(trip),
    });
    expect(tripMessageTimes(trip, at('2026-12-08T00:00:00Z'))).toEqual({
      reminders: [{ daysBefore: 2, dueAt: reminderTime(trip, 2) }],
      briefing: briefingTime(trip),
    });
    expect(tripMessageTimes(trip, at('2026-12-12T00:00:00Z'))).toEqual({ reminders: [], briefing: null });
  });
});
