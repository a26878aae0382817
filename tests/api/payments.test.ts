import { beforeAll, describe, expect, it } from 'vitest';
import { freeDate, harness, intentBody, newUser, type Harness } from './harness.ts';
import type { CalendarEntry, DatabaseUser } from '../../src/lib/api-types.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});

type Intent = { clientSecret: string; bookingId: string; amount: number };
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

async function bookingStatus(bookingId: string) {
  const [row] = await h.db.query<{ status: string }>('select status from bookings where id = $1', [bookingId]);
  return row?.status;
}

describe('promo codes', () => {
  it.each(['/promo/apply', '/stripe/applyPromoCode'])('%s gives the final price for a percent-off code', async (path) => {
    const { status, body } = await h.json<{ finalPrice: number }>('POST', path, {
      body: { promoCode: 'welcome10', selectedPriceId: 'price_tour_ski' },
    });
    expect(status).toBe(200);
    expect(body.finalPrice).toBe(22_500);
  });

  it('takes an amount-off code off the order, not each seat', async () => {
    const { body } = await h.json<{ finalPrice: number; finalTotal: number }>('POST', '/promo/apply', {
      body: { promoCode: 'LOCALS50', selectedPriceId: 'price_tour_ski', quantity: 3 },
    });
    expect(body).toMatchObject({ finalPrice: 20_000, finalTotal: 70_000 });
  });

  it.each(['EARLYBIRD', 'NOPE', ''])('refuses %j with Invalid promo code', async (promoCode) => {
    const { status, body } = await h.json<{ error: string }>('POST', '/stripe/applyPromoCode', {
      body: { promoCode, selectedPriceId: 'price_tour_ski' },
    });
    expect(status).toBe(400);
    expect(body.error).toBe('Invalid promo code');
  });
});

describe('payment intents and the local provider', () => {
  it('computes the amount on the server and holds the seats', async () => {
    const rider = await newUser();
    const date = await freeDate(h, 'winter-day-tours');
    const { status, body } = await h.json<Intent>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, date, 'winter-day-tours', 'price_tour_snowmobile', 3, { promoCode: 'WELCOME10' }),
    });
    expect(status).toBe(200);
    expect(body.clientSecret).toMatch(/_secret/);
    expect(body.amount).toBe(3 * 35_000 * 0.9);
    const { body: tours } = await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours');
    expect(tours.find((entry) => entry.id === date.id)?.users.length).toBeGreaterThan(0);
  });

  it('returns the same hold for the same request twice', async () => {
    const rider = await newUser();
    const date = await freeDate(h, 'winter-classes');
    const request = intentBody(rider, date, 'winter-classes', date.stripeId ?? '', 1);
    const first = await h.json<Intent>('POST', '/stripe/create-payment-intent', { token: rider.token, body: request });
    const second = await h.json<Intent>('POST', '/stripe/create-payment-intent', { token: rider.token, body: request });
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    const rows = await h.db.query(`select id from bookings where user_id = $1 and status = 'held'`, [rider.uid]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a class price on another class type date', async () => {
    const rider = await newUser();
    const date = await freeDate(h, 'winter-classes', (entry) => entry.type === 'moto');
    const { status } = await h.json('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, date, 'winter-classes', 'price_class_sledski'),
    });
    expect(status).toBe(400);
  });

  it.each([
    ['an unknown price', { priceId: 'price_nope' }, 404, 'Product not found'],
    ['no price', { priceId: '' }, 400, 'Please select a tour type before proceeding.'],
    ['an unknown date', { metadata: { dateId: 'tour-1999-01-01' } }, 400, 'Please select a valid date for your tour.'],
    ['a party of 5', { quantity: 5, metadata: { partySize: 5 } }, 400, 'Please specify a valid party size.'],
  ])('answers %s with the spec message', async (_label, change, status, message) => {
    const rider = await newUser();
    const date = await freeDate(h, 'winter-day-tours');
    const base = intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 2);
    const body = { ...base, ...change, metadata: { ...base.metadata, ...((change as { metadata?: object }).metadata ?? {}) } };
    const answer = await h.json<{ message: string }>('POST', '/stripe/create-payment-intent', { token: rider.token, body });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
  });

  it('books the date when the card succeeds: user bookings, taken seats and an invite code for the member only', async () => {
    const rider = await newUser();
    const other = await newUser();
    const date = await freeDate(h, 'winter-classes');
    const intent = await h.json<Intent>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, date, 'winter-classes', date.stripeId ?? '', 2),
    });
    const paid = await h.json<{ status: string; dateId: string }>('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { clientSecret: intent.body.clientSecret, ...CARD },
    });
    expect(paid).toEqual({ status: 200, body: { status: 'succeeded', dateId: date.id } });
    const again = await h.json('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { clientSecret: intent.body.clientSecret, ...CARD },
    });
    expect(again.status).toBe(200);

    const user = await h.json<DatabaseUser>('GET', `/users/user/${rider.uid}`, { token: rider.token });
    expect(user.body.bookings).toEqual([date.id]);

    const mine = await h.json<CalendarEntry[]>('GET', '/calendar/winter-classes', { token: rider.token });
    const entry = mine.body.find((item) => item.id === date.id);
    expect(entry?.users).toHaveLength(2);
    expect(entry?.inviteCode).toMatch(/^inv_/);
    const theirs = await h.json<CalendarEntry[]>('GET', '/calendar/winter-classes', { token: other.token });
    expect(theirs.body.find((item) => item.id === date.id)?.inviteCode).toBeUndefined();
    const anonymous = await h.call('GET', '/calendar/winter-classes');
    const text = await anonymous.text();
    expect(text).not.toContain(rider.uid);
    expect(text).not.toContain(rider.email);
    expect(text).not.toContain('inv_');
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('declines %s with %j and releases the seats', async (cardNumber, message) => {
    const rider = await newUser();
    const date = await freeDate(h, 'winter-day-tours');
    const intent = await h.json<Intent>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 1),
    });
    const declined = await h.json<{ error: string }>('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { ...CARD, clientSecret: intent.body.clientSecret, cardNumber },
    });
    expect(declined).toMatchObject({ status: 402, body: { error: message } });
    expect(await bookingStatus(intent.body.bookingId)).toBe('released');
    const { body } = await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours');
    expect(body.find((entry) => entry.id === date.id)?.users).toHaveLength(0);
  });
});

describe('holds that run out', () => {
  it('release their seats, and a late payment is refunded when someone else took them', async () => {
    const quick = await harness({ holdSeconds: 1 });
    const late = await newUser();
    const prompt = await newUser();
    const date = await freeDate(quick, 'winter-day-tours');
    const first = await quick.json<Intent>('POST', '/stripe/create-payment-intent', {
      token: late.token,
      body: intentBody(late, date, 'winter-day-tours', 'price_tour_ski', 2),
    });
    expect(first.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const second = await quick.json<Intent>('POST', '/stripe/create-payment-intent', {
      token: prompt.token,
      body: intentBody(prompt, date, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(second.status).toBe(200);
    const latePay = await quick.json<{ error: string }>('POST', '/payments/local/confirm', {
      token: late.token,
      body: { clientSecret: first.body.clientSecret, ...CARD },
    });
    expect(latePay.status).toBe(409);
    const [row] = await quick.db.query<{ status: string }>('select status from bookings where id = $1', [first.body.bookingId]);
    expect(row?.status).toBe('refunded');
    const user = await quick.json<DatabaseUser>('GET', `/users/user/${late.uid}`, { token: late.token });
    expect(user.body.bookings).toEqual([]);
  });

  it('still books a late payment when the seats are free', async () => {
    const quick = await harness({ holdSeconds: 1 });
    const rider = await newUser();
    const date = await freeDate(quick, 'winter-classes');
    const intent = await quick.json<Intent>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, date, 'winter-classes', date.stripeId ?? ''),
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const paid = await quick.json('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { clientSecret: intent.body.clientSecret, ...CARD },
    });
    expect(paid.status).toBe(200);
  });
});

describe('the hold', () => {
  it('says when it ends, about fifteen minutes from now, as an ISO instant', async () => {
    const rider = await newUser();
    const date = await freeDate(h, 'winter-day-tours');
    const { body } = await h.json<{ expiresAt: string }>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(body.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const minutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });
});
