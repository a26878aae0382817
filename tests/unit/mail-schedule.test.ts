import { describe, expect, it } from 'vitest';
import { briefingTime, reminderTime, tripMessageTimes } from '../../api/mail/schedule.ts';
import { addMinutes } from 'date-fns';
import { denverDay, denverDayPlus, denverInstant } from '../../shared/rules/dates.ts';

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
    // 5 PM the evening before in Kamas: the briefing's time has passed, so it goes at once.
    expect(tripMessageTimes(trip, at('2026-12-12T00:00:00Z'))).toEqual({ reminders: [], briefing: at('2026-12-12T00:00:00Z') });
    expect(tripMessageTimes(trip, at('2026-12-12T15:00:00Z'))).toEqual({ reminders: [], briefing: null });
  });

  it('sends the briefing at once to a customer who books after 4 PM the day before, and no reminder whose time has passed', () => {
    // A 7 AM class on Sat, Dec 12; booked at 5:30 PM on Fri, Dec 11 in Kamas.
    const trip = denverInstant('2026-12-12', 7);
    const lateEvening = denverInstant('2026-12-11', 17, 30);
    expect(tripMessageTimes(trip, lateEvening)).toEqual({ reminders: [], briefing: lateEvening });
    // Booked in the small hours of the trip's own day, as the office may: still before the start.
    const smallHours = denverInstant('2026-12-12', 1, 15);
    expect(tripMessageTimes(trip, smallHours)).toEqual({ reminders: [], briefing: smallHours });
    // A minute before the start is still before it; the start itself is too late.
    expect(tripMessageTimes(trip, addMinutes(trip, -1)).briefing).toEqual(addMinutes(trip, -1));
    expect(tripMessageTimes(trip, trip)).toEqual({ reminders: [], briefing: null });
  });

  it('keeps the briefing at 4 PM for a booking made earlier the day before', () => {
    const trip = denverInstant('2026-12-12', 7);
    const morning = denverInstant('2026-12-11', 10);
    expect(tripMessageTimes(trip, morning)).toEqual({ reminders: [], briefing: denverInstant('2026-12-11', 16) });
    // At 4 PM sharp the briefing's time has come: it goes at once.
    const fourPm = denverInstant('2026-12-11', 16);
    expect(tripMessageTimes(trip, fourPm).briefing).toEqual(fourPm);
  });

  it('sends no seven-day reminder for a booking made three days out, only the two-day one still ahead', () => {
    const trip = denverInstant('2026-12-12', 8);
    const threeDaysOut = denverInstant(denverDayPlus(denverDay(trip), -3), 12);
    expect(tripMessageTimes(trip, threeDaysOut)).toEqual({
      reminders: [{ daysBefore: 2, dueAt: denverInstant('2026-12-10', 9) }],
      briefing: denverInstant('2026-12-11', 16),
    });
    // After 9 AM two days before, that one has passed too; the briefing stays at 4 PM the day before.
    expect(tripMessageTimes(trip, denverInstant('2026-12-10', 9, 1))).toEqual({ reminders: [], briefing: denverInstant('2026-12-11', 16) });
  });

  it('sends a late booking its briefing at once across the March daylight-saving change', () => {
    // Clocks go forward at 2 AM on Sun, Mar 14, 2027; a 7 AM trip that day, booked at 6 PM the evening before (MST).
    const trip = denverInstant('2027-03-14', 7);
    expect(trip.toISOString()).toBe('2027-03-14T13:00:00.000Z');
    const booked = denverInstant('2027-03-13', 18);
    expect(booked.toISOString()).toBe('2027-03-14T01:00:00.000Z');
    expect(briefingTime(trip).toISOString()).toBe('2027-03-13T23:00:00.000Z');
    expect(tripMessageTimes(trip, booked)).toEqual({ reminders: [], briefing: booked });
  });
});
