import { describe, expect, it } from 'vitest';
import { availabilityList, availabilityOf, byDay, openingMonth, ownSeats, spotsLabel, spotsLeft } from '../../shared/rules/availability.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import type { CalendarDate } from '../../shared/rules/calendar-date.ts';
import { denverInstant } from '../../shared/rules/dates.ts';
import { fromWire } from './support/calendar.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A calendar entry as the API answers (start 8:00 AM Kamas time, bookings closing 12 hours before), read as the site reads it. */
function entry(day: string, taken: number, capacity: number, extra: Partial<CalendarEntry> = {}): CalendarDate {
  const start = denverInstant(day, 8);
  return fromWire({
    id: `date-${day}`,
    date: { _seconds: seconds(start), _nanoseconds: 0 },
    closesAt: { _seconds: seconds(start) - 12 * 3600, _nanoseconds: 0 },
    partySize: capacity,
    users: Array.from({ length: taken }, () => 'reserved'),
    ...extra,
  });
}

const NOW = denverInstant('2026-12-01', 9).getTime();

describe('spots left', () => {
  it('a day tour is private: full once anyone holds or has paid for it, whatever the party size', () => {
    expect(spotsLeft(entry('2026-12-05', 0, 4), 'winter-day-tours')).toBe(4);
    expect(spotsLeft(entry('2026-12-05', 1, 4), 'winter-day-tours')).toBe(0);
    expect(spotsLeft(entry('2026-12-05', 3, 4), 'winter-day-tours')).toBe(0);
  });

  it('a class fills up to its capacity of 10, and never shows fewer than 0', () => {
    expect(spotsLeft(entry('2026-12-05', 0, 10), 'winter-classes')).toBe(10);
    expect(spotsLeft(entry('2026-12-05', 9, 10), 'winter-classes')).toBe(1);
    expect(spotsLeft(entry('2026-12-05', 10, 10), 'winter-classes')).toBe(0);
    expect(spotsLeft(entry('2026-12-05', 12, 10), 'winter-classes')).toBe(0);
  });

  it("reads '1 spot left' and 'N spots left'", () => {
    expect(spotsLabel(1)).toBe('1 spot left');
    expect(spotsLabel(2)).toBe('2 spots left');
    expect(spotsLabel(10)).toBe('10 spots left');
  });
});

describe("the visitor's own hold", () => {
  const until = (hours: number) => new Date(NOW + hours * 3600_000).toISOString();

  it('does not count against them while it lasts: their held day tour stays available to them', () => {
    const held = entry('2026-12-05', 3, 4);
    const hold = { dateId: held.id, expiresAt: until(0.1), partySize: 3 };
    expect(availabilityOf(held, 'winter-day-tours', NOW, hold)).toMatchObject({ state: 'available', spotsLeft: 4 });
    // Another visitor's seat on the same tour still makes it full.
    expect(availabilityOf(entry('2026-12-05', 4, 4), 'winter-day-tours', NOW, { ...hold, partySize: 3 }).state).toBe('full');
  });

  it("gives back the visitor's class seat, not anyone else's", () => {
    const full = entry('2026-12-05', 10, 10);
    expect(availabilityOf(full, 'winter-classes', NOW, { dateId: full.id, expiresAt: until(0.1), partySize: 1 })).toMatchObject({
      state: 'available',
      spotsLeft: 1,
    });
  });

  it('counts for nothing once it has ended, on another date, or beyond the seats taken', () => {
    const held = entry('2026-12-05', 1, 10);
    expect(ownSeats(held, { dateId: held.id, expiresAt: until(0), partySize: 1 }, NOW)).toBe(0);
    expect(ownSeats(held, { dateId: 'date-2026-12-06', expiresAt: until(1), partySize: 1 }, NOW)).toBe(0);
    expect(ownSeats(held, { dateId: held.id, expiresAt: until(1), partySize: 4 }, NOW)).toBe(1);
    expect(ownSeats(held, null, NOW)).toBe(0);
  });
});

describe('day states', () => {
  it('is available with seats left before the cut-off, full without, unavailable once closed or past', () => {
    expect(availabilityOf(entry('2026-12-05', 0, 4), 'winter-day-tours', NOW).state).toBe('available');
    expect(availabilityOf(entry('2026-12-05', 1, 4), 'winter-day-tours', NOW).state).toBe('full');
    expect(availabilityOf(entry('2026-12-05', 10, 10), 'winter-classes', NOW).state).toBe('full');
    expect(availabilityOf(entry('2026-11-30', 0, 4), 'winter-day-tours', NOW).state).toBe('unavailable');
    // Tomorrow 8:00 AM closes tonight at 8:00 PM: open in the morning, closed after.
    const tomorrow = entry('2026-12-02', 0, 10);
    expect(availabilityOf(tomorrow, 'winter-classes', NOW).state).toBe('available');
    expect(availabilityOf(tomorrow, 'winter-classes', denverInstant('2026-12-01', 20).getTime() + 1).state).toBe('unavailable');
  });

  it('closes at the start when the answer gives no cut-off', () => {
    const withoutCutoff = { ...entry('2026-12-01', 0, 4), closesAt: null };
    expect(availabilityOf(withoutCutoff, 'winter-day-tours', denverInstant('2026-12-01', 7).getTime()).state).toBe('available');
    expect(availabilityOf(withoutCutoff, 'winter-day-tours', denverInstant('2026-12-01', 8).getTime()).state).toBe('unavailable');
  });

  it('files each date under its day in Kamas, even when the start is the next day in UTC', () => {
    const late = entry('2026-12-05', 0, 4, { date: { _seconds: seconds(denverInstant('2026-12-05', 19)), _nanoseconds: 0 } });
    expect(late.startsAt.getTime()).toBeGreaterThan(Date.parse('2026-12-06T00:00:00Z'));
    expect(availabilityOf(late, 'winter-day-tours', NOW).day).toBe('2026-12-05');
  });

  it('lists dates in start order and groups them by day', () => {
    const list = availabilityList([entry('2026-12-06', 0, 10), entry('2026-12-05', 0, 10)], 'winter-classes', NOW);
    expect(list.map((date) => date.day)).toEqual(['2026-12-05', '2026-12-06']);
    expect([...byDay(list).keys()]).toEqual(['2026-12-05', '2026-12-06']);
  });

  it('opens on the month of the first date that can be chosen, else on the current month in Kamas', () => {
    const list = availabilityList([entry('2026-12-20', 1, 4), entry('2027-01-03', 0, 4)], 'winter-day-tours', NOW);
    expect(openingMonth(list, NOW)).toBe('2027-01');
    expect(openingMonth([], Date.parse('2026-12-01T03:00:00Z'))).toBe('2026-11');
  });
});
