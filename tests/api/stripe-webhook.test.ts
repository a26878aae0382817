import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueActions } from '../../api/payment-outbox/worker.ts';
import { importCatalog, parseCatalogFile } from '../../api/seed/import.ts';
import type { FakeStripe } from './fake-stripe.ts';
import { freeDate, harness, intentBody, newUser, readyUser, type Harness } from './harness.ts';
import { harnessWithStripe, stripeSignature } from './stripe-harness.ts';
import type { CalendarEntry, DatabaseUser } from '../../shared/contract/answers.ts';

const KEYS = { secretKey: 'sk_test_kamas_fake_key_0001', webhookSecret: 'whsec_kamas_fake_webhook_0001' };

let fake: FakeStripe;
let h: Harness;

beforeAll(async () => {
  ({ fake, h } = await harnessWithStripe(KEYS, { holdSeconds: 3 }));
});
afterAll(() => fake.close());

let events = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_${(events += 1)}_${Date.now()}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

interface Held {
  rider: Awaited<ReturnType<typeof newUser>>;
  date: CalendarEntry;
  response: { status: number; body: { clientSecret: string; bookingId: string; amount: number; currency: string } };
  bookingId: string;
  intentId: string;
}

/** A payment_intent event as Stripe sends it for the hold, with `change` applied to the intent. */
function intentEvent(type: string, held: Held, change: Record<string, unknown> = {}, id?: string) {
  const { amount, currency } = held.response.body;
  return event(
    type,
    {
      id: held.intentId,
      object: 'payment_intent',
      amount,
      amount_received: type === 'payment_intent.succeeded' ? amount : 0,
      currency,
      metadata: { bookingId: held.bookingId, userId: held.rider.uid },
      ...change,
    },
    id,
  );
}

function deliver(payload: string, signature = stripeSignature(payload, KEYS.webhookSecret)) {
  return h.call('POST', '/stripe/webhook', {
    body: payload,
    headers: { 'Stripe-Signature': signature, 'Content-Type': 'application/json; charset=utf-8' },
  });
}

async function holdFor(
  rider: Held['rider'],
  date: CalendarEntry,
  partySize = 2,
  extra: Record<string, unknown> = { promoCode: 'welcome10' },
) {
  const calendar = date.stripeId ? 'winter-classes' : 'winter-day-tours';
  const priceId = date.stripeId ?? 'price_tour_sledski';
  const response = await h.json<Held['response']['body']>('POST', '/stripe/create-payment-intent', {
    token: rider.token,
    body: intentBody(rider, date, calendar, priceId, partySize, extra),
  });
  const [row] = await h.db.query<{ payment_intent_id: string }>('select payment_intent_id from bookings where id = $1', [
    response.body.bookingId,
  ]);
  return { rider, date, response, bookingId: response.body.bookingId, intentId: row?.payment_intent_id ?? '' };
}

async function hold(partySize = 2, calendar = 'winter-day-tours'): Promise<Held> {
  return holdFor(await readyUser(h), await freeDate(h, calendar), partySize);
}

async function status(bookingId: string) {
  const [row] = await h.db.query<{ status: string }>('select status from bookings where id = $1', [bookingId]);
  return row?.status;
}

async function outbox(bookingId: string) {
  return h.db.query<{
    kind: string;
    status: string;
    attempts: number;
    idempotency_key: string;
    last_error: string | null;
    result: string | null;
    wait: number;
  }>(
    `select kind, status, attempts, idempotency_key, last_error, result,
            round(extract(epoch from next_attempt_at - now()))::int as wait
       from payment_outbox where booking_id = $1 order by created_at`,
    [bookingId],
  );
}

async function flags(bookingId: string) {
  return h.db.query<{ reason: string; detail: string }>('select reason, detail from booking_flags where booking_id = $1', [bookingId]);
}

async function seatsTaken(date: CalendarEntry) {
  const { body } = await h.json<CalendarEntry[]>('GET', `/calendar/${date.stripeId ? 'winter-classes' : 'winter-day-tours'}`);
  return body.find((entry) => entry.id === date.id)?.users.length;
}

const cancelsOf = (intentId: string) => fake.requestsTo(`/v1/payment_intents/${intentId}/cancel`);
const refundsOf = (intentId: string) => fake.requestsTo('/v1/refunds').filter((request) => request.form.get('payment_intent') === intentId);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    expect(sent?.headers['authorization']).toBe(`Bearer ${KEYS.secretKey}`);
  });

  it('refuses a webhook with a bad signature and writes nothing', async () => {
    const held = await hold(1);
    const payload = intentEvent('payment_intent.succeeded', held, {}, 'evt_bad_1');
    const forged = await deliver(payload, stripeSignature(payload, 'whsec_someone_else'));
    expect(forged.status).toBe(400);
    const unsigned = await h.call('POST', '/stripe/webhook', { body: payload });
    expect(unsigned.status).toBe(400);
    expect(await h.db.query(`select id from payment_events where id = 'evt_bad_1'`)).toEqual([]);
    expect(await status(held.bookingId)).toBe('held');
  });

  it('records one booking when the same signed event arrives 10 times at once', async () => {
    const held = await hold(2);
    const payload = intentEvent('payment_intent.succeeded', held, {}, 'evt_paid_1');
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(Array<number>(10).fill(200));
    expect(await h.db.query(`select id from payment_events where id = 'evt_paid_1'`)).toHaveLength(1);
    expect(await status(held.bookingId)).toBe('paid');
    expect(await h.db.query('select user_id from booking_members where booking_id = $1', [held.bookingId])).toEqual([
      { user_id: held.rider.uid },
    ]);
    const user = await h.json<DatabaseUser>('GET', `/users/user/${held.rider.uid}`, { token: held.rider.token });
    expect(user.body.bookings).toEqual([held.date.id]);
  });

  it('writes the booking confirmation once, whether the payment arrives twice as one event or as two events at once', async () => {
    const held = await hold(2);
    await Promise.all([deliver(intentEvent('payment_intent.succeeded', held)), deliver(intentEvent('payment_intent.succeeded', held))]);
    const again = intentEvent('payment_intent.succeeded', held);
    expect((await deliver(again)).status).toBe(200);
    expect((await deliver(again)).status).toBe(200);
    const confirmations = await h.db.query(`select recipient_uid from mail_outbox where booking_id = $1 and kind = 'booking-confirmed'`, [
      held.bookingId,
    ]);
    expect(confirmations).toEqual([{ recipient_uid: held.rider.uid }]);
  });

  it('keeps the hold when a card is declined, so a second card can pay', async () => {
    const held = await hold(1);
    expect((await deliver(intentEvent('payment_intent.payment_failed', held))).status).toBe(200);
    expect(await status(held.bookingId)).toBe('held');
    expect(await seatsTaken(held.date)).toBe(1);
    expect((await deliver(intentEvent('payment_intent.succeeded', held))).status).toBe(200);
    expect(await status(held.bookingId)).toBe('paid');
    expect(refundsOf(held.intentId)).toEqual([]);
  });

  it('releases the seats when the payment intent is canceled', async () => {
    const held = await hold(1);
    expect((await deliver(intentEvent('payment_intent.canceled', held))).status).toBe(200);
    expect(await status(held.bookingId)).toBe('released');
    expect(await seatsTaken(held.date)).toBe(0);
  });

  it('refunds a payment that succeeds after its seats went to someone else, through the outbox', async () => {
    const held = await hold(1, 'winter-day-tours');
    await pause(3500);
    const other = await readyUser(h);
    const taken = await h.call('POST', '/stripe/create-payment-intent', {
      token: other.token,
      body: intentBody(other, held.date, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(taken.status).toBe(200);
    expect((await deliver(intentEvent('payment_intent.succeeded', held))).status).toBe(200);
    expect(await status(held.bookingId)).toBe('refunded');
    const [refund, ...more] = refundsOf(held.intentId);
    expect(more).toEqual([]);
    expect(refund?.headers['idempotency-key']).toBe(`refund-${held.bookingId}`);
    expect(await outbox(held.bookingId)).toMatchObject([
      { kind: 'refund', status: 'done', attempts: 1, result: 'refunded', idempotency_key: `refund-${held.bookingId}` },
    ]);
  });

  it('has no local confirm call', async () => {
    const rider = await readyUser(h);
    const response = await h.call('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(response.status).toBe(404);
  });
});

describe('one hold at a time, with Stripe', () => {
  it('a new hold on another date releases the old one and cancels its intent at Stripe, idempotently', async () => {
    const rider = await readyUser(h);
    const first = await holdFor(rider, await freeDate(h, 'winter-day-tours'), 1);
    const second = await holdFor(rider, await freeDate(h, 'winter-classes'), 1);
    expect(second.response.status).toBe(200);
    expect(await status(first.bookingId)).toBe('released');
    expect(await seatsTaken(first.date)).toBe(0);
    const [cancel, ...more] = cancelsOf(first.intentId);
    expect(more).toEqual([]);
    expect(cancel?.headers['idempotency-key']).toBe(`cancel-${first.bookingId}`);
    expect(await outbox(first.bookingId)).toMatchObject([{ kind: 'cancel', status: 'done', attempts: 1, result: 'canceled' }]);
    expect(cancelsOf(second.intentId)).toEqual([]);
  });

  it('the same order again keeps its intent; a changed party size, activity or promo code cancels the old one', async () => {
    const rider = await readyUser(h);
    const date = await freeDate(h, 'winter-day-tours');
    const first = await holdFor(rider, date, 1, {});
    const again = await holdFor(rider, date, 1, {});
    expect(again.response.body.clientSecret).toBe(first.response.body.clientSecret);
    expect(cancelsOf(first.intentId)).toEqual([]);

    const bigger = await holdFor(rider, date, 2, {});
    expect(bigger.response.status).toBe(200);
    expect(bigger.intentId).not.toBe(first.intentId);
    expect(cancelsOf(first.intentId)).toHaveLength(1);

    const withCode = await holdFor(rider, date, 2, { promoCode: 'WELCOME10' });
    expect(cancelsOf(bigger.intentId)).toHaveLength(1);
    const otherActivity = await h.json<{ bookingId: string }>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 2, { promoCode: 'WELCOME10' }),
    });
    expect(otherActivity.status).toBe(200);
    expect(cancelsOf(withCode.intentId)).toHaveLength(1);
    const live = await h.db.query(`select id from bookings where user_id = $1 and status = 'held'`, [rider.uid]);
    expect(live).toEqual([{ id: otherActivity.body.bookingId }]);
  });

  it('cancels the intent of a lapsed hold too, since it could still be paid', async () => {
    const rider = await readyUser(h);
    const first = await holdFor(rider, await freeDate(h, 'winter-day-tours'), 1);
    await pause(3500);
    await holdFor(rider, await freeDate(h, 'winter-day-tours'), 1);
    expect(await status(first.bookingId)).toBe('released');
    expect(cancelsOf(first.intentId)).toHaveLength(1);
  });

  it('counts a cancel Stripe refuses because the payment went through as done; the success then books free seats', async () => {
    const rider = await readyUser(h);
    const first = await holdFor(rider, await freeDate(h, 'winter-day-tours'), 1);
    fake.setIntentStatus(first.intentId, 'succeeded');
    await holdFor(rider, await freeDate(h, 'winter-day-tours'), 1);
    expect(cancelsOf(first.intentId)).toHaveLength(1);
    expect(await outbox(first.bookingId)).toMatchObject([{ kind: 'cancel', status: 'done', attempts: 1, result: 'already-final' }]);
    expect((await deliver(intentEvent('payment_intent.succeeded', first))).status).toBe(200);
    expect(await status(first.bookingId)).toBe('paid');
    expect(refundsOf(first.intentId)).toEqual([]);
  });

  it('refunds such a payment when its seats were taken in the meantime', async () => {
    const rider = await readyUser(h);
    const first = await holdFor(rider, await freeDate(h, 'winter-day-tours'), 1);
    fake.setIntentStatus(first.intentId, 'succeeded');
    await holdFor(rider, await freeDate(h, 'winter-day-tours'), 1);
    const other = await readyUser(h);
    expect((await holdFor(other, first.date, 1)).response.status).toBe(200);
    expect((await deliver(intentEvent('payment_intent.succeeded', first))).status).toBe(200);
    expect(await status(first.bookingId)).toBe('refunded');
    expect(refundsOf(first.intentId)).toHaveLength(1);
  });

  it('keeps a cancel that failed and retries it with the same idempotency key', async () => {
    const rider = await readyUser(h);
    const first = await holdFor(rider, await freeDate(h, 'winter-day-tours'), 1);
    fake.failCancels(1);
    const second = await holdFor(rider, await freeDate(h, 'winter-day-tours'), 1);
    expect(second.response.status).toBe(200);
    const [pending] = await outbox(first.bookingId);
    expect(pending).toMatchObject({ kind: 'cancel', status: 'pending', attempts: 1, last_error: expect.stringContaining('bad day') });
    expect(pending?.wait).toBeGreaterThan(20);
    await h.db.query(`update payment_outbox set next_attempt_at = now() where booking_id = $1`, [first.bookingId]);
    await runDueActions(h.db, h.payments);
    expect(await outbox(first.bookingId)).toMatchObject([{ status: 'done', attempts: 2, result: 'canceled' }]);
    const keys = cancelsOf(first.intentId).map((request) => request.headers['idempotency-key']);
    expect(keys).toEqual([`cancel-${first.bookingId}`, `cancel-${first.bookingId}`]);
  });
});

describe('payments that arrive late or wrong', () => {
  it.each([
    ['withdrawn', `update calendar_dates set active = false where id = $1`],
    ['already started', `update calendar_dates set starts_at = now() - interval '1 hour' where id = $1`],
  ])('refunds a payment for a date that was %s', async (_label, change) => {
    const held = await hold(2);
    await h.db.query(change, [held.date.id]);
    expect((await deliver(intentEvent('payment_intent.succeeded', held))).status).toBe(200);
    expect(await status(held.bookingId)).toBe('refunded');
    expect(refundsOf(held.intentId)).toHaveLength(1);
    expect(await outbox(held.bookingId)).toMatchObject([{ kind: 'refund', status: 'done' }]);
    const user = await h.json<DatabaseUser>('GET', `/users/user/${held.rider.uid}`, { token: held.rider.token });
    expect(user.body.bookings).toEqual([]);
  });

  it.each([
    ['amount', { amount: 1_000, amount_received: 1_000 }],
    ['currency', { currency: 'eur' }],
    ['booking id', { metadata: { bookingId: 'bk_someone_else' } }],
  ])('refunds and flags a payment whose %s does not match its booking, and does not book it', async (_label, change) => {
    const held = await hold(1);
    expect((await deliver(intentEvent('payment_intent.succeeded', held, change))).status).toBe(200);
    expect(await status(held.bookingId)).toBe('refunded');
    expect(await seatsTaken(held.date)).toBe(0);
    expect(refundsOf(held.intentId)).toHaveLength(1);
    const [flag, ...more] = await flags(held.bookingId);
    expect(more).toEqual([]);
    expect(flag).toMatchObject({ reason: 'payment_mismatch', detail: expect.stringContaining(held.intentId) });
  });

  it('takes a real-sized signed event over 16 KiB, and refuses one over 512 KiB with 413', async () => {
    const held = await hold(1);
    const big = intentEvent('payment_intent.succeeded', held, { description: 'x'.repeat(40 * 1024) });
    expect(big.length).toBeGreaterThan(40 * 1024);
    expect((await deliver(big)).status).toBe(200);
    expect(await status(held.bookingId)).toBe('paid');
    const huge = await deliver(intentEvent('payment_intent.succeeded', held, { description: 'x'.repeat(600 * 1024) }));
    expect(huge.status).toBe(413);
  });
});

describe('late payments and promo codes', () => {
  let quick: Harness;
  beforeAll(async () => {
    quick = await harness({ payments: h.payments, holdSeconds: 1 });
  });

  async function lateHold(promoCode: string) {
    const rider = await readyUser(quick);
    const date = await freeDate(quick, 'winter-day-tours');
    const response = await quick.json<{ bookingId: string; amount: number; currency: string; clientSecret: string }>(
      'POST',
      '/stripe/create-payment-intent',
      { token: rider.token, body: intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 1, { promoCode }) },
    );
    expect(response.status).toBe(200);
    const [row] = await quick.db.query<{ payment_intent_id: string }>('select payment_intent_id from bookings where id = $1', [
      response.body.bookingId,
    ]);
    await pause(1500);
    return { rider, date, response, bookingId: response.body.bookingId, intentId: row?.payment_intent_id ?? '' };
  }

  const deliverTo = (target: Harness, payload: string) =>
    target.call('POST', '/stripe/webhook', {
      body: payload,
      headers: {
        'Stripe-Signature': stripeSignature(payload, KEYS.webhookSecret),
        'Content-Type': 'application/json',
      },
    });
  const statusIn = async (bookingId: string) =>
    (await quick.db.query<{ status: string }>('select status from bookings where id = $1', [bookingId]))[0]?.status;

  it('refunds a late payment whose promo code was used up meanwhile', async () => {
    await importCatalog(quick.db, parseCatalogFile({ promoCodes: [{ code: 'ONEUSE', percentOff: 30, maxRedemptions: 1 }] }));
    const late = await lateHold('ONEUSE');
    const other = await readyUser(quick);
    const otherDate = await freeDate(quick, 'winter-day-tours');
    const taken = await quick.json('POST', '/stripe/create-payment-intent', {
      token: other.token,
      body: intentBody(other, otherDate, 'winter-day-tours', 'price_tour_ski', 1, { promoCode: 'ONEUSE' }),
    });
    expect(taken.status).toBe(200);
    expect((await deliverTo(quick, intentEvent('payment_intent.succeeded', late))).status).toBe(200);
    expect(await statusIn(late.bookingId)).toBe('refunded');
    expect(refundsOf(late.intentId)).toHaveLength(1);
  });

  it('refunds a late payment whose promo code was withdrawn, and books one whose code still holds', async () => {
    await importCatalog(quick.db, parseCatalogFile({ promoCodes: [{ code: 'GONE15', percentOff: 15 }] }));
    const withdrawn = await lateHold('GONE15');
    const kept = await lateHold('WELCOME10');
    await importCatalog(quick.db, parseCatalogFile({ promoCodes: [{ code: 'GONE15', percentOff: 15, active: false }] }));
    expect((await deliverTo(quick, intentEvent('payment_intent.succeeded', withdrawn))).status).toBe(200);
    expect((await deliverTo(quick, intentEvent('payment_intent.succeeded', kept))).status).toBe(200);
    expect(await statusIn(withdrawn.bookingId)).toBe('refunded');
    expect(await statusIn(kept.bookingId)).toBe('paid');
    expect(refundsOf(withdrawn.intentId)).toHaveLength(1);
    expect(refundsOf(kept.intentId)).toEqual([]);
  });
});

describe('refunds and disputes made at Stripe', () => {
  async function paid() {
    const held = await hold(2, 'winter-classes');
    expect((await deliver(intentEvent('payment_intent.succeeded', held))).status).toBe(200);
    expect(await status(held.bookingId)).toBe('paid');
    return held;
  }
  const charge = (held: Held, amountRefunded: number) =>
    event('charge.refunded', {
      id: `ch_${held.bookingId}`,
      object: 'charge',
      payment_intent: held.intentId,
      amount: held.response.body.amount,
      amount_refunded: amountRefunded,
      refunded: amountRefunded === held.response.body.amount,
      currency: 'usd',
    });

  it('a full refund in the dashboard makes the booking refunded and frees its seats', async () => {
    const held = await paid();
    expect(await seatsTaken(held.date)).toBe(2);
    expect((await deliver(charge(held, held.response.body.amount))).status).toBe(200);
    expect(await status(held.bookingId)).toBe('refunded');
    expect(await seatsTaken(held.date)).toBe(0);
    const user = await h.json<DatabaseUser>('GET', `/users/user/${held.rider.uid}`, { token: held.rider.token });
    expect(user.body.bookings).toEqual([]);
    expect(await flags(held.bookingId)).toEqual([]);
    expect(refundsOf(held.intentId)).toEqual([]);
  });

  it('a partial refund flags the booking for an operator and keeps it', async () => {
    const held = await paid();
    expect((await deliver(charge(held, 5_000))).status).toBe(200);
    expect(await status(held.bookingId)).toBe('paid');
    expect(await seatsTaken(held.date)).toBe(2);
    expect(await flags(held.bookingId)).toEqual([
      { reason: 'partial_refund', detail: expect.stringContaining('$50 of $') as unknown as string },
    ]);
  });

  it('a dispute flags the booking for an operator; its seats stay booked', async () => {
    const held = await paid();
    const dispute = event('charge.dispute.created', {
      id: 'dp_fake_1',
      object: 'dispute',
      charge: `ch_${held.bookingId}`,
      payment_intent: held.intentId,
      amount: held.response.body.amount,
      currency: 'usd',
      reason: 'fraudulent',
    });
    expect((await deliver(dispute)).status).toBe(200);
    expect(await status(held.bookingId)).toBe('paid');
    expect(await seatsTaken(held.date)).toBe(2);
    expect(await flags(held.bookingId)).toEqual([
      { reason: 'dispute', detail: expect.stringContaining('dp_fake_1 (fraudulent)') as unknown as string },
    ]);
  });
});

describe("a gift card's payment through Stripe", () => {
  it('is made for the card, named as paying for a gift card, and its success issues the card once', async () => {
    const buyer = await readyUser(h);
    const bought = await h.json<{ giftCardId: string; clientSecret: string; amount: number }>('POST', '/gift-cards', {
      token: buyer.token,
      body: { gift: { kind: 'amount', dollars: 75 }, recipientName: 'Sam Ridge', delivery: { when: 'print' } },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const sent = fake.requests.find(
      (request) => request.path === '/v1/payment_intents' && request.form.get('metadata[giftCardId]') === bought.body.giftCardId,
    );
    expect(sent?.form.get('amount')).toBe('7500');
    expect(sent?.form.get('metadata[paysFor]')).toBe('a gift card');
    expect(sent?.form.get('metadata[bookingId]')).toBeNull();
    expect(sent?.headers['idempotency-key']).toBe(`hold-${bought.body.giftCardId}`);

    const intentId = bought.body.clientSecret.replace(/_secret_abc$/, '');
    const succeeded = (id: string) =>
      event(
        'payment_intent.succeeded',
        { id: intentId, object: 'payment_intent', amount: 7500, amount_received: 7500, currency: 'usd', metadata: {} },
        id,
      );
    expect((await deliver(succeeded('evt_gift_stripe_1'))).status).toBe(200);
    expect((await deliver(succeeded('evt_gift_stripe_1'))).status).toBe(200);
    expect((await deliver(succeeded('evt_gift_stripe_2'))).status).toBe(200);
    const rows = await h.db.query('select kind, amount from gift_card_ledger where card_id = $1', [bought.body.giftCardId]);
    expect(rows).toEqual([{ kind: 'purchase', amount: 7500 }]);
  });
});
