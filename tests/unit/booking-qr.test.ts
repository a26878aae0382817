import { describe, expect, it } from 'vitest';
import { bookingCardCode } from '../../src/lib/booking-qr.ts';

describe('reading a booking card’s QR code', () => {
  it('gives the id the card holds', () => {
    expect(bookingCardCode('winter-classes-2026-12-05-sledski')).toBe('winter-classes-2026-12-05-sledski');
    expect(bookingCardCode(' ops_tour_2027-01-05\n')).toBe('ops_tour_2027-01-05');
  });

  it('refuses anything that is not one of our ids', () => {
    for (const other of ['https://example.com/x', 'a b', 'x'.repeat(81), '../etc', 'date\u0000', '']) {
      expect(bookingCardCode(other), other).toBeNull();
    }
  });
});
