import { describe, expect, it } from 'vitest';
import { discountAmount, formatDollars, inclusiveDays, orderQuantity, orderTotal, priceRange } from '../../src/lib/pricing.ts';

describe('pricing', () => {
  it('multiplies party size by inclusive days', () => {
    expect(orderQuantity(3, 2)).toBe(6);
    expect(inclusiveDays(new Date(2026, 11, 5), new Date(2026, 11, 5))).toBe(1);
    expect(inclusiveDays(new Date(2026, 11, 30), new Date(2027, 0, 2))).toBe(4);
    expect(inclusiveDays(new Date(2026, 11, 5), new Date(2026, 11, 4))).toBe(0);
    expect(inclusiveDays(null, new Date())).toBe(0);
  });

  it('takes percent-off per order, rounded to the cent', () => {
    expect(discountAmount(33_333, { percentOff: 10 })).toBe(3_333);
    expect(orderTotal(35_000, 3, { percentOff: 10 })).toBe(94_500);
  });

  it('never takes more than the subtotal for amount-off', () => {
    expect(orderTotal(25_000, 2, { amountOff: 5_000 })).toBe(45_000);
    expect(orderTotal(1_000, 1, { amountOff: 5_000 })).toBe(0);
    expect(orderTotal(25_000, 2)).toBe(50_000);
  });

  it('formats dollar ranges from cents', () => {
    expect(formatDollars(25_000)).toBe('$250');
    expect(formatDollars(12_550)).toBe('$125.50');
    expect(priceRange([42_500, 25_000, 35_000])).toBe('$250 - $425');
    expect(priceRange([18_000])).toBe('$180');
    expect(priceRange([])).toBeNull();
  });
});
