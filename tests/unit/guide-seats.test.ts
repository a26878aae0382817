import { describe, expect, it } from 'vitest';
import { seatSummary } from '../../src/lib/guide-seats.ts';

describe('seatSummary', () => {
  it('names paid, held and free seats out of the capacity', () => {
    expect(seatSummary({ taken: 3, held: 1, free: 6, capacity: 10 })).toBe('3 taken, 1 held, 6 free of 10');
  });

  it('leaves held seats out when nobody is checking out', () => {
    expect(seatSummary({ taken: 3, held: 0, free: 7, capacity: 10 })).toBe('3 taken, 7 free of 10');
    expect(seatSummary({ taken: 0, held: 0, free: 10, capacity: 10 })).toBe('0 taken, 10 free of 10');
  });

  it('shows a private day tour held by one party as full', () => {
    expect(seatSummary({ taken: 0, held: 2, free: 0, capacity: 6 })).toBe('0 taken, 2 held, 0 free of 6');
  });
});
