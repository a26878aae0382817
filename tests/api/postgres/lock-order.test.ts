/**
 * Two ordinary actions at once on a Postgres server: a customer leaving the waitlist while the
 * payment of their offer is being recorded takes its locks in the payment's order (the date first)
 * and waits for it, instead of deadlocking; and a transaction Postgres aborts to break a deadlock is
 * run again, in one shared place. Run by the Postgres step of `npm test`.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEntry } from '../../../shared/contract/answers.ts';
import { postgresHarness } from './server.ts';
import { freeDate, intentBody, payForDate, readyUser, type Harness, type TestUser } from '../harness.ts';

let h: Harness;
let url: string;
beforeAll(async () => {
  ({ h, url } = await postgresHarness({ bookingCutoffHours: 0 }));
});

const CLASSES = 'winter-classes';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A class date of one seat, booked, that `rider` waits for; the seat then freed and offered to them. */
async function offeredSeat(rider: TestUser): Promise<{ date: CalendarEntry; offerId: string; entryId: string }> {
  const date = await freeDate(h, CLASSES, (entry) => Boolean(entry.stripeId));
  await h.db.query(`update calendar_dates set capacity = 1 where id = $1`, [date.id]);
  h.cache.clear();
  const payer = await readyUser(h);
  expect((await payForDate(h, payer, date, CLASSES, date.stripeId ?? '')).status).toBe(200);
  const joined = await h.json<{ entryId: string }>('POST', '/waitlist', {
    token: rider.token,
    body: { dateId: date.id, priceId: date.stripeId, partySize: 1, nearby: false },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const [booking] = await h.db.query<{ id: string }>(`select id from bookings where date_id = $1 and status = 'paid'`, [date.id]);
  const quote = await h.json<{ quoteId: string }>('GET', `/bookings/${booking?.id}/cancellation`, { token: payer.token });
  expect(
    (await h.json('POST', `/bookings/${booking?.id}/cancellation`, { token: payer.token, body: { quoteId: quote.body.quoteId } })).status,
  ).toBe(200);
  const [offer] = await h.db.query<{ id: string }>(`select id from waitlist_offers where date_id = $1 and status = 'open'`, [date.id]);
  if (!offer) throw new Error('no offer made');
  return { date, offerId: offer.id, entryId: joined.body.entryId };
}

describe('leaving the waitlist while the offer is being paid', () => {
  it('waits for the payment and answers, with no deadlock either side', async () => {
    const rider = await readyUser(h, 'Lee Leaving');
    const { date, offerId, entryId } = await offeredSeat(rider);
    const held = await h.json<{ bookingId: string }>('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, date, CLASSES, date.stripeId ?? '', 1, { offerId }),
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);

    // The payment, as recording it takes its locks: the date, then the booking, then the offer and the entry.
    const payment = new pg.Client({ connectionString: url });
    await payment.connect();
    try {
      await payment.query('begin');
      await payment.query(`select id from calendar_dates where id = $1 for update`, [date.id]);
      await payment.query(`update bookings set status = 'paid', paid_at = now() where id = $1`, [held.body.bookingId]);
      const leaving = h.json<{ left: boolean }>('DELETE', `/waitlist/${entryId}`, { token: rider.token });
      await sleep(300);
      await payment.query(`update waitlist_offers set status = 'accepted', ended_at = now() where id = $1`, [offerId]);
      await payment.query(`update waitlist_entries set status = 'booked', ended_at = now() where id = $1`, [entryId]);
      await payment.query('commit');
      // The leave waited for the payment, and finds the wait already ended by it.
      expect(await leaving).toEqual({ status: 200, body: { left: false } });
    } finally {
      await payment.end();
    }
    const [booking] = await h.db.query<{ status: string }>(`select status from bookings where id = $1`, [held.body.bookingId]);
    expect(booking?.status).toBe('paid');
  });
});

describe('a transaction Postgres aborts to break a deadlock', () => {
  it('runs again, so both of two crossing transactions complete', async () => {
    const [a, b] = [await freeDate(h, 'winter-day-tours'), await freeDate(h, 'winter-classes')];
    let runs = 0;
    const crossing = (first: string, second: string) =>
      h.db.transaction(async (tx) => {
        runs += 1;
        await tx.query(`select id from calendar_dates where id = $1 for update`, [first]);
        await sleep(200);
        await tx.query(`select id from calendar_dates where id = $1 for update`, [second]);
        return 'done';
      });
    expect(await Promise.all([crossing(a.id, b.id), crossing(b.id, a.id)])).toEqual(['done', 'done']);
    // One was aborted and ran again (on a busy machine its retry may cross the other once more: each runs three times at most).
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(6);
  });
});
