import { beforeAll, describe, expect, it } from 'vitest';
import { freeDate, harness, holdDate, intentBody, readyUser, type Harness } from './harness.ts';
import { importCatalog, parseCatalogFile } from '../../api/seed/import.ts';
import { localProvider } from '../../api/payments/local.ts';
import type { PaymentProvider } from '../../api/payments/provider.ts';
import type { CalendarEntry, DatabaseUser } from '../../shared/contract/answers.ts';

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
    const rider = await readyUser(h);
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
    const rider = await readyUser(h);
    const date = await freeDate(h, 'winter-classes');
    const request = intentBody(rider, date, 'winter-classes', date.stripeId ?? '', 1);
    const first = await h.json<Intent>('POST', '/stripe/create-payment-intent', { token: rider.token, body: request });
    const second = await h.json<Intent>('POST', '/stripe/create-payment-intent', { token: rider.token, body: request });
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    const rows = await h.db.query(`select id from bookings where user_id = $1 and status = 'held'`, [rider.uid]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a class price on another class type date', async () => {
    const rider = await readyUser(h);
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
    const rider = await readyUser(h);
    const date = await freeDate(h, 'winter-day-tours');
    const base = intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 2);
    const body = { ...base, ...change, metadata: { ...base.metadata, ...((change as { metadata?: object }).metadata ?? {}) } };
    const answer = await h.json<{ message: string }>('POST', '/stripe/create-payment-intent', { token: rider.token, body });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
  });

  it('books the date when the card succeeds: user bookings, taken seats and an invite code for the member only', async () => {
    const rider = await readyUser(h);
    const other = await readyUser(h);
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

  it("tells a day tour's party which activity was booked, and nobody else", async () => {
    const rider = await readyUser(h);
    const tour = await freeDate(h, 'winter-day-tours');
    const intent = await holdDate(h, rider, tour, 'winter-day-tours', 'price_tour_snowmobile', 1);
    await h.json('POST', '/payments/local/confirm', { token: rider.token, body: { clientSecret: intent.body.clientSecret, ...CARD } });
    const mine = await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours', { token: rider.token });
    expect(mine.body.find((item) => item.id === tour.id)?.bookedPriceId).toBe('price_tour_snowmobile');
    const anonymous = await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours');
    expect(anonymous.body.find((item) => item.id === tour.id)?.bookedPriceId).toBeUndefined();
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('declines %s with %j, keeps the hold, and a second card in the same checkout pays', async (cardNumber, message) => {
    const rider = await readyUser(h);
    const date = await freeDate(h, 'winter-day-tours');
    const intent = await holdDate(h, rider, date, 'winter-day-tours', 'price_tour_ski', 1);
    const declined = await h.json<{ error: string }>('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { ...CARD, clientSecret: intent.body.clientSecret, cardNumber },
    });
    expect(declined).toMatchObject({ status: 402, body: { error: message } });
    expect(await bookingStatus(intent.body.bookingId)).toBe('held');
    const { body } = await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours');
    expect(body.find((entry) => entry.id === date.id)?.users).toHaveLength(1);

    const paid = await h.json('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { ...CARD, clientSecret: intent.body.clientSecret },
    });
    expect(paid).toEqual({ status: 200, body: { status: 'succeeded', dateId: date.id } });
    expect(await bookingStatus(intent.body.bookingId)).toBe('paid');
  });
});

describe('one hold at a time', () => {
  it('a new hold releases the customer\u2019s hold on another date, whose payment session then ends', async () => {
    const rider = await readyUser(h);
    const tour = await freeDate(h, 'winter-day-tours');
    const first = await holdDate(h, rider, tour, 'winter-day-tours', 'price_tour_ski', 2);
    const klass = await freeDate(h, 'winter-classes');
    const second = await holdDate(h, rider, klass, 'winter-classes', klass.stripeId ?? '', 1);
    expect(second.status).toBe(200);
    expect(await bookingStatus(first.body.bookingId)).toBe('released');
    const { body: tours } = await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours');
    expect(tours.find((entry) => entry.id === tour.id)?.users).toHaveLength(0);

    const late = await h.json<{ error: string }>('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { ...CARD, clientSecret: first.body.clientSecret },
    });
    expect(late).toMatchObject({ status: 409, body: { error: 'This payment session has ended. Please start checkout again.' } });
    expect(await bookingStatus(first.body.bookingId)).toBe('released');
    const user = await h.json<DatabaseUser>('GET', `/users/user/${rider.uid}`, { token: rider.token });
    expect(user.body.bookings).toEqual([]);
    const paid = await h.json('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { ...CARD, clientSecret: second.body.clientSecret },
    });
    expect(paid.status).toBe(200);
  });

  it('never gives one free account more than one held date, however many it asks for', async () => {
    const rider = await readyUser(h);
    const { body: tours } = await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours');
    const used = new Set((await h.db.query<{ date_id: string }>('select date_id from bookings')).map((row) => row.date_id));
    const dates = tours.filter((entry) => entry.users.length === 0 && !used.has(entry.id)).slice(0, 8);
    for (const date of dates) {
      const answer = await h.call('POST', '/stripe/create-payment-intent', {
        token: rider.token,
        body: intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 1),
      });
      expect(answer.status).toBe(200);
    }
    const held = await h.db.query<{ date_id: string }>(
      `select date_id from bookings where user_id = $1 and status = 'held' and hold_expires_at > now()`,
      [rider.uid],
    );
    expect(held).toEqual([{ date_id: dates.at(-1)?.id }]);
    const cancels = await h.db.query<{ status: string }>(
      `select o.status from payment_outbox o join bookings b on b.id = o.booking_id where b.user_id = $1 and o.kind = 'cancel'`,
      [rider.uid],
    );
    expect(cancels).toEqual(Array(dates.length - 1).fill({ status: 'done' }));
  });

  it('a refused new hold leaves the current one in place', async () => {
    const rider = await readyUser(h);
    const mine = await freeDate(h, 'winter-day-tours');
    const first = await h.json<Intent>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, mine, 'winter-day-tours', 'price_tour_ski', 1),
    });
    const other = await readyUser(h);
    const theirs = await freeDate(h, 'winter-day-tours');
    await h.json('POST', '/stripe/create-payment-intent', {
      token: other.token,
      body: intentBody(other, theirs, 'winter-day-tours', 'price_tour_ski', 1),
    });
    const refused = await h.json('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, theirs, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(refused.status).toBe(409);
    expect(await bookingStatus(first.body.bookingId)).toBe('held');
  });
});

describe('a hold replaced while its intent is being made', () => {
  it('answers 409, keeps no client secret for it, and cancels that intent', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const local = localProvider();
    const cancelled: string[] = [];
    let calls = 0;
    const slowFirst: PaymentProvider = {
      ...local,
      async createIntent(request) {
        calls += 1;
        if (calls === 1) await gate;
        return local.createIntent(request);
      },
      async cancelIntent(intentId, key) {
        cancelled.push(intentId);
        return local.cancelIntent(intentId, key);
      },
    };
    const gated = await harness({ payments: slowFirst });
    const rider = await readyUser(gated);
    const first = await freeDate(gated, 'winter-day-tours');
    const slow = gated.json<{ error: string }>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, first, 'winter-day-tours', 'price_tour_ski', 1),
    });
    while (calls === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await freeDate(gated, 'winter-day-tours', (entry) => entry.id !== first.id);
    const newer = await gated.json<Intent>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, second, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(newer.status).toBe(200);
    release();
    expect(await slow).toMatchObject({ status: 409, body: { error: 'This payment session has ended. Please start checkout again.' } });
    const [replaced] = await gated.db.query<{ status: string; client_secret: string | null; payment_intent_id: string }>(
      'select status, client_secret, payment_intent_id from bookings where date_id = $1',
      [first.id],
    );
    expect(replaced).toMatchObject({ status: 'released', client_secret: null });
    expect(cancelled).toEqual([replaced?.payment_intent_id]);
    expect(
      await gated.db.query(
        `select kind, status, reason from payment_outbox where booking_id in (select id from bookings where date_id = $1)`,
        [first.id],
      ),
    ).toEqual([{ kind: 'cancel', status: 'done', reason: 'hold ended before its payment was ready' }]);
  });
});

describe('the booking cut-off', () => {
  async function dateStartingIn(hours: number) {
    const id = `tour-cutoff-${Math.round(hours * 60)}-${Math.random().toString(36).slice(2, 8)}`;
    const startsAt = new Date(Date.now() + hours * 3_600_000).toISOString();
    await importCatalog(
      h.db,
      parseCatalogFile({
        dates: [{ id, calendar: 'winter-day-tours', productId: 'prod_backcountry_tours', startsAt, capacity: 4 }],
      }),
    );
    const entry: CalendarEntry = {
      id,
      date: { _seconds: Math.floor(Date.parse(startsAt) / 1000), _nanoseconds: 0 },
      partySize: 4,
      users: [],
    };
    return entry;
  }

  it('closes bookings 12 hours before the start with a clear message, and takes them until then', async () => {
    const rider = await readyUser(h);
    const soon = await dateStartingIn(11.5);
    const closed = await h.json<{ error: string }>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, soon, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(closed).toMatchObject({
      status: 400,
      body: { error: 'Bookings for this date have closed. Please choose a later date.' },
    });
    expect(await h.db.query('select id from bookings where date_id = $1', [soon.id])).toEqual([]);

    const later = await dateStartingIn(12.5);
    const open = await h.json('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, later, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(open.status).toBe(200);
  });

  it('follows the configured number of hours', async () => {
    const strict = await harness({ bookingCutoffHours: 48 });
    const rider = await readyUser(strict);
    const id = 'tour-cutoff-strict';
    await importCatalog(
      strict.db,
      parseCatalogFile({
        dates: [
          {
            id,
            calendar: 'winter-day-tours',
            productId: 'prod_backcountry_tours',
            startsAt: new Date(Date.now() + 30 * 3_600_000).toISOString(),
            capacity: 4,
          },
        ],
      }),
    );
    const entry: CalendarEntry = { id, date: { _seconds: 0, _nanoseconds: 0 }, partySize: 4, users: [] };
    const closed = await strict.json<{ error: string }>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, entry, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(closed).toMatchObject({ status: 400, body: { error: 'Bookings for this date have closed. Please choose a later date.' } });
  });
});

describe('holds that run out', () => {
  it('release their seats, and a late payment is refunded when someone else took them', async () => {
    const quick = await harness({ holdSeconds: 1 });
    const late = await readyUser(quick);
    const prompt = await readyUser(quick);
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
    const rider = await readyUser(quick);
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
    const rider = await readyUser(h);
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
