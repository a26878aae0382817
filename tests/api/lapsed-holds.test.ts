/** Lapsed holds: swept, their intents cancelled; a payment that still arrives is booked only on today's terms. */
import { beforeAll, describe, expect, it } from 'vitest';
import { LAPSE_GRACE_SECONDS, releaseLapsedHolds } from '../../api/bookings/hold-sweeps.ts';
import { sweepHolds } from '../../api/sweeps.ts';
import { firebaseIdentity } from '../../api/identity.ts';
import { freeDate, harness, intentBody, PROJECT_ID, readyUser, type Harness } from './harness.ts';

const CARD = { cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };
const identity = firebaseIdentity(PROJECT_ID);

let h: Harness;
beforeAll(async () => {
  h = await harness();
});

/** A held class seat whose hold then ran out `secondsAgo` ago. */
async function lapsedHold(secondsAgo: number, promoCode?: string) {
  const rider = await readyUser(h);
  const date = await freeDate(h, 'winter-classes');
  const hold = await h.json<{ bookingId: string; clientSecret: string }>('POST', '/stripe/create-payment-intent', {
    token: rider.token,
    body: intentBody(rider, date, 'winter-classes', date.stripeId ?? '', 1, promoCode ? { promoCode } : {}),
  });
  expect(hold.status).toBe(200);
  await h.db.query(`update bookings set hold_expires_at = now() - make_interval(secs => $2) where id = $1`, [
    hold.body.bookingId,
    secondsAgo,
  ]);
  return { rider, date, ...hold.body };
}

const booking = async (id: string) => (await h.db.query<{ status: string }>('select status from bookings where id = $1', [id]))[0]?.status;
const outbox = (id: string) =>
  h.db.query<{ kind: string; reason: string; status: string }>('select kind, reason, status from payment_outbox where booking_id = $1', [
    id,
  ]);

describe('the hold sweep', () => {
  it('releases holds that lapsed past the grace and cancels their intents, once, however many instances sweep', async () => {
    const old = await lapsedHold(LAPSE_GRACE_SECONDS + 60);
    const recent = await lapsedHold(10);
    const [first, second] = await Promise.all([
      sweepHolds({ db: h.db, payments: h.payments }, identity),
      sweepHolds({ db: h.db, payments: h.payments }, identity),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await booking(old.bookingId)).toBe('released');
    expect(await outbox(old.bookingId)).toEqual([{ kind: 'cancel', reason: 'hold lapsed', status: 'done' }]);
    // A payment confirmed just before the end may still be on its way: that hold is left for now.
    expect(await booking(recent.bookingId)).toBe('held');
    expect(await outbox(recent.bookingId)).toEqual([]);
    expect((await releaseLapsedHolds(h.db)).released).toBe(0);
  });

  it('cancels the intents of lapsed holds even when the identity service cannot be asked about accounts', async () => {
    const old = await lapsedHold(LAPSE_GRACE_SECONDS + 60);
    await lapsedHold(0).then((live) =>
      h.db.query(`update bookings set hold_expires_at = now() + interval '5 minutes' where id = $1`, [live.bookingId]),
    );
    const unreachable = { ...identity, accountStates: () => Promise.reject(new Error('identity service unreachable')) };
    await expect(sweepHolds({ db: h.db, payments: h.payments }, unreachable)).rejects.toThrow('identity service unreachable');
    expect(await outbox(old.bookingId)).toEqual([{ kind: 'cancel', reason: 'hold lapsed', status: 'done' }]);
  });

  it('leaves the intent of a swept hold unpayable', async () => {
    const old = await lapsedHold(LAPSE_GRACE_SECONDS + 60);
    await sweepHolds({ db: h.db, payments: h.payments }, identity);
    const paid = await h.json('POST', '/payments/local/confirm', {
      token: old.rider.token,
      body: { clientSecret: old.clientSecret, ...CARD },
    });
    expect(paid).toMatchObject({ status: 409, body: { error: 'This payment session has ended. Please start checkout again.' } });
    expect(await booking(old.bookingId)).toBe('released');
  });
});

describe('a payment that arrives after its hold lapsed', () => {
  const pay = (late: Awaited<ReturnType<typeof lapsedHold>>) =>
    h.json<{ error: string }>('POST', '/payments/local/confirm', {
      token: late.rider.token,
      body: { clientSecret: late.clientSecret, ...CARD },
    });

  it('is booked while the date is open, its seats are free and its price stands', async () => {
    const late = await lapsedHold(5);
    expect((await pay(late)).status).toBe(200);
    expect(await booking(late.bookingId)).toBe('paid');
  });

  it('is refunded once bookings for the date have closed', async () => {
    const late = await lapsedHold(5);
    // The date now starts within the booking cut-off (12 hours), though not yet started.
    await h.db.query(`update calendar_dates set starts_at = now() + interval '6 hours' where id = $1`, [late.date.id]);
    expect(await pay(late)).toMatchObject({
      status: 409,
      body: { error: 'Your hold on these spots ran out and bookings for this date have since closed. You have not been charged.' },
    });
    expect(await booking(late.bookingId)).toBe('refunded');
    expect(await outbox(late.bookingId)).toEqual([{ kind: 'refund', reason: 'bookings closed before the late payment', status: 'done' }]);
  });

  it('is refunded when the price changed meanwhile', async () => {
    const late = await lapsedHold(5);
    const priceId = late.date.stripeId ?? '';
    await h.db.query(`update prices set unit_amount = unit_amount + 1000 where id = $1`, [priceId]);
    try {
      expect(await pay(late)).toMatchObject({
        status: 409,
        body: { error: 'Your hold on these spots ran out and the price has changed since. You have not been charged.' },
      });
      expect(await outbox(late.bookingId)).toEqual([{ kind: 'refund', reason: 'price changed after the hold lapsed', status: 'done' }]);
    } finally {
      await h.db.query(`update prices set unit_amount = unit_amount - 1000 where id = $1`, [priceId]);
    }
  });

  it('is booked with its promo code while the code still gives the amount paid', async () => {
    const late = await lapsedHold(5, 'WELCOME10');
    expect((await pay(late)).status).toBe(200);
    expect(await booking(late.bookingId)).toBe('paid');
  });

  it('is refunded when its promo code was paused meanwhile', async () => {
    const late = await lapsedHold(5, 'WELCOME10');
    await h.db.query(`update promo_codes set active = false where code = 'WELCOME10'`);
    try {
      expect(await pay(late)).toMatchObject({
        status: 409,
        body: { error: 'Your hold ran out and the promo code can no longer be used. You have not been charged.' },
      });
      expect(await booking(late.bookingId)).toBe('refunded');
      expect(await outbox(late.bookingId)).toEqual([{ kind: 'refund', reason: 'promo code no longer valid', status: 'done' }]);
    } finally {
      await h.db.query(`update promo_codes set active = true where code = 'WELCOME10'`);
    }
  });

  it('is booked at a standing hold even inside the cut-off: the hold was made before it', async () => {
    const rider = await readyUser(h);
    const date = await freeDate(h, 'winter-classes');
    const hold = await h.json<{ bookingId: string; clientSecret: string }>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, date, 'winter-classes', date.stripeId ?? '', 1),
    });
    await h.db.query(`update calendar_dates set starts_at = now() + interval '6 hours' where id = $1`, [date.id]);
    const paid = await h.json('POST', '/payments/local/confirm', {
      token: rider.token,
      body: { clientSecret: hold.body.clientSecret, ...CARD },
    });
    expect(paid.status).toBe(200);
  });
});
