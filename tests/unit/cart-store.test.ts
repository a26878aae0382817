/** `$cart` against the persistent store's test engine in place of localStorage (another tab speaks through setTestStorageKey). */
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Price, Product } from '../../shared/contract/answers.ts';
import { denverInstant } from '../../shared/rules/dates.ts';
import { tourOn } from './support/calendar.ts';

const ski: Price = { id: 'price_ski', nickname: 'Ski Day', unit_amount: 25000, currency: 'usd', metadata: { image: '/ski.svg' } };
const moto: Price = { id: 'price_moto', nickname: 'Moto Class', unit_amount: 39500, currency: 'usd', metadata: { type: 'moto' } };
const tours: Product = { id: 'prod_tours', name: 'Backcountry Tours', description: '', images: [], prices: [ski] };
const classes: Product = { id: 'prod_classes', name: 'Avalanche Courses', description: '', images: [], prices: [moto] };

const start = denverInstant('2026-12-05', 8);
const tourDate = tourOn('2026-12-05');

useTestStorageEngine();

/** A fresh copy of the stores, reading whatever the test storage holds now (as a new page load does). */
async function loadStores() {
  vi.resetModules();
  const cart = await import('../../src/features/booking/stores/cart.ts');
  const products = await import('../../src/stores/products.ts');
  const unbind = cart.$cart.listen(() => undefined);
  return { ...cart, ...products, unbind };
}

let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((message: string) => void warnings.push(message));
});
afterEach(() => {
  cleanTestStorage();
  vi.restoreAllMocks();
});

describe('$cart', () => {
  it('keeps the selection under the spec keys, as JSON, and a new page load revives it with dates as dates', async () => {
    const first = await loadStores();
    first.receiveProducts([tours, classes]);
    first.startBooking('prod_tours', 'winter-day-tours');
    first.choosePrice('price_ski');
    first.choosePartySize(3);
    first.chooseDate(tourDate);
    expect(Object.keys(getTestStorage()).sort()).toEqual(
      ['calendar', 'dateId', 'endDate', 'partySize', 'selectedPrice', 'selectedPriceId', 'selectedProduct', 'startDate', 'tourType'].sort(),
    );
    expect(getTestStorage()['tourType']).toBe('"prod_tours"');
    expect(getTestStorage()['startDate']).toBe(JSON.stringify(start.toISOString()));
    first.unbind();

    const again = await loadStores();
    const cart = again.$cart.get();
    expect(cart.startDate).toBeInstanceOf(Date);
    expect(cart.startDate?.getTime()).toBe(start.getTime());
    expect(cart.endDate?.getTime()).toBe(start.getTime());
    expect(cart).toMatchObject({
      productId: 'prod_tours',
      selectedPriceId: 'price_ski',
      partySize: 3,
      dateId: 'tour-2026-12-05',
      calendar: 'winter-day-tours',
    });
    // The catalog has not loaded on this page yet: the stored product and price stand in.
    expect(cart.selectedProduct).toEqual(tours);
    expect(cart.selectedPrice).toEqual(ski);
    expect(again.$checkoutReady.get()).toBe(true);
    again.unbind();
  });

  it('logs a stored value that is not JSON or fails its schema, treats it as absent, and keeps the rest', async () => {
    setTestStorageKey('startDate', 'not json');
    setTestStorageKey('partySize', '99');
    setTestStorageKey('selectedPrice', '{"id":1}');
    setTestStorageKey('tourType', '"prod_tours"');
    const { $cart, $checkoutReady, unbind } = await loadStores();
    expect($cart.get()).toMatchObject({ startDate: null, partySize: null, selectedPrice: null, productId: 'prod_tours' });
    expect($checkoutReady.get()).toBe(false);
    expect(warnings.join('\n')).toMatch(/stored startDate/);
    expect(warnings.join('\n')).toMatch(/stored partySize/);
    expect(warnings.join('\n')).toMatch(/stored selectedPrice/);
    unbind();
  });

  it('derives the product and price from tourType, selectedPriceId and the catalog, and clears them otherwise', async () => {
    const { $cart, receiveProducts, startBooking, choosePrice, unbind } = await loadStores();
    receiveProducts([tours, classes]);
    startBooking('prod_classes', 'winter-classes', 1);
    expect($cart.get()).toMatchObject({ selectedProduct: null, selectedPrice: null });
    choosePrice('price_moto');
    expect($cart.get()).toMatchObject({ selectedProduct: classes, selectedPrice: moto });
    expect(JSON.parse(getTestStorage()['selectedPrice'] ?? 'null')).toEqual(moto);
    // A price the catalog no longer has clears both.
    choosePrice('price_gone');
    expect($cart.get()).toMatchObject({ selectedProduct: null, selectedPrice: null });
    expect(getTestStorage()['selectedPrice']).toBeUndefined();
    unbind();
  });

  it('changing the class resets the chosen date; changing the party size or activity of a day tour does not', async () => {
    const { $cart, receiveProducts, startBooking, choosePrice, chooseDate, choosePartySize, unbind } = await loadStores();
    receiveProducts([tours, classes]);
    startBooking('prod_classes', 'winter-classes', 1);
    choosePrice('price_moto', { resetsDate: true });
    chooseDate(tourDate);
    choosePrice('price_moto', { resetsDate: true });
    expect($cart.get().dateId).toBe('tour-2026-12-05');
    choosePrice('price_other', { resetsDate: true });
    expect($cart.get()).toMatchObject({ dateId: null, startDate: null, endDate: null });

    startBooking('prod_tours', 'winter-day-tours');
    expect($cart.get()).toMatchObject({ productId: 'prod_tours', calendar: 'winter-day-tours', selectedPriceId: null, partySize: 1 });
    choosePrice('price_ski');
    chooseDate(tourDate);
    choosePartySize(4);
    expect($cart.get()).toMatchObject({ dateId: 'tour-2026-12-05', partySize: 4 });
    // Coming back to the same page keeps the selection.
    startBooking('prod_tours', 'winter-day-tours');
    expect($cart.get()).toMatchObject({ selectedPriceId: 'price_ski', dateId: 'tour-2026-12-05', partySize: 4 });
    unbind();
  });

  it('follows a change made in another tab', async () => {
    const { $cart, receiveProducts, unbind } = await loadStores();
    receiveProducts([tours, classes]);
    setTestStorageKey('tourType', '"prod_tours"');
    setTestStorageKey('selectedPriceId', '"price_ski"');
    setTestStorageKey('partySize', '2');
    expect($cart.get()).toMatchObject({ productId: 'prod_tours', selectedPriceId: 'price_ski', selectedPrice: ski, partySize: 2 });
    setTestStorageKey('partySize', undefined);
    expect($cart.get().partySize).toBeNull();
    unbind();
  });
});
