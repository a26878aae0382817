import { describe, expect, it } from 'vitest';
import { seatSummary } from '../../src/lib/guide-seats.ts';

const CLASS = 'winter-classes';
const TOUR = 'winter-day-tours';

describe('seatSummary', () => {
  it('names paid, held and free seats out of the capacity', () => {
    expect(seatSummary({ calendar: CLASS, taken: 3, held: 1, free: 6, capacity: 10 })).toBe('3 paid, 1 held, 6 free of 10');
  });

  it('leaves held seats out when nobody is checking out', () => {
    expect(seatSummary({ calendar: CLASS, taken: 3, held: 0, free: 7, capacity: 10 })).toBe('3 paid, 7 free of 10');
    expect(seatSummary({ calendar: CLASS, taken: 0, held: 0, free: 10, capacity: 10 })).toBe('0 paid, 10 free of 10');
  });

  it('says a day tour is private, and booked, held or open as a whole', () => {
    expect(seatSummary({ calendar: TOUR, taken: 2, held: 0, free: 0, capacity: 4 })).toBe('Private tour, booked for 2 (up to 4)');
    expect(seatSummary({ calendar: TOUR, taken: 0, held: 2, free: 0, capacity: 6 })).toBe(
      'Private tour, held for 2 while they pay (up to 6)',
    );
    expect(seatSummary({ calendar: TOUR, taken: 0, held: 0, free: 4, capacity: 4 })).toBe('Private tour, open (up to 4)');
  });
});
