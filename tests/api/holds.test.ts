/**
 * The hold's few statements: the customer saved and locked by the one that locks the date, the
 * intent count and its stale windows in the write, and an unlimited promo code that locks nothing.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { freeDate, harness, intentBody, newUser, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});

type Intent = { bookingId: string; amount: number };

describe('a hold', () => {
  it('saves a customer seen for the first time, and brings a changed e-mail back to the token’s', async () => {
    const rider = await newUser();
    expect(await h.db.query('select uid from users where uid = $1', [rider.uid])).toEqual([]);
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
    const rider = await newUser();
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
    const riders = await Promise.all(Array.from({ length: 12 }, () => newUser()));
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

describe.runIf(process.env['TEST_DATABASE_URL'])('on a Postgres server', () => {
  it('does not wait while an unlimited promo code’s row is being changed, but waits for a limited one’s', async () => {
    // A second session on the harness's own database changes both codes' rows (an operator's
    // import, say), holding them until it ends.
    const [{ name } = { name: '' }] = await h.db.query<{ name: string }>('select current_database() as name');
    const url = new URL(process.env['TEST_DATABASE_URL'] ?? '');
    url.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: url.href });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`update promo_codes set active = true where code in ('WELCOME10', 'LOCALS50')`);
      const [free, limited] = await Promise.all([freeDate(h, 'winter-day-tours'), freeDate(h, 'winter-classes')]);
      const rider = await newUser();
      const unlimited = await h.json<Intent>('POST', '/stripe/create-payment-intent', {
        token: rider.token,
        body: intentBody(rider, free, 'winter-day-tours', 'price_tour_ski', 1, { promoCode: 'WELCOME10' }),
      });
      expect(unlimited.status).toBe(200);

      const waiting = await newUser();
      let settled = false;
      const blocked = h
        .json('POST', '/stripe/create-payment-intent', {
          token: waiting.token,
          body: intentBody(waiting, limited, 'winter-classes', limited.stripeId ?? '', 1, { promoCode: 'LOCALS50' }),
        })
        .finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await other.query('rollback');
      expect((await blocked).status).toBe(200);
    } finally {
      await other.end();
    }
  });
});
