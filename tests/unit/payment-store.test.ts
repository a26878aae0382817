/**
 * The payment step's store against a stand-in booking API (at fetch) and a stand-in Firebase (at its
 * module boundary), with the persistent store's test engine in place of localStorage.
 */
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Price, Product } from '../../shared/contract/answers.ts';
import { denverInstant } from '../../shared/rules/dates.ts';
import { tourOn } from './support/calendar.ts';
import { fakeUser } from './support/accounts.ts';

const firebase = vi.hoisted(() => ({ listeners: [] as ((user: unknown) => void)[] }));
vi.mock('firebase/auth', () => ({
  onAuthStateChanged: (_auth: unknown, listener: (user: unknown) => void) => {
    firebase.listeners.push(listener);
    return () => undefined;
  },
  signOut: async () => undefined,
}));
vi.mock('../../src/lib/firebase.ts', () => ({ firebaseAuth: () => ({}), serverPasswordRules: false }));

useTestStorageEngine();

const ski: Price = { id: 'price_ski', nickname: 'Ski Day', unit_amount: 25_000, currency: 'usd', metadata: { image: '/ski.svg' } };
const tours: Product = { id: 'prod_tours', name: 'Backcountry Tours', description: '', images: [], prices: [ski] };
const start = denverInstant('2030-12-05', 8);
const tourDate = tourOn('2030-12-05');

// ---- The stand-in API ----

interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}
type Answer = Response | Promise<Response> | (() => Response | Promise<Response>);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, message: string) => json({ error: message, message }, status);

let calls: Call[] = [];
/** Answers waiting per "METHOD /path", first in first out; a call with none waiting fails like a lost connection. */
let answers: Map<string, Answer[]> = new Map();
let bookedDates: string[] = [];

function answer(route: string, ...responses: Answer[]) {
  answers.set(route, [...(answers.get(route) ?? []), ...responses]);
}

const callsTo = (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route);

let sequence = 0;
function intentAnswer(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return json({
    clientSecret: `lpi_bk_${sequence}_secret`,
    bookingId: `bk_${sequence}`,
    amount: 75_000,
    currency: 'usd',
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    provider: 'local',
    ...overrides,
  });
}

beforeEach(() => {
  calls = [];
  answers = new Map();
  bookedDates = [];
  firebase.listeners = [];
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', async (url: URL | string, init: RequestInit = {}) => {
    const path = new URL(String(url)).pathname;
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    calls.push({
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
    });
    const route = `${method} ${path}`;
    if (path.startsWith('/users/user/')) {
      const uid = decodeURIComponent(path.split('/').pop() ?? '');
      return json({ uid, email: `${uid}@example.com`, bookings: bookedDates });
    }
    const next = answers.get(route)?.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return typeof next === 'function' ? next() : next;
  });
});
afterEach(() => {
  vi.useRealTimers();
  cleanTestStorage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// ---- The stores, as a new page load sees them ----

async function loadStores(user: User | null = fakeUser('rider')) {
  vi.resetModules();
  firebase.listeners = [];
  const cart = await import('../../src/features/booking/stores/cart.ts');
  const products = await import('../../src/stores/products.ts');
  const auth = await import('../../src/stores/auth.ts');
  const payment = {
    ...(await import('../../src/features/checkout/rules/order.ts')),
    ...(await import('../../src/features/checkout/stores/promo.ts')),
    ...(await import('../../src/features/checkout/stores/payment-intent.ts')),
    ...(await import('../../src/features/checkout/stores/checkout-order.ts')),
    ...(await import('../../src/features/card-payment/card.ts')),
    ...(await import('../../src/features/checkout/stores/checkout-card.ts')),
    ...(await import('../../src/features/checkout/stores/payment-outcome.ts')),
  };
  const started = auth.startAuth();
  await vi.waitFor(() => expect(firebase.listeners).toHaveLength(1));
  for (const listener of firebase.listeners) listener(user);
  await started;
  products.receiveProducts([tours]);
  return { ...cart, ...products, ...auth, ...payment };
}

type Stores = Awaited<ReturnType<typeof loadStores>>;

/** A day tour for a party of `partySize` on one day. */
function fillCart(stores: Stores, partySize = 3) {
  stores.startBooking('prod_tours', 'winter-day-tours');
  stores.choosePrice('price_ski');
  stores.choosePartySize(partySize);
  stores.chooseDate(tourDate);
}

async function readyIntent(stores: Stores, overrides: Record<string, unknown> = {}) {
  answer('POST /stripe/create-payment-intent', intentAnswer(overrides));
  await stores.createIntent();
  const intent = stores.$intent.get();
  if (intent.status !== 'ready') throw new Error(`expected a ready intent, got ${JSON.stringify(intent)}`);
  return intent;
}

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

// ---- The tests ----

describe('creating the payment intent', () => {
  it('checks the spec preconditions in the spec order and asks the API nothing until they hold', async () => {
    const signedOut = await loadStores(null);
    await signedOut.createIntent();
    expect(signedOut.$intent.get()).toEqual({ status: 'failed', message: 'Please select a tour type before proceeding.' });

    signedOut.startBooking('prod_tours', 'winter-day-tours');
    signedOut.choosePrice('price_ski');
    await signedOut.createIntent();
    expect(signedOut.$intent.get()).toEqual({ status: 'failed', message: 'You must be logged in to proceed with payment.' });

    const stores = await loadStores();
    await stores.createIntent();
    expect(stores.$intent.get()).toEqual({ status: 'failed', message: 'Please select a valid date for your tour.' });

    stores.chooseDate(tourDate);
    stores.choosePartySize(0);
    await stores.createIntent();
    expect(stores.$intent.get()).toEqual({ status: 'failed', message: 'Please specify a valid party size.' });

    expect(callsTo('POST /stripe/create-payment-intent')).toEqual([]);
  });

  it('sends quantity = party size x days, the metadata and the signed-in user token', async () => {
    // A two-day order, as stored by a booking page.
    const end = denverInstant('2030-12-06', 8);
    setTestStorageKey('tourType', '"prod_tours"');
    setTestStorageKey('calendar', '"winter-day-tours"');
    setTestStorageKey('selectedPriceId', '"price_ski"');
    setTestStorageKey('partySize', '3');
    setTestStorageKey('dateId', JSON.stringify(tourDate.id));
    setTestStorageKey('startDate', JSON.stringify(start.toISOString()));
    setTestStorageKey('endDate', JSON.stringify(end.toISOString()));
    const stores = await loadStores();
    answer('POST /stripe/create-payment-intent', intentAnswer());
    await stores.createIntent({ inviteCode: 'inv_friend' });

    const [call] = callsTo('POST /stripe/create-payment-intent');
    expect(call?.authorization).toBe('Bearer token-of-rider');
    expect(call?.body).toEqual({
      priceId: 'price_ski',
      quantity: 6,
      metadata: {
        userId: 'rider',
        dateId: 'tour-2030-12-05',
        partySize: 3,
        calendar: 'winter-day-tours',
        inviteCode: 'inv_friend',
        stripeId: 'price_ski',
        email: 'rider@example.com',
      },
    });
    expect(stores.$intent.get()).toMatchObject({ status: 'ready', bookingId: `bk_${sequence}`, amount: 75_000, provider: 'local' });
  });

  it('shows the server amount once the intent exists and records the hold under checkout:hold', async () => {
    const stores = await loadStores();
    fillCart(stores);
    expect(stores.$orderTotal.get()).toBe(75_000);
    const intent = await readyIntent(stores, { amount: 70_000 });
    expect(stores.$orderTotal.get()).toBe(70_000);
    expect(JSON.parse(getTestStorage()['checkout:hold'] ?? 'null')).toEqual({
      dateId: 'tour-2030-12-05',
      expiresAt: intent.expiresAt,
      partySize: 3,
    });
  });

  it('keeps the hold it has for the same order, and asks again when the order changes', async () => {
    const stores = await loadStores();
    fillCart(stores);
    await readyIntent(stores);
    await stores.createIntent();
    expect(callsTo('POST /stripe/create-payment-intent')).toHaveLength(1);

    stores.choosePartySize(2);
    answer('POST /stripe/create-payment-intent', intentAnswer({ amount: 50_000 }));
    await stores.createIntent();
    const calls = callsTo('POST /stripe/create-payment-intent');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toMatchObject({ quantity: 2, metadata: { partySize: 2 } });
    expect(stores.$intent.get()).toMatchObject({ status: 'ready', amount: 50_000 });
  });

  it('says why a request failed, with the spec prefix said once', async () => {
    const stores = await loadStores();
    fillCart(stores);
    answer('POST /stripe/create-payment-intent', failure(409, 'Sorry, this date is fully booked.'));
    await stores.createIntent();
    expect(stores.$intent.get()).toEqual({
      status: 'failed',
      message: 'Failed to create payment intent: Sorry, this date is fully booked.',
    });

    const unavailable = 'Failed to create payment intent: the payment provider is unavailable. Please try again.';
    answer('POST /stripe/create-payment-intent', failure(502, unavailable));
    await stores.createIntent({ force: true });
    expect(stores.$intent.get()).toEqual({ status: 'failed', message: unavailable });

    await stores.createIntent({ force: true });
    expect(stores.$intent.get()).toEqual({ status: 'failed', message: 'No signal: try again once this phone is online.' });
  });

  it('fails with the spec message when the answer has no client secret', async () => {
    const stores = await loadStores();
    fillCart(stores);
    answer('POST /stripe/create-payment-intent', intentAnswer({ clientSecret: undefined }));
    await stores.createIntent();
    expect(stores.$intent.get()).toEqual({ status: 'failed', message: 'Payment intent creation failed. Missing client secret.' });
  });

  it('shows creating while the request runs, and only the newest answer counts', async () => {
    const stores = await loadStores();
    fillCart(stores);
    let releaseFirst: () => void = () => undefined;
    answer(
      'POST /stripe/create-payment-intent',
      () =>
        new Promise<Response>((resolve) => {
          releaseFirst = () => resolve(intentAnswer({ amount: 1 }));
        }),
    );
    const first = stores.createIntent();
    expect(stores.$intent.get()).toEqual({ status: 'creating' });
    stores.choosePartySize(2);
    answer('POST /stripe/create-payment-intent', intentAnswer({ amount: 50_000 }));
    await vi.waitFor(() => expect(callsTo('POST /stripe/create-payment-intent')).toHaveLength(1));
    await stores.createIntent();
    releaseFirst();
    await first;
    expect(stores.$intent.get()).toMatchObject({ status: 'ready', amount: 50_000 });
  });
});

describe('the promo code', () => {
  it('accepted: keeps the code and the server total, and makes the intent again with the code', async () => {
    const stores = await loadStores();
    fillCart(stores);
    await readyIntent(stores);
    answer(
      'POST /promo/apply',
      json({ promoCode: 'WELCOME10', discount: { percentOff: 10 }, finalPrice: 22_500, finalTotal: 67_500, quantity: 3 }),
    );
    answer('POST /stripe/create-payment-intent', intentAnswer({ amount: 67_500 }));
    await stores.applyPromo(' welcome10 ');

    expect(callsTo('POST /promo/apply')[0]?.body).toEqual({ promoCode: 'WELCOME10', selectedPriceId: 'price_ski', quantity: 3 });
    expect(stores.$promo.get()).toEqual({ status: 'accepted', code: 'WELCOME10', finalTotal: 67_500, quantity: 3 });
    const intents = callsTo('POST /stripe/create-payment-intent');
    expect(intents).toHaveLength(2);
    expect(intents[1]?.body).toMatchObject({ promoCode: 'WELCOME10', quantity: 3 });
    expect(stores.$intent.get()).toMatchObject({ status: 'ready', amount: 67_500, promoCode: 'WELCOME10' });
    expect(stores.$orderTotal.get()).toBe(67_500);
  });

  it('shows the promo total before the intent exists', async () => {
    const stores = await loadStores();
    fillCart(stores);
    answer('POST /promo/apply', json({ promoCode: 'LOCALS50', finalPrice: 20_000, finalTotal: 70_000, quantity: 3 }));
    await stores.applyPromo('LOCALS50');
    expect(stores.$orderTotal.get()).toBe(70_000);
    expect(callsTo('POST /stripe/create-payment-intent')).toEqual([]);
  });

  it('refused (400): Invalid promo code, the code is cleared and the intent goes back to the full price', async () => {
    const stores = await loadStores();
    fillCart(stores);
    await readyIntent(stores);
    answer('POST /promo/apply', json({ promoCode: 'WELCOME10', finalPrice: 22_500, finalTotal: 67_500, quantity: 3 }));
    answer('POST /stripe/create-payment-intent', intentAnswer({ amount: 67_500 }));
    await stores.applyPromo('WELCOME10');

    answer('POST /promo/apply', failure(400, 'Invalid promo code'));
    answer('POST /stripe/create-payment-intent', intentAnswer({ amount: 75_000 }));
    await stores.applyPromo('NOPE');
    expect(stores.$promo.get()).toEqual({ status: 'failed', message: 'Invalid promo code' });
    const intents = callsTo('POST /stripe/create-payment-intent');
    expect(intents).toHaveLength(3);
    expect(intents[2]?.body).not.toHaveProperty('promoCode');
    expect(stores.$orderTotal.get()).toBe(75_000);
  });

  it('an empty code is invalid without asking the server', async () => {
    const stores = await loadStores();
    fillCart(stores);
    await stores.applyPromo('   ');
    expect(stores.$promo.get()).toEqual({ status: 'failed', message: 'Invalid promo code' });
    expect(callsTo('POST /promo/apply')).toEqual([]);
  });

  it.each([
    ['a server fault', () => failure(500, 'Internal error')],
    ['too many tries', () => failure(429, 'Too many promo code attempts.')],
    ['a lost connection', null],
  ])('%s: An error occurred while applying the promo code.', async (_label, response) => {
    const stores = await loadStores();
    fillCart(stores);
    if (response) answer('POST /promo/apply', response());
    await stores.applyPromo('WELCOME10');
    expect(stores.$promo.get()).toEqual({ status: 'failed', message: 'An error occurred while applying the promo code.' });
    expect(stores.$orderTotal.get()).toBe(75_000);
  });

  it('a code the hold refuses can be dropped to go on at the full price', async () => {
    const stores = await loadStores();
    fillCart(stores);
    await readyIntent(stores);
    answer('POST /promo/apply', json({ promoCode: 'LAST1', finalPrice: 20_000, finalTotal: 60_000, quantity: 3 }));
    answer('POST /stripe/create-payment-intent', failure(400, 'Invalid promo code'));
    await stores.applyPromo('LAST1');
    expect(stores.$intent.get()).toEqual({ status: 'failed', message: 'Failed to create payment intent: Invalid promo code' });

    answer('POST /stripe/create-payment-intent', intentAnswer());
    await stores.removePromo();
    expect(stores.$promo.get()).toEqual({ status: 'none' });
    expect(stores.$intent.get()).toMatchObject({ status: 'ready', promoCode: null });
  });
});

describe('the hold on the seats', () => {
  it('expires when the countdown reaches zero, and Hold my seats again asks for a new hold', async () => {
    const stores = await loadStores();
    fillCart(stores);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    await readyIntent(stores, { expiresAt: new Date(Date.now() + 60_000).toISOString() });

    await vi.advanceTimersByTimeAsync(59_000);
    expect(stores.$intent.get().status).toBe('ready');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stores.$intent.get()).toEqual({ status: 'expired', reason: null });

    // The same order again: a forced request, and the new hold is recorded.
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    answer('POST /stripe/create-payment-intent', intentAnswer({ expiresAt }));
    await stores.holdAgain();
    expect(callsTo('POST /stripe/create-payment-intent')).toHaveLength(2);
    expect(stores.$intent.get()).toMatchObject({ status: 'ready', expiresAt });
    expect(JSON.parse(getTestStorage()['checkout:hold'] ?? 'null')).toMatchObject({ expiresAt });
  });

  it('checkHold ends a hold whose time has passed (a tab that slept through its timer)', async () => {
    const stores = await loadStores();
    fillCart(stores);
    const intent = await readyIntent(stores);
    stores.checkHold(Date.parse(intent.expiresAt) - 1);
    expect(stores.$intent.get().status).toBe('ready');
    stores.checkHold(Date.parse(intent.expiresAt));
    expect(stores.$intent.get().status).toBe('expired');
  });
});

describe('paying with the local provider', () => {
  it('a paid order empties the cart and clears the hold record', async () => {
    const stores = await loadStores();
    fillCart(stores);
    const intent = await readyIntent(stores);
    answer('POST /payments/local/confirm', json({ status: 'succeeded', dateId: tourDate.id }));
    const result = await stores.confirmLocalCard({ ...CARD, cardNumber: '4242-4242-4242-4242', expiry: '1234' });

    expect(callsTo('POST /payments/local/confirm')[0]?.body).toEqual({
      clientSecret: intent.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(result).toEqual({ status: 'succeeded', bookingId: intent.bookingId, dateId: tourDate.id });
    expect(stores.$card.get()).toEqual(result);
    const cart = stores.$cart.get();
    expect(cart).toMatchObject({
      selectedPriceId: null,
      selectedPrice: null,
      selectedProduct: null,
      startDate: null,
      endDate: null,
      dateId: null,
    });
    expect(stores.cartIsEmpty(cart)).toBe(true);
    expect(getTestStorage()).not.toHaveProperty('checkout:hold');
    expect(getTestStorage()).not.toHaveProperty('selectedPriceId');
    expect(stores.localSuccessPath(intent.bookingId, tourDate.id)).toBe(
      `/payment-success?provider=local&booking=${intent.bookingId}&date=${tourDate.id}`,
    );
  });

  it('a declined card shows the provider message, keeps the hold, and another card pays in the same checkout', async () => {
    const stores = await loadStores();
    fillCart(stores);
    const intent = await readyIntent(stores);
    answer('POST /payments/local/confirm', failure(402, 'Your card was declined.'));
    const declined = await stores.confirmLocalCard({ ...CARD, cardNumber: '4000 0000 0000 0002' });
    expect(declined).toEqual({ status: 'declined', message: 'Your card was declined.', field: null });
    expect(stores.$intent.get()).toEqual(intent);
    expect(stores.$cart.get().dateId).toBe(tourDate.id);

    answer('POST /payments/local/confirm', json({ status: 'succeeded', dateId: tourDate.id }));
    const paid = await stores.confirmLocalCard(CARD);
    expect(paid.status).toBe('succeeded');
    expect(callsTo('POST /payments/local/confirm').map((call) => (call.body as { clientSecret: string }).clientSecret)).toEqual([
      intent.clientSecret,
      intent.clientSecret,
    ]);
  });

  it('an incomplete card is refused before any call, naming its field', async () => {
    const stores = await loadStores();
    fillCart(stores);
    await readyIntent(stores);
    const result = await stores.confirmLocalCard({ ...CARD, expiry: '13/3' });
    expect(result).toEqual({ status: 'declined', message: 'Your card\u2019s expiration date is incomplete.', field: 'expiry' });
    expect(callsTo('POST /payments/local/confirm')).toEqual([]);
  });

  it('an ended session ends the hold with the server reason; anything else is An unexpected error occurred.', async () => {
    const stores = await loadStores();
    fillCart(stores);
    await readyIntent(stores);
    answer('POST /payments/local/confirm', failure(500, 'Internal error'));
    expect(await stores.confirmLocalCard(CARD)).toEqual({ status: 'failed', message: 'An unexpected error occurred.' });
    expect(stores.$intent.get().status).toBe('ready');

    const ended = 'This payment session has ended. Please start checkout again.';
    answer('POST /payments/local/confirm', failure(409, ended));
    await stores.confirmLocalCard(CARD);
    expect(stores.$intent.get()).toEqual({ status: 'expired', reason: ended });
    expect(stores.$cart.get().dateId).toBe(tourDate.id);
  });

  it('shows Stripe error messages only for card and validation errors', async () => {
    const { stripeErrorMessage } = await loadStores();
    expect(stripeErrorMessage({ type: 'card_error', message: 'Your card has insufficient funds.' })).toBe(
      'Your card has insufficient funds.',
    );
    expect(stripeErrorMessage({ type: 'validation_error', message: 'Your card number is incomplete.' })).toBe(
      'Your card number is incomplete.',
    );
    expect(stripeErrorMessage({ type: 'api_error', message: 'Something broke' })).toBe('An unexpected error occurred.');
    expect(stripeErrorMessage(undefined)).toBe('An unexpected error occurred.');
  });
});

describe('/payment-success', () => {
  it('a cold visit has no payment to confirm', async () => {
    const stores = await loadStores();
    expect(await stores.verifyPayment('')).toEqual({ status: 'none' });
    expect(await stores.verifyPayment('?provider=local')).toEqual({ status: 'none' });
  });

  it('local: succeeded only when the booked date is in the user bookings, and then the cart is emptied', async () => {
    const stores = await loadStores();
    fillCart(stores);
    const search = `?provider=local&booking=bk_1&date=${tourDate.id}`;
    expect(await stores.verifyPayment(search)).toEqual({ status: 'none' });
    expect(stores.$cart.get().dateId).toBe(tourDate.id);

    bookedDates = [tourDate.id];
    expect(await stores.verifyPayment(search)).toEqual({ status: 'succeeded' });
    expect(callsTo('GET /users/user/rider').at(-1)?.authorization).toBe('Bearer token-of-rider');
    expect(stores.cartIsEmpty(stores.$cart.get())).toBe(true);
  });

  it('local: signed out is a cold visit', async () => {
    const stores = await loadStores(null);
    expect(await stores.verifyPayment(`?provider=local&date=${tourDate.id}`)).toEqual({ status: 'none' });
  });

  it.each([
    ['succeeded', 'succeeded'],
    ['processing', 'processing'],
    ['requires_payment_method', 'failed'],
    ['canceled', 'failed'],
    [null, 'unverified'],
  ] as const)('Stripe: the intent status %s reads as %s', async (status, outcome) => {
    const stores = await loadStores();
    fillCart(stores);
    const seen: string[] = [];
    const result = await stores.verifyPayment('?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded', {
      stripeIntentStatus: async (secret) => {
        seen.push(secret);
        return status;
      },
    });
    expect(seen).toEqual(['pi_1_secret_x']);
    expect(result).toEqual({ status: outcome });
    expect(stores.cartIsEmpty(stores.$cart.get())).toBe(outcome === 'succeeded');
  });
});

describe('a trip voucher typed at the gift card field', () => {
  const voucher = (activityId: string, activity: string) =>
    json({
      kind: 'voucher',
      activity,
      activityId,
      balance: 25_000,
      currency: 'usd',
      bonus: 0,
      bonusEndsOn: null,
      uses: [],
      onYourAccount: false,
    });

  it('is kept for a booking of its own activity, and the hold is asked again with it', async () => {
    const stores = await loadStores();
    fillCart(stores);
    await readyIntent(stores);
    answer('POST /gift-cards/balance', voucher('prod_tours', 'Backcountry Tours'));
    answer('POST /stripe/create-payment-intent', intentAnswer({ giftCards: [{ code: 'KAMAS-7QX4-M2PD-9HTR-KJ3W', amount: 25_000 }] }));
    const giftCards = await import('../../src/features/checkout/stores/gift-cards.ts');
    await stores.applyGiftCard('kamas 7qx4 m2pd 9htr kj3w');
    expect(giftCards.$giftCards.get()).toMatchObject({ codes: ['KAMAS-7QX4-M2PD-9HTR-KJ3W'], status: 'idle', message: null });
    expect(callsTo('POST /stripe/create-payment-intent').at(-1)?.body).toMatchObject({ giftCodes: ['KAMAS-7QX4-M2PD-9HTR-KJ3W'] });
  });

  it('is refused at its field for another activity, naming its own, and the hold is not asked again', async () => {
    const stores = await loadStores();
    fillCart(stores);
    await readyIntent(stores);
    answer('POST /gift-cards/balance', voucher('prod_classes', 'Avalanche Level 1'));
    const giftCards = await import('../../src/features/checkout/stores/gift-cards.ts');
    await stores.applyGiftCard('KAMAS-7QX4-M2PD-9HTR-KJ3W');
    expect(giftCards.$giftCards.get()).toMatchObject({
      codes: [],
      status: 'failed',
      message: 'This trip voucher pays for one seat of Avalanche Level 1. Use it when you book that trip.',
    });
    expect(callsTo('POST /stripe/create-payment-intent')).toHaveLength(1);
  });
});
