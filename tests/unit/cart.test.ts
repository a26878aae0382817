import { describe, expect, it } from 'vitest';
import { canCheckout, cartTotal, CHECKOUT_ALERT, deriveSelection, readStoredValue } from '../../src/features/booking/rules/cart.ts';
import type { Price, Product } from '../../shared/contract/answers.ts';
import { denverInstant } from '../../shared/rules/dates.ts';

const ski: Price = { id: 'price_ski', nickname: 'Ski Day', unit_amount: 25000, currency: 'usd', metadata: {} };
const sled: Price = { id: 'price_sled', nickname: 'Sled Day', unit_amount: 35000, currency: 'usd', metadata: {} };
const tours: Product = { id: 'prod_tours', name: 'Backcountry Tours', description: '', images: [], prices: [ski, sled] };
const classes: Product = { id: 'prod_classes', name: 'Avalanche Courses', description: '', images: [], prices: [] };

describe('stored values', () => {
  const read = (key: Parameters<typeof readStoredValue>[0], text: string | undefined) => {
    const warnings: string[] = [];
    return { value: readStoredValue(key, text, (message) => warnings.push(message)), warnings };
  };

  it('revives dates as dates', () => {
    const start = denverInstant('2026-12-05', 8);
    const { value, warnings } = read('startDate', JSON.stringify(start));
    expect(value).toBeInstanceOf(Date);
    expect((value as Date).getTime()).toBe(start.getTime());
    expect(warnings).toEqual([]);
  });

  it('treats an absent value as absent, quietly', () => {
    expect(read('tourType', undefined)).toEqual({ value: null, warnings: [] });
  });

  it.each([
    ['startDate', 'not json'],
    ['startDate', '"next Saturday"'],
    ['partySize', '99'],
    ['partySize', '"2"'],
    ['calendar', '"summer-hikes"'],
    ['selectedPrice', '{"id":1}'],
    ['selectedProduct', '{"id":"prod_tours","name":"Backcountry Tours"}'],
    ['tourType', '""'],
  ] as const)('logs and ignores a stored %s of %s', (key, text) => {
    const { value, warnings } = read(key, text);
    expect(value).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`stored ${key}`);
  });

  it('keeps a stored product and price that pass their schemas', () => {
    expect(read('selectedProduct', JSON.stringify(tours)).value).toEqual(tours);
    expect(read('selectedPrice', JSON.stringify(sled)).value).toEqual(sled);
    expect(read('partySize', '4').value).toBe(4);
  });
});

describe('the selected product and price', () => {
  it('are the product whose id is tourType and its price whose id is selectedPriceId', () => {
    expect(deriveSelection([classes, tours], 'prod_tours', 'price_sled')).toEqual({ product: tours, price: sled });
  });

  it('are cleared when either id is missing, or names nothing in the catalog', () => {
    expect(deriveSelection([tours], null, 'price_sled')).toBeNull();
    expect(deriveSelection([tours], 'prod_tours', null)).toBeNull();
    expect(deriveSelection([tours], 'prod_classes', 'price_sled')).toBeNull();
    expect(deriveSelection([tours, classes], 'prod_classes', 'price_sled')).toBeNull();
  });

  it('cannot be told while the catalog is loading', () => {
    expect(deriveSelection(null, 'prod_tours', 'price_sled')).toBeUndefined();
    expect(deriveSelection(null, null, 'price_sled')).toBeNull();
  });
});

describe('Checkout and the total', () => {
  const day = denverInstant('2026-12-05', 8);
  const complete = { startDate: day, endDate: day, selectedPrice: ski, partySize: 2 };

  it('Checkout needs start and end dates, a price and a party size above 0', () => {
    expect(canCheckout(complete)).toBe(true);
    expect(canCheckout({ ...complete, startDate: null })).toBe(false);
    expect(canCheckout({ ...complete, endDate: null })).toBe(false);
    expect(canCheckout({ ...complete, selectedPrice: null })).toBe(false);
    expect(canCheckout({ ...complete, partySize: 0 })).toBe(false);
    expect(canCheckout({ ...complete, partySize: null })).toBe(false);
    expect(CHECKOUT_ALERT).toBe('Please select valid start and end dates, a price, and a valid party size.');
  });

  it('totals price x days (inclusive, in Kamas) x party size, less the discount', () => {
    expect(cartTotal(complete)).toBe(50000);
    expect(cartTotal({ ...complete, partySize: 1 })).toBe(25000);
    const threeDays = { ...complete, endDate: denverInstant('2026-12-07', 8) };
    expect(cartTotal(threeDays)).toBe(150000);
    expect(cartTotal(threeDays, { percentOff: 10 })).toBe(135000);
    expect(cartTotal(threeDays, { amountOff: 5000 })).toBe(145000);
    // Across the end of daylight saving time a day is still a day.
    expect(cartTotal({ ...complete, startDate: denverInstant('2026-10-31', 8), endDate: denverInstant('2026-11-01', 8) })).toBe(100000);
    expect(cartTotal({ ...complete, selectedPrice: null })).toBe(0);
    // Before a date is chosen: one day for the party.
    expect(cartTotal({ ...complete, startDate: null, endDate: null, partySize: 3 })).toBe(75000);
  });
});
