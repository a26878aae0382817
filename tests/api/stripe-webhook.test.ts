import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeProvider } from '../../api/payments/stripe.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { freeDate, harness, intentBody, newUser, type Harness } from './harness.ts';
import type { DatabaseUser } from '../../src/lib/api-types.ts';

const SECRET_KEY = 'sk_test_kamas_fake_key_0001';
const WEBHOOK_SECRET = 'whsec_kamas_fake_webhook_0001';
const signer = new Stripe(SECRET_KEY).webhooks;

let fake: FakeStripe;
let h: Harness;

beforeAll(async () => {
  fake = await startFakeStripe();
  h = await harness({
    payments: stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url }),
    holdSeconds: 3,
  });
});
afterAll(() => fake.close());

function event(id: string, type: string, intentId: string) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: intentId, object: 'payment_intent' } },
  });
}

function deliver(payload: string, signature = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) {
  return h.call('POST', '/stripe/webhook', {
    body: payload,
    headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json; charset=utf-8' },
  });
}

async function hold(partySize = 2, calendar = 'winter-day-tours') {
  const rider = await newUser();
  const date = await freeDate(h, calendar);
  const priceId = calendar === 'winter-day-tours' ? 'price_tour_sledski' : (date.stripeId ?? '');
  const response = await h.json<{ clientSecret: string; bookingId: string }>('POST', '/stripe/create-payment-intent', {
    token: rider.token,
    body: intentBody(rider, date, calendar, priceId, partySize, { promoCode: 'welcome10' }),
  });
  const [row] = await h.db.query<{ payment_intent_id: string }>('select payment_intent_id from bookings where id = $1', [
    response.body.bookingId,
  ]);
  return { rider, date, response, intentId: row?.payment_intent_id ?? '' };
}

describe('the Stripe provider', () => {
  it('creates the payment intent with the server-computed amount and an idempotency key', async () => {
    const { response, intentId } = await hold(2);
    expect(response.status).toBe(200);
    expect(response.body.clientSecret).toBe(`${intentId}_secret_abc`);
    const sent = fake.requests.find(
      (request) => request.path === '/v1/payment_intents' && request.form.get('metadata[bookingId]') === response.body.bookingId,
    );
    expect(sent?.form.get('amount')).toBe(String(2 * 42_500 * 0.9));
    expect(sent?.form.get('currency')).toBe('usd');
    expect(sent?.form.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(sent?.headers['idempotency-key']).toBe(`hold-${response.body.bookingId}`);
    expect(sent?.headers['authorization']).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('refuses a webhook with a bad signature and writes nothing', async () => {
    const { intentId, response } = await hold(1);
    const payload = event('evt_bad_1', 'payment_intent.succeeded', intentId);
    const forged = await deliver(payload, signer.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }));
    expect(forged.status).toBe(400);
    const unsigned = await h.call('POST', '/stripe/webhook', { body: payload });
    expect(unsigned.status).toBe(400);
    expect(await h.db.query(`select id from payment_events where id = 'evt_bad_1'`)).toEqual([]);
    const [row] = await h.db.query<{ status: string }>('select status from bookings where id = $1', [response.body.bookingId]);
    expect(row?.status).toBe('held');
  });

  it('records one booking when the same signed event arrives 10 times at once', async () => {
    const { rider, date, intentId, response } = await hold(2);
    const payload = event('evt_paid_1', 'payment_intent.succeeded', intentId);
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(Array<number>(10).fill(200));
    expect(await h.db.query(`select id from payment_events where id = 'evt_paid_1'`)).toHaveLength(1);
    const [booking] = await h.db.query<{ status: string; invite_code: string }>('select status, invite_code from bookings where id = $1', [
      response.body.bookingId,
    ]);
    expect(booking?.status).toBe('paid');
    expect(await h.db.query('select user_id from booking_members where booking_id = $1', [response.body.bookingId])).toEqual([
      { user_id: rider.uid },
    ]);
    const user = await h.json<DatabaseUser>('GET', `/users/user/${rider.uid}`, { token: rider.token });
    expect(user.body.bookings).toEqual([date.id]);
  });

  it('releases the seats when the payment fails', async () => {
    const { intentId, response } = await hold(1);
    expect((await deliver(event('evt_failed_1', 'payment_intent.payment_failed', intentId))).status).toBe(200);
    const [row] = await h.db.query<{ status: string }>('select status from bookings where id = $1', [response.body.bookingId]);
    expect(row?.status).toBe('released');
  });

  it('refunds a payment that succeeds after its seats went to someone else', async () => {
    const { intentId, response, date } = await hold(1, 'winter-day-tours');
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const other = await newUser();
    const taken = await h.call('POST', '/stripe/create-payment-intent', {
      token: other.token,
      body: intentBody(other, date, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(taken.status).toBe(200);
    expect((await deliver(event('evt_late_1', 'payment_intent.succeeded', intentId))).status).toBe(200);
    const [row] = await h.db.query<{ status: string }>('select status from bookings where id = $1', [response.body.bookingId]);
    expect(row?.status).toBe('refunded');
    const refund = fake.requests.find((request) => request.path === '/v1/refunds');
    expect(refund?.form.get('payment_intent')).toBe(intentId);
    expect(refund?.headers['idempotency-key']).toBe(`refund-${response.body.bookingId}`);
  });

  it('has no local confirm call', async () => {
    const rider = await newUser();
    const response = await h.call('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(response.status).toBe(404);
  });
});
