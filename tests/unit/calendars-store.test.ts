/** The booking calendars' loads against a stand-in API at fetch, with the cart in the persistent store's test engine. */
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { denverInstant } from '../../shared/rules/dates.ts';
import { fromWire } from './support/calendar.ts';

useTestStorageEngine();

const start = denverInstant('2030-12-07', 7);
/** A moto class with `taken` of its 10 seats taken, as the API answers it. */
const classEntry = (taken: number): CalendarEntry => ({
  id: 'class-moto-2030-12-07',
  date: { _seconds: start.getTime() / 1000, _nanoseconds: 0 },
  closesAt: { _seconds: start.getTime() / 1000 - 12 * 3600, _nanoseconds: 0 },
  partySize: 10,
  users: Array.from({ length: taken }, () => 'reserved'),
  stripeId: 'price_class_moto',
  type: 'moto',
});
/** The same class as the site reads it. */
const classDate = (taken: number) => fromWire(classEntry(taken));

let answers: (() => Response | Promise<Response>)[] = [];
const requests: RequestInit[] = [];
beforeEach(() => {
  answers = [];
  requests.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', async (_url: URL, init: RequestInit) => {
    requests.push(init);
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  });
});
afterEach(() => {
  cleanTestStorage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const json = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

async function stores() {
  vi.resetModules();
  const cart = await import('../../src/features/booking/stores/cart.ts');
  const calendars = await import('../../src/features/booking/stores/calendars.ts');
  const hold = await import('../../src/features/booking/stores/checkout-hold.ts');
  return { ...cart, ...calendars, ...hold };
}

describe('the class calendar load', () => {
  it('says which reconnect attempt it is on, then fails, and Retry Now starts again', async () => {
    vi.useFakeTimers();
    const { classCalendar } = await stores();
    const seen: string[] = [];
    classCalendar.$load.subscribe((load) =>
      seen.push(load.status === 'reconnecting' ? `reconnecting ${load.attempt}/${load.of}` : load.status),
    );
    const done = classCalendar.load();
    await vi.advanceTimersByTimeAsync(15_000);
    await done;
    expect(seen).toEqual(['loading', 'reconnecting 1/3', 'reconnecting 2/3', 'reconnecting 3/3', 'failed']);

    answers.push(json([classEntry(0)]));
    await classCalendar.load();
    expect(classCalendar.$load.get()).toMatchObject({ status: 'ready', entries: [classDate(0)] });
  });
});

describe('fresh availability', () => {
  it('lets go of a chosen date that filled meanwhile, says so, and asks past every cache', async () => {
    const { classCalendar, chooseDate, startBooking, choosePrice, $cart, $checkoutReady, $selectionNotice, confirmChosenDate } =
      await stores();
    const unbind = $cart.listen(() => undefined);
    answers.push(json([classEntry(9)]));
    await classCalendar.load();
    startBooking('prod_avalanche_courses', 'winter-classes', 1);
    choosePrice('price_class_moto');
    chooseDate(classDate(9));
    expect($cart.get().dateId).toBe('class-moto-2030-12-07');

    // Another customer takes the last seat; the visitor comes back and heads to Checkout.
    answers.push(json([classEntry(10)]));
    expect(await confirmChosenDate(classCalendar)).toBe(false);
    expect(requests.at(-1)?.cache).toBe('no-cache');
    expect($cart.get()).toMatchObject({ dateId: null, startDate: null, endDate: null, selectedPriceId: 'price_class_moto' });
    expect($checkoutReady.get()).toBe(false);
    expect($selectionNotice.get()).toBe('Sat, Dec 7 is no longer available: it filled up or closed. Please choose another date.');
    unbind();
  });

  it('keeps a date that is still open, and goes on when the fresh look cannot be had', async () => {
    const { classCalendar, chooseDate, startBooking, $cart, $selectionNotice, confirmChosenDate } = await stores();
    const unbind = $cart.listen(() => undefined);
    answers.push(json([classEntry(3)]));
    await classCalendar.load();
    startBooking('prod_avalanche_courses', 'winter-classes', 1);
    chooseDate(classDate(3));
    answers.push(json([classEntry(9)]));
    expect(await confirmChosenDate(classCalendar)).toBe(true);
    // The API decides at payment in any case; a network blip does not stop the visitor here.
    expect(await confirmChosenDate(classCalendar)).toBe(true);
    expect($cart.get().dateId).toBe('class-moto-2030-12-07');
    expect($selectionNotice.get()).toBeNull();
    unbind();
  });

  it('keeps the date the visitor holds seats on themselves, and lets it go once that hold has ended', async () => {
    const { classCalendar, chooseDate, startBooking, $cart, recordHold, $selectionNotice, confirmChosenDate } = await stores();
    const unbind = $cart.listen(() => undefined);
    answers.push(json([classEntry(9)]));
    await classCalendar.load();
    startBooking('prod_avalanche_courses', 'winter-classes', 1);
    chooseDate(classDate(9));
    // At checkout the visitor's hold took the last seat; back on the booking page, the date is still theirs.
    recordHold({ dateId: 'class-moto-2030-12-07', expiresAt: new Date(Date.now() + 600_000).toISOString(), partySize: 1 });
    answers.push(json([classEntry(10)]));
    expect(await confirmChosenDate(classCalendar)).toBe(true);
    expect($cart.get().dateId).toBe('class-moto-2030-12-07');
    expect($selectionNotice.get()).toBeNull();

    recordHold({ dateId: 'class-moto-2030-12-07', expiresAt: new Date(Date.now() - 1000).toISOString(), partySize: 1 });
    answers.push(json([classEntry(10)]));
    expect(await confirmChosenDate(classCalendar)).toBe(false);
    expect($cart.get().dateId).toBeNull();
    unbind();
  });
});
