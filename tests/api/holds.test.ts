/**
 * The hold's few statements: the customer saved and locked by the one that locks the date, the
 * intent count and its stale windows in the write, and an unlimited promo code that locks nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { freeDate, harness, intentBody, readyUser, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});

type Intent = { bookingId: string; amount: number };

describe('a hold', () => {
  it('brings a changed e-mail back to the token’s', async () => {
    const rider = await readyUser(h);
    const tour = await freeDate(h, 'winter-day-tours');
    const first = await h.json('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, tour, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(first.status).toBe(200);
    expect(await h.db.query('select email from users where uid = $1', [rider.uid])).toEqual([{ email: rider.email }]);

    await h.db.query(`update users set email = 'stale@example.com' where uid = $1`, [rider.uid]);
    const again = await h.json('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, tour, 'winter-day-tours', 'price_tour_snowmobile', 1),
    });
    expect(again.status).toBe(200);
    expect(await h.db.query('select email from users where uid = $1', [rider.uid])).toEqual([{ email: rider.email }]);
  });

  it('drops the customer’s intent counts of earlier windows and starts the current one at one', async () => {
    const rider = await readyUser(h);
    const key = `intents:${rider.uid}`;
    await h.db.query(`insert into rate_limits (key, window_start, count) values ($1, now() - interval '2 hours', 9)`, [key]);
    const tour = await freeDate(h, 'winter-day-tours');
    const hold = await h.json('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, tour, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(hold.status).toBe(200);
    expect(await h.db.query('select count from rate_limits where key = $1', [key])).toEqual([{ count: 1 }]);
  });

  it('gives an unlimited promo code to many customers at once, each at its discount', async () => {
    const riders = await Promise.all(Array.from({ length: 12 }, () => readyUser(h)));
    const { body: tours } = await h.json<{ id: string; date: { _seconds: number }; users: string[] }[]>(
      'GET',
      '/calendar/winter-day-tours',
    );
    const used = new Set((await h.db.query<{ date_id: string }>('select date_id from bookings')).map((row) => row.date_id));
    const dates = tours.filter(
      (entry) => entry.users.length === 0 && !used.has(entry.id) && entry.date._seconds > Date.now() / 1000 + 86_400,
    );
    const answers = await Promise.all(
      riders.map((rider, index) =>
        h.json<Intent>('POST', '/stripe/create-payment-intent', {
          token: rider.token,
          body: intentBody(rider, dates[index] as never, 'winter-day-tours', 'price_tour_ski', 1, { promoCode: 'welcome10' }),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(riders.length).fill(200));
    expect(answers.map((answer) => answer.body.amount)).toEqual(Array(riders.length).fill(22_500));
  });
});
