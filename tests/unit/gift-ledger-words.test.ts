import { describe, expect, it } from 'vitest';
import { causedByWords, ledgerKindWords } from '../../src/features/console/rules/gift-ledger-words.ts';
import { bookingReference } from '../../shared/rules/booking-reference.ts';

describe('a gift card ledger in the console', () => {
  it('names who or what made a change without showing ids', () => {
    expect(causedByWords('operator:Kdm6moTUuiZ2H541')).toBe('An operator');
    expect(causedByWords('customer:Kdm6moTUuiZ2H541')).toBe('The customer at checkout');
    expect(causedByWords('payment:pi_3Nabc')).toBe('A card payment');
    expect(causedByWords('booking:bk_RJ1eHrN-SKAe2Gzb')).toBe(`Booking ${bookingReference('bk_RJ1eHrN-SKAe2Gzb')}`);
    expect(causedByWords('sweep')).toBe('The site');
  });

  it('words each kind of change', () => {
    expect(ledgerKindWords('refund-back')).toBe('Refunded onto the card');
    expect(ledgerKindWords('release')).toBe('Given back: the checkout ended unpaid');
  });
});
