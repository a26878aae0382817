import { describe, expect, it } from 'vitest';
import { denverInstant, inclusiveDenverDays as inclusiveDays } from '../../shared/rules/dates.ts';
import { discountAmount, formatDollars, formatMoney, orderQuantity, orderTotal, priceRange } from '../../shared/rules/pricing.ts';

describe('pricing', () => {
  it('multiplies party size by inclusive days', () => {
    expect(orderQuantity(3, 2)).toBe(6);
    expect(inclusiveDays(denverInstant('2026-12-05', 8), denverInstant('2026-12-05', 8))).toBe(1);
    expect(inclusiveDays(denverInstant('2026-12-30', 8), denverInstant('2027-01-02', 8))).toBe(4);
    expect(inclusiveDays(denverInstant('2026-12-05', 8), denverInstant('2026-12-04', 8))).toBe(0);
    expect(inclusiveDays(null, new Date())).toBe(0);
  });

  it('counts days on the Denver calendar, whatever the zone of the machine', () => {
    // 11:30 PM Friday and 12:30 AM Saturday in Kamas: two days there, one day in UTC or Tokyo.
    expect(inclusiveDays(new Date('2026-12-05T06:30:00Z'), new Date('2026-12-05T07:30:00Z'))).toBe(2);
    // 7 AM Saturday to 11 PM Sunday in Kamas: two days there, three in Tokyo.
    expect(inclusiveDays(new Date('2026-12-05T14:00:00Z'), new Date('2026-12-07T06:00:00Z'))).toBe(2);
    // Across the March clock change: Saturday to Monday.
    expect(inclusiveDays(denverInstant('2027-03-13', 23, 30), denverInstant('2027-03-15', 0, 30))).toBe(3);
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
    expect(formatDollars(125_000)).toBe('$1,250');
    expect(formatDollars(1_234_567)).toBe('$12,345.67');
    expect(formatDollars(0)).toBe('$0');
    // In the company's own currency, dollars as a person writes them; another currency says which.
    expect(formatMoney(12_050, 'usd')).toBe('$120.50');
    expect(formatMoney(69_000, 'USD')).toBe('$690');
    expect(formatMoney(125_050, 'eur')).toBe('1,250.50 EUR');
    expect(priceRange([42_500, 25_000, 35_000])).toBe('$250 - $425');
    expect(priceRange([18_000])).toBe('$180');
    expect(priceRange([])).toBeNull();
  });
});
