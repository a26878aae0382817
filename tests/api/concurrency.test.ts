import { beforeAll, describe, expect, it } from 'vitest';
import { freeDate, harness, intentBody, readyUser, type Harness, type TestUser } from './harness.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { importCatalog, parseCatalogFile } from '../../api/seed/import.ts';

const CROWD = 50;
let h: Harness;
let crowd: TestUser[];

beforeAll(async () => {
  h = await harness();
  crowd = await Promise.all(Array.from({ length: CROWD }, () => readyUser(h)));
});

const statuses = (responses: Response[]) => responses.map((response) => response.status).sort();

async function activeSeats(dateId: string) {
  const [row] = await h.db.query<{ seats: number; holds: number }>(
    `select coalesce(sum(party_size), 0)::int as seats, count(*)::int as holds from bookings
      where date_id = $1 and (status = 'paid' or (status = 'held' and hold_expires_at > now()))`,
    [dateId],
  );
  return row ?? { seats: 0, holds: 0 };
}

describe('no overselling', () => {
  it(`gives the last class seat to exactly one of ${CROWD} at once`, async () => {
    const date = await freeDate(h, 'winter-classes');
    const priceId = date.stripeId ?? '';
    for (const party of [4, 4, 1]) {
      const early = await readyUser(h);
      const hold = await h.call('POST', '/stripe/create-payment-intent', {
        token: early.token,
        body: intentBody(early, date, 'winter-classes', priceId, party),
      });
      expect(hold.status).toBe(200);
    }
    expect((await activeSeats(date.id)).seats).toBe(9);

    const responses = await Promise.all(
      crowd.map((user) =>
        h.call('POST', '/stripe/create-payment-intent', { token: user.token, body: intentBody(user, date, 'winter-classes', priceId, 1) }),
      ),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(CROWD - 1).fill(409)]);
    expect(await activeSeats(date.id)).toEqual({ seats: 10, holds: 4 });
  });

  it(`gives a free day tour to exactly one of ${CROWD} at once`, async () => {
    const date = await freeDate(h, 'winter-day-tours');
    const responses = await Promise.all(
      crowd.map((user, index) =>
        h.call('POST', '/stripe/create-payment-intent', {
          token: user.token,
          body: intentBody(user, date, 'winter-day-tours', 'price_tour_ski', (index % 4) + 1),
        }),
      ),
    );
    expect(statuses(responses).filter((status) => status === 200)).toHaveLength(1);
    expect(statuses(responses).filter((status) => status === 409)).toHaveLength(CROWD - 1);
    expect((await activeSeats(date.id)).holds).toBe(1);
  });

  it(`gives the last use of a limited promo code to exactly one of ${CROWD} at once`, async () => {
    await importCatalog(h.db, parseCatalogFile({ promoCodes: [{ code: 'LASTONE', percentOff: 20, maxRedemptions: 1 }] }));
    const { body: tours } = await h.json<{ id: string; date: { _seconds: number }; users: string[] }[]>(
      'GET',
      '/calendar/winter-day-tours',
    );
    const used = new Set((await h.db.query<{ date_id: string }>('select date_id from bookings')).map((row) => row.date_id));
    const dates = tours.filter((entry) => entry.users.length === 0 && !used.has(entry.id)).slice(0, CROWD);
    expect(dates).toHaveLength(CROWD);
    const responses = await Promise.all(
      crowd.map((user, index) =>
        h.call('POST', '/stripe/create-payment-intent', {
          token: user.token,
          body: intentBody(user, dates[index] as never, 'winter-day-tours', 'price_tour_ski', 1, { promoCode: 'LASTONE' }),
        }),
      ),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(CROWD - 1).fill(400)]);
    const [row] = await h.db.query<{ uses: number }>(
      `select count(*)::int as uses from bookings where promo_code = 'LASTONE' and status = 'held'`,
    );
    expect(row?.uses).toBe(1);
  });

  it('leaves one customer asking for 10 dates at once with exactly one hold, the other intents cancelled', async () => {
    const rider = await readyUser(h);
    const { body: tours } = await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours');
    const used = new Set((await h.db.query<{ date_id: string }>('select date_id from bookings')).map((row) => row.date_id));
    const dates = tours.filter((entry) => entry.users.length === 0 && !used.has(entry.id)).slice(0, 10);
    expect(dates).toHaveLength(10);
    const responses = await Promise.all(
      dates.map((date) =>
        h.call('POST', '/stripe/create-payment-intent', {
          token: rider.token,
          body: intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 1),
        }),
      ),
    );
    // Each request may be answered before or after a newer one replaced it; none is a server error.
    expect(responses.every((response) => response.status === 200 || response.status === 409)).toBe(true);
    const held = await h.db.query(`select id from bookings where user_id = $1 and status = 'held' and hold_expires_at > now()`, [
      rider.uid,
    ]);
    expect(held).toHaveLength(1);
    const released = await h.db.query<{ cancel: string | null }>(
      `select o.status as cancel from bookings b left join payment_outbox o on o.booking_id = b.id and o.kind = 'cancel'
        where b.user_id = $1 and b.status = 'released' and b.payment_intent_id is not null`,
      [rider.uid],
    );
    expect(released).toHaveLength(9);
    expect(released.every((row) => row.cancel === 'done')).toBe(true);
  });

  it('never has more seats taken than a date holds', async () => {
    const over = await h.db.query(
      `select d.id from calendar_dates d join bookings b on b.date_id = d.id
        where b.status = 'paid' or (b.status = 'held' and b.hold_expires_at > now())
        group by d.id, d.capacity having sum(b.party_size) > d.capacity`,
    );
    expect(over).toEqual([]);
  });
});
