/**
 * A storm cycle strands no one: avalanche danger calls off one day after another, and every
 * booking on each called-off day is asked again, moved without a fee, or refunded in full (what
 * was paid for a change of date included), once. A move off a called-off day settles its choice,
 * whoever makes it; a day that has started cannot be called off; the sweep of missed deadlines
 * cannot be stalled by bookings that ended otherwise; the catalog import never reopens a called-off
 * day nor moves a booked day's start; a booking that returns to a day it was on
 * gets that day's messages again; a change of date's fee hold is never taken for a checkout hold,
 * and keeping the date gives its seats back at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHOICE_DAYS, callOffDate, refundUnchosen, type CallOffChoice } from '../../api/bookings/call-off.ts';
import { importCatalog, parseCatalogFile } from '../../api/seed/import.ts';
import { CURRENT_POLICY } from '../../shared/rules/cancellation-policy.ts';
import type { CalendarEntry, DatabaseUser, DateChangeOptions } from '../../shared/contract/answers.ts';
import { freeDate, harness, holdDate, PAYING_CARD, readyUser, type Harness, type TestUser } from './harness.ts';
import { paidBooking } from './paid-booking.ts';
import { staffMember } from './staff.ts';

const REASON = 'High avalanche danger';
const TOURS = 'winter-day-tours';
const PRICE = 'price_tour_ski';
const FEE = CURRENT_POLICY.moveFee;

let h: Harness;
let operator: TestUser;
beforeAll(async () => {
  h = await harness();
  operator = await staffMember('operator');
});

/** A tour paid for a party of `partySize` on a free date: its payer, date and booking. */
async function paidTour(partySize = 2) {
  const date = await freeDate(h, TOURS);
  const { payer, bookingId } = await paidBooking(h, { date, calendar: TOURS, priceId: PRICE, partySize });
  return { payer, date, bookingId };
}

/** Another free tour date than those named. */
const otherDate = (...not: string[]) => freeDate(h, TOURS, (entry) => !not.includes(entry.id));

const choicePage = (user: TestUser, bookingId: string) =>
  h.json<CallOffChoice & { error?: string }>('GET', `/bookings/${bookingId}/call-off`, { token: user.token });
const choose = (user: TestUser, bookingId: string, body: unknown) =>
  h.json<CallOffChoice & { error?: string }>('POST', `/bookings/${bookingId}/call-off`, { token: user.token, body });
const pay = (user: TestUser, clientSecret: string) =>
  h.json<{ status?: string; error?: string }>('POST', '/payments/local/confirm', {
    token: user.token,
    body: { clientSecret, ...PAYING_CARD },
  });

/** The payer starts a change of date to `dateId`: the fee hold, before it is paid. */
async function feeHold(payer: TestUser, bookingId: string, dateId: string) {
  const { body: offered } = await h.json<DateChangeOptions>('GET', `/bookings/${bookingId}/date-change`, { token: payer.token });
  const held = await h.json<{ bookingId: string; clientSecret: string; amount: number; error?: string }>(
    'POST',
    `/bookings/${bookingId}/date-change`,
    { token: payer.token, body: { quoteId: offered.quote.quoteId, dateId } },
  );
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  return held.body;
}

const bookingRow = async (bookingId: string) =>
  (
    await h.db.query<{ date_id: string; status: string; amount: number; refund_amount: number | null }>(
      'select date_id, status, amount, refund_amount from bookings where id = $1',
      [bookingId],
    )
  )[0];

/** Every refund owed for what was paid for a booking: its own payment and its paid change-of-date fees. */
const refundsFor = (bookingId: string) =>
  h.db.query<{ booking_id: string; amount: number | null; reason: string }>(
    `select o.booking_id, o.amount, o.reason from payment_outbox o
      where o.kind = 'refund' and (o.booking_id = $1 or o.booking_id in (select id from bookings where moves_booking = $1))
      order by o.created_at`,
    [bookingId],
  );

const mailOf = (bookingId: string, kind: string) =>
  h.db.query<{ status: string; event_key: string; facts: Record<string, unknown> }>(
    `select status, event_key, facts from mail_outbox where booking_id = $1 and kind = $2 order by created_at`,
    [bookingId, kind],
  );

const choicesOf = (bookingId: string) =>
  h.db.query<{ date_id: string; choice: string | null; chosen_by: string | null; moved_to: string | null }>(
    `select date_id, choice, chosen_by, moved_to from called_off_bookings where booking_id = $1 order by created_at`,
    [bookingId],
  );

const weekLater = () => new Date(Date.now() + (CHOICE_DAYS + 1) * 86_400_000);

/** Book on A; we call A off; the payer moves to B; we call B off too. */
async function calledOffTwice() {
  const { payer, date: first, bookingId } = await paidTour(2);
  await callOffDate(h.db, first.id, REASON);
  const second = await otherDate(first.id);
  expect((await choose(payer, bookingId, { choice: 'move', dateId: second.id })).status).toBe(200);
  expect(await callOffDate(h.db, second.id, 'Wind slab after the storm')).toMatchObject({ calledOff: true, bookings: 1 });
  return { payer, first, second, bookingId };
}

describe('a second call-off of the day a booking moved to', () => {
  it('asks the payer again, skips that day’s messages, and shows the new choice with dates', async () => {
    const { payer, second, bookingId } = await calledOffTwice();
    const asked = await mailOf(bookingId, 'date-called-off');
    expect(asked.map((row) => row.facts['reason'])).toEqual([REASON, 'Wind slab after the storm']);
    expect(asked[1]?.status).toBe('pending');
    const tripMail = await h.db.query<{ status: string }>(
      `select status from mail_outbox where booking_id = $1 and kind in ('readiness-reminder', 'trip-briefing')`,
      [bookingId],
    );
    expect(tripMail.length).toBeGreaterThan(0);
    expect(tripMail.every((row) => row.status === 'skipped')).toBe(true);

    const page = await choicePage(payer, bookingId);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ bookingId, dateId: second.id, reason: 'Wind slab after the storm', choice: null, movedTo: null });
    expect(page.body.dates.length).toBeGreaterThan(0);
    expect(page.body.dates.map((date) => date.id)).not.toContain(second.id);
  });

  it('the payer chooses a refund: refunded in full, once', async () => {
    const { payer, bookingId } = await calledOffTwice();
    const amount = (await bookingRow(bookingId))?.amount;
    expect(await choose(payer, bookingId, { choice: 'refund' })).toMatchObject({ status: 200, body: { choice: 'refund' } });
    expect((await choose(payer, bookingId, { choice: 'refund' })).status).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'cancelled', refund_amount: amount });
    expect(await refundsFor(bookingId)).toEqual([{ booking_id: bookingId, amount, reason: 'date called off by the company' }]);
    expect(await refundUnchosen(h.db, weekLater())).not.toContainEqual(expect.objectContaining({ booking_id: bookingId }));
    expect(await refundsFor(bookingId)).toHaveLength(1);
  });

  it('the payer moves again, at no charge', async () => {
    const { payer, first, second, bookingId } = await calledOffTwice();
    const third = await otherDate(first.id, second.id);
    const moved = await choose(payer, bookingId, { choice: 'move', dateId: third.id });
    expect(moved).toMatchObject({ status: 200, body: { choice: 'move', movedTo: third.id } });
    expect(await bookingRow(bookingId)).toMatchObject({ date_id: third.id, status: 'paid' });
    expect(await choicesOf(bookingId)).toEqual([
      { date_id: first.id, choice: 'move', chosen_by: 'customer', moved_to: second.id },
      { date_id: second.id, choice: 'move', chosen_by: 'customer', moved_to: third.id },
    ]);
    expect(await refundUnchosen(h.db, weekLater())).not.toContainEqual(expect.objectContaining({ booking_id: bookingId }));
    expect(await refundsFor(bookingId)).toEqual([]);
  });

  it('nobody chooses: the sweep refunds in full, once', async () => {
    const { bookingId } = await calledOffTwice();
    const amount = (await bookingRow(bookingId))?.amount;
    const later = weekLater();
    expect((await refundUnchosen(h.db, later)).filter((action) => action.booking_id === bookingId)).toHaveLength(1);
    expect((await refundUnchosen(h.db, later)).filter((action) => action.booking_id === bookingId)).toEqual([]);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'cancelled', refund_amount: amount });
    expect(await refundsFor(bookingId)).toEqual([{ booking_id: bookingId, amount, reason: 'date called off by the company' }]);
  });
});

describe('a move off a called-off day settles its choice', () => {
  it('a change-of-date fee paid after the day was called off: moved without the fee, and never refunded by the sweep', async () => {
    const { payer, date, bookingId } = await paidTour(2);
    const target = await otherDate(date.id);
    const held = await feeHold(payer, bookingId, target.id);
    await callOffDate(h.db, date.id, REASON);
    expect((await pay(payer, held.clientSecret)).status).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ date_id: target.id, status: 'paid' });
    expect(await choicesOf(bookingId)).toEqual([{ date_id: date.id, choice: 'move', chosen_by: 'customer', moved_to: target.id }]);
    // Moving off a called-off day is free: the fee goes back.
    expect(await refundsFor(bookingId)).toEqual([
      { booking_id: held.bookingId, amount: null, reason: 'fee not taken: the date was called off' },
    ]);
    const [move] = await h.db.query<{ fee: number }>('select fee from booking_moves where booking_id = $1', [bookingId]);
    expect(move?.fee).toBe(0);
    await refundUnchosen(h.db, weekLater());
    expect(await bookingRow(bookingId)).toMatchObject({ date_id: target.id, status: 'paid' });
  });

  it('an operator’s move of a called-off booking is the payer’s move: no fee, the choice settled', async () => {
    const { date, bookingId } = await paidTour(1);
    await callOffDate(h.db, date.id, REASON);
    const target = await otherDate(date.id);
    const moved = await h.json<{ dateId: string; error?: string }>('POST', `/ops/bookings/${bookingId}/move`, {
      token: operator.token,
      body: { toDateId: target.id, fee: 'cash', reason: 'Called after the storm' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.dateId).toBe(target.id);
    expect(await choicesOf(bookingId)).toEqual([{ date_id: date.id, choice: 'move', chosen_by: 'operator', moved_to: target.id }]);
    const [move] = await h.db.query<{ fee: number }>('select fee from booking_moves where booking_id = $1', [bookingId]);
    expect(move?.fee).toBe(0);
    await refundUnchosen(h.db, weekLater());
    expect(await bookingRow(bookingId)).toMatchObject({ date_id: target.id, status: 'paid' });
  });

  it('a fee hold on a day that gets called off is released, and its fee is not taken', async () => {
    const { payer, date, bookingId } = await paidTour(2);
    const target = await otherDate(date.id);
    const held = await feeHold(payer, bookingId, target.id);
    await callOffDate(h.db, target.id, REASON);
    expect((await bookingRow(held.bookingId))?.status).toBe('released');
    const cancels = await h.db.query<{ kind: string }>(`select kind from payment_outbox where booking_id = $1`, [held.bookingId]);
    expect(cancels).toEqual([{ kind: 'cancel' }]);
    expect((await pay(payer, held.clientSecret)).status).not.toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ date_id: date.id, status: 'paid' });
  });
});

describe('the full refund after a call-off', () => {
  it('includes the change-of-date fee paid earlier, and says so', async () => {
    const { payer, date, bookingId } = await paidTour(2);
    const target = await otherDate(date.id);
    const held = await feeHold(payer, bookingId, target.id);
    expect((await pay(payer, held.clientSecret)).status).toBe(200);
    await callOffDate(h.db, target.id, REASON);
    const amount = (await bookingRow(bookingId))?.amount ?? 0;
    const page = await choicePage(payer, bookingId);
    expect(page.body).toMatchObject({ amountPaid: amount + FEE, feesPaid: FEE });
    await choose(payer, bookingId, { choice: 'refund' });
    expect(await refundsFor(bookingId)).toEqual([
      { booking_id: bookingId, amount, reason: 'date called off by the company' },
      { booking_id: held.bookingId, amount: FEE, reason: 'date called off by the company' },
    ]);
    const [told] = await mailOf(bookingId, 'booking-cancelled');
    expect(told?.facts).toMatchObject({ refundAmount: amount + FEE, feesRefunded: FEE });
  });
});

describe('a day that has started', () => {
  it('cannot be called off, from the API’s function or the console', async () => {
    const { date, bookingId } = await paidTour(1);
    await h.db.query(`update calendar_dates set starts_at = now() - interval '1 hour' where id = $1`, [date.id]);
    await expect(callOffDate(h.db, date.id, REASON)).rejects.toMatchObject({
      code: 'conflict',
      message: 'This date has already started, so it cannot be called off.',
    });
    const fromConsole = await h.json<{ error: string }>('POST', `/ops/dates/${date.id}/call-off`, {
      token: operator.token,
      body: { reason: REASON },
    });
    expect(fromConsole).toEqual({
      status: 409,
      body: expect.objectContaining({ error: 'This date has already started, so it cannot be called off.' }),
    });
    expect(await choicesOf(bookingId)).toEqual([]);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'paid' });
  });
});

describe('the catalog import', () => {
  /** The date as a catalog file names it, with `change` applied. */
  async function entryOf(dateId: string, change: Record<string, unknown> = {}) {
    const [row] = await h.db.query<{ product_id: string; starts_at: Date | string; capacity: number }>(
      'select product_id, starts_at, capacity from calendar_dates where id = $1',
      [dateId],
    );
    return {
      id: dateId,
      calendar: TOURS,
      productId: row?.product_id,
      startsAt: new Date(row?.starts_at ?? 0).toISOString(),
      capacity: row?.capacity,
      ...change,
    };
  }
  const dateRow = async (dateId: string) =>
    (
      await h.db.query<{ active: boolean; starts_at: Date | string }>('select active, starts_at from calendar_dates where id = $1', [
        dateId,
      ])
    )[0];

  it('never reopens a called-off day: it is left as it is, and counted', async () => {
    const { date } = await paidTour(1);
    await callOffDate(h.db, date.id, REASON);
    const counts = await importCatalog(h.db, parseCatalogFile({ dates: [await entryOf(date.id, { active: true })] }));
    expect(counts).toMatchObject({ dates: 0, calledOff: 1 });
    expect((await dateRow(date.id))?.active).toBe(false);
  });

  it('refuses the whole file when it would move the start of a booked day, or withdraw it', async () => {
    const { date, bookingId } = await paidTour(1);
    const before = await dateRow(date.id);
    const later = new Date(date.date._seconds * 1000 + 2 * 3600_000).toISOString();
    const free = await otherDate(date.id);
    for (const change of [{ startsAt: later }, { active: false }]) {
      const file = parseCatalogFile({ dates: [await entryOf(free.id, { capacity: 3 }), await entryOf(date.id, change)] });
      await expect(importCatalog(h.db, file)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining(date.id) });
    }
    expect(await dateRow(date.id)).toEqual(before);
    expect((await h.db.query<{ capacity: number }>('select capacity from calendar_dates where id = $1', [free.id]))[0]?.capacity).not.toBe(
      3,
    );
    expect(await bookingRow(bookingId)).toMatchObject({ date_id: date.id, status: 'paid' });
    // A free day's start may still change.
    const moved = await importCatalog(h.db, parseCatalogFile({ dates: [await entryOf(free.id, { startsAt: later })] }));
    expect(moved).toMatchObject({ dates: 1 });
  });
});

describe('the sweep of missed deadlines', () => {
  it('closes called-off bookings that ended otherwise, so they never hold back a later deadline', async () => {
    // More ended bookings with earlier deadlines than the sweep takes at a time.
    const first = await paidTour(1);
    await callOffDate(h.db, first.date.id, REASON);
    const ended = await h.db.query<{ booking_id: string }>(`select booking_id from called_off_bookings where booking_id = $1`, [
      first.bookingId,
    ]);
    await h.db.query(`update bookings set status = 'refunded' where id = $1`, [first.bookingId]);
    await h.db.query(
      `insert into bookings (id, date_id, user_id, price_id, party_size, quantity, amount, currency, status, provider, hold_expires_at)
       select 'bk_ended_' || n, $1, $2, $3, 1, 1, 100, 'usd', 'cancelled', 'local', now() from generate_series(1, 60) as n`,
      [first.date.id, first.payer.uid, PRICE],
    );
    await h.db.query(
      `insert into called_off_bookings (booking_id, date_id, reason, choose_by)
       select 'bk_ended_' || n, $1, $2, now() - interval '1 day' from generate_series(1, 60) as n`,
      [first.date.id, REASON],
    );
    const due = await paidTour(1);
    await callOffDate(h.db, due.date.id, REASON);
    const swept = await refundUnchosen(h.db, weekLater());
    expect(swept.map((action) => action.booking_id)).toContain(due.bookingId);
    const open = await h.db.query(`select 1 from called_off_bookings where choice is null and booking_id like 'bk_ended_%'`);
    expect(open).toEqual([]);
    expect(ended).toHaveLength(1);
    expect(await choicesOf(first.bookingId)).toEqual([expect.objectContaining({ choice: 'ended' })]);
  });
});

describe('a booking that returns to a day it was on', () => {
  it('gets that day’s reminders and briefing again', async () => {
    const { date, bookingId } = await paidTour(1);
    const other = await otherDate(date.id);
    const move = (toDateId: string) =>
      h.json<{ error?: string }>('POST', `/ops/bookings/${bookingId}/move`, {
        token: operator.token,
        body: { toDateId, fee: 'waived', reason: 'Asked by phone' },
      });
    // To the other day, back, and to the other day again: its messages were skipped when the booking left it.
    expect((await move(other.id)).status).toBe(200);
    expect((await move(date.id)).status).toBe(200);
    expect((await move(other.id)).status).toBe(200);
    const pending = await h.db.query<{ kind: string }>(
      `select kind from mail_outbox where booking_id = $1 and kind in ('readiness-reminder', 'trip-briefing') and status = 'pending'`,
      [bookingId],
    );
    expect(pending.map((row) => row.kind).sort()).toEqual(['readiness-reminder', 'readiness-reminder', 'trip-briefing']);
  });
});

describe('a change of date’s fee hold', () => {
  it('is never answered to checkout as the customer’s own checkout hold', async () => {
    const { payer, date, bookingId } = await paidTour(2);
    const target = await otherDate(date.id);
    const held = await feeHold(payer, bookingId, target.id);
    // A checkout of the new date for one, at the booking's price: the fee hold's own order.
    const checkout = await holdDate(h, payer, target as CalendarEntry, TOURS, PRICE, 1);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.bookingId).not.toBe(held.bookingId);
    const [price] = await h.db.query<{ unit_amount: number }>('select unit_amount from prices where id = $1', [PRICE]);
    expect((checkout.body as { amount?: number }).amount).toBe(price?.unit_amount);
  });

  it('is released at once when the payer keeps the date: the seats are free again, the intent cancelled', async () => {
    const { payer, date, bookingId } = await paidTour(2);
    const target = await otherDate(date.id);
    const held = await feeHold(payer, bookingId, target.id);
    const stranger = await readyUser(h);
    expect((await h.call('DELETE', `/bookings/${bookingId}/date-change`, { token: stranger.token })).status).toBe(403);
    expect((await bookingRow(held.bookingId))?.status).toBe('held');
    const kept = await h.json<{ released: number }>('DELETE', `/bookings/${bookingId}/date-change`, { token: payer.token });
    expect(kept).toEqual({ status: 200, body: { released: 1 } });
    expect((await bookingRow(held.bookingId))?.status).toBe('released');
    expect(await h.db.query(`select kind from payment_outbox where booking_id = $1`, [held.bookingId])).toEqual([{ kind: 'cancel' }]);
    h.cache.clear();
    const { body } = await h.json<CalendarEntry[]>('GET', `/calendar/${TOURS}`);
    expect(body.find((entry) => entry.id === target.id)?.users).toEqual([]);
    expect(await h.json('DELETE', `/bookings/${bookingId}/date-change`, { token: payer.token })).toEqual({
      status: 200,
      body: { released: 0 },
    });
  });
});

describe('My Bookings after a call-off', () => {
  it('lists a called-off booking waiting for its payer’s choice, with that choice, until it is made', async () => {
    const date = await freeDate(h, TOURS);
    const { payer, bookingId } = await paidBooking(h, { date, calendar: TOURS, priceId: PRICE, partySize: 2, payerName: 'Avery Lund' });
    const friend = await readyUser(h, 'Sam Ortiz');
    const [{ invite_code: inviteCode } = { invite_code: '' }] = await h.db.query<{ invite_code: string }>(
      'select invite_code from bookings where id = $1',
      [bookingId],
    );
    expect((await h.call('POST', '/calendar/invite', { token: friend.token, body: { inviteCode } })).status).toBe(200);
    await callOffDate(h.db, date.id, REASON);
    const listed = async (user: TestUser) =>
      (await h.json<DatabaseUser>('GET', `/users/user/${user.uid}`, { token: user.token })).body.calledOff;
    const startsAt = new Date(date.date._seconds * 1000).toISOString();
    expect(await listed(payer)).toEqual([
      expect.objectContaining({ bookingId, dateId: date.id, startsAt, yours: true, payer: 'Avery Lund' }),
    ]);
    // The friend sees it too, and who chooses.
    expect(await listed(friend)).toEqual([expect.objectContaining({ bookingId, startsAt, yours: false, payer: 'Avery Lund' })]);
    await choose(payer, bookingId, { choice: 'refund' });
    expect(await listed(payer)).toEqual([]);
    expect(await listed(friend)).toEqual([]);
  });
});
