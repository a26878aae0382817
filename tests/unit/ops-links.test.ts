import { describe, expect, it } from 'vitest';
import { dollarsField, opsBookingLink, opsSeats, paidText, refundHint } from '../../src/lib/ops-links.ts';

describe('the words of the console', () => {
  it('says how a booking was paid', () => {
    expect(paidText({ amount: 79000, paidBy: 'card', promoCode: 'WELCOME10' })).toBe('$790 by card with WELCOME10');
    expect(paidText({ amount: 69000, paidBy: 'cash' })).toBe('$690 in cash');
    expect(paidText({ amount: 34550, paidBy: 'check' })).toBe('$345.50 by check');
    expect(paidText({ amount: 0, paidBy: 'complimentary' })).toBe('Complimentary');
  });

  it('counts seats, says what a refund may be, and writes cents for the refund field', () => {
    expect(opsSeats({ taken: 2, held: 1, free: 3, capacity: 6 })).toBe('2 paid, 1 held, 3 free of 6');
    expect(refundHint(12000, 7000)).toBe('Up to the $120 paid. The policy gives $70 today.');
    expect(refundHint(12000, null)).toBe('Up to the $120 paid.');
    expect([dollarsField(7000), dollarsField(7050)]).toEqual(['70', '70.50']);
    expect(opsBookingLink('bk_a b')).toBe('/ops/booking?id=bk_a%20b');
  });
});
