/**
 * The company calls off a date: it leaves the calendars and every payer on it is asked to choose a
 * full refund or another date at no charge; calling it off again does nothing more; a payer who
 * does not choose in time is refunded in full, once; a move races a new customer for the last
 * seats and exactly one wins.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHOICE_DAYS, callOffDate, refundUnchosen, type CallOffChoice } from '../../api/bookings/call-off.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { freeDate, harness, holdDate, inviteCodeOf, readyUser, type Harness, type TestUser } from './harness.ts';
import { paidBooking } from './paid-booking.ts';

const REASON = 'High avalanche danger';
const TOURS = 'winter-day-tours';
const TOUR_PRICE = 'price_tour_ski';
const CLASSES = 'winter-classes';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});

const paidOn = (date: CalendarEntry, calendar: string, priceId: string, partySize = 1) =>
  paidBooking(h, { date, calendar, priceId, partySize });

const choicePage = (user: TestUser, bookingId: string) =>
  h.json<CallOffChoice & { error?: string }>('GET', `/bookings/${bookingId}/call-off`, { token: user.token });
const choose = (user: TestUser, bookingId: string, body: unknown) =>
  h.json<CallOffChoice & { error?: string }>('POST', `/bookings/${bookingId}/call-off`, { token: user.token, body });

const mailOf = (bookingId: string) =>
  h.db.query<{ kind: string; recipient_uid: string; status: string; event_key: string; facts: Record<string, unknown> }>(
    `select kind, recipient_uid, status, event_key, facts from mail_outbox where booking_id = $1 order by created_at, kind`,
    [bookingId],
  );

const refundsOf = (bookingId: string) =>
  h.db.query<{ amount: number | null; purpose: string; reason: string }>(
    `select amount, purpose, reason from payment_outbox where booking_id = $1 and kind = 'refund'`,
    [bookingId],
  );

async function onCalendar(calendar: string, dateId: string): Promise<boolean> {
  const { body } = await h.json<CalendarEntry[]>('GET', `/calendar/${calendar}`);
  return body.some((entry) => entry.id === dateId);
}

describe('calling off a date', () => {
  it('withdraws it, asks each payer to choose, stops the messages before the trip, and a second run does nothing more', async () => {
    const date = await freeDate(h, CLASSES);
    const first = await paidOn(date, CLASSES, date.stripeId ?? '', 1);
    const second = await paidOn(date, CLASSES, date.stripeId ?? '', 2);
    expect(await onCalendar(CLASSES, date.id)).toBe(true);

    const now = new Date();
    expect(await callOffDate(h.db, date.id, REASON, now)).toEqual({ dateId: date.id, calledOff: true, bookings: 2, actions: [] });
    h.cache.clear();
    expect(await onCalendar(CLASSES, date.id)).toBe(false);
    for (const { payer, bookingId } of [first, second]) {
      const mail = await mailOf(bookingId);
      expect(mail.filter((row) => row.kind === 'date-called-off')).toEqual([
        expect.objectContaining({ recipient_uid: payer.uid, status: 'pending', facts: expect.objectContaining({ reason: REASON }) }),
      ]);
      expect(
        mail.filter((row) => ['readiness-reminder', 'trip-briefing'].includes(row.kind)).every((row) => row.status === 'skipped'),
      ).toBe(true);
      const page = await choicePage(payer, bookingId);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ bookingId, dateId: date.id, reason: REASON, choice: null, movedTo: null });
      // Seven days to choose, or until the date, whichever is first.
      const week = now.getTime() + CHOICE_DAYS * 86_400_000;
      expect(Date.parse(page.body.chooseBy)).toBe(Math.min(week, date.date._seconds * 1000));
    }

    const before = (await mailOf(first.bookingId)).length;
    expect(await callOffDate(h.db, date.id, 'Another reason')).toEqual({ dateId: date.id, calledOff: false, bookings: 0, actions: [] });
    expect(await mailOf(first.bookingId)).toHaveLength(before);
    const [kept] = await h.db.query<{ call_off_reason: string }>('select call_off_reason from calendar_dates where id = $1', [date.id]);
    expect(kept?.call_off_reason).toBe(REASON);
  });

  it('refuses an unknown date and an empty reason', async () => {
    await expect(callOffDate(h.db, 'class-no-such-date', REASON)).rejects.toThrow('No date class-no-such-date');
    const date = await freeDate(h, CLASSES);
    await expect(callOffDate(h.db, date.id, '  ')).rejects.toThrow('A reason is required.');
  });
});

describe('the payer chooses', () => {
  it('only the payer sees and makes the choice; a booking on a date still on is not asked', async () => {
    const date = await freeDate(h, TOURS);
    const { payer, bookingId } = await paidOn(date, TOURS, TOUR_PRICE, 2);
    const friend = await readyUser(h, 'Sam Ortiz');
    await h.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode: await inviteCodeOf(h, payer, TOURS, date.id) } });
    expect(await choicePage(payer, bookingId)).toMatchObject({
      status: 409,
      body: { error: 'This booking is not on a date we called off.' },
    });
    await callOffDate(h.db, date.id, REASON);
    const stranger = await readyUser(h);
    for (const someone of [friend, stranger]) {
      expect((await choicePage(someone, bookingId)).status).toBe(403);
      expect((await choose(someone, bookingId, { choice: 'refund' })).status).toBe(403);
    }
    expect((await choicePage(payer, 'bk_no_such_booking')).status).toBe(404);
    expect((await choose(payer, bookingId, { choice: 'move' })).status).toBe(400);
    expect((await choose(payer, bookingId, { choice: 'keep' })).status).toBe(400);
    // The policy's own cancellation gives way to the full refund the call-off offers.
    expect((await h.json('GET', `/bookings/${bookingId}/cancellation`, { token: payer.token })).status).toBe(409);
  });

  it('a move goes to a date that fits the party, at no charge, with its members; the same choice again changes nothing', async () => {
    const date = await freeDate(h, TOURS);
    const { payer, bookingId } = await paidOn(date, TOURS, TOUR_PRICE, 2);
    const inviteCode = await inviteCodeOf(h, payer, TOURS, date.id);
    const friend = await readyUser(h, 'Sam Ortiz');
    await h.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode } });
    await callOffDate(h.db, date.id, REASON);

    const { body: offered } = await choicePage(payer, bookingId);
    const target = offered.dates[0];
    if (!target) throw new Error('no date to move to');
    expect(offered.dates.every((candidate) => candidate.seatsLeft >= 2 && candidate.id !== date.id)).toBe(true);
    const moved = await choose(payer, bookingId, { choice: 'move', dateId: target.id });
    expect(moved).toMatchObject({ status: 200, body: { choice: 'move', movedTo: target.id, dates: [] } });
    expect(await choose(payer, bookingId, { choice: 'move', dateId: target.id })).toMatchObject({ status: 200, body: { choice: 'move' } });
    expect(await choose(payer, bookingId, { choice: 'refund' })).toMatchObject({
      status: 409,
      body: { error: 'You have already chosen for this booking.' },
    });

    const [booking] = await h.db.query<{ date_id: string; status: string; amount: number; invite_code: string }>(
      'select date_id, status, amount, invite_code from bookings where id = $1',
      [bookingId],
    );
    expect(booking).toMatchObject({ date_id: target.id, status: 'paid' });
    expect(await inviteCodeOf(h, payer, TOURS, target.id)).toBe(inviteCode);
    expect((await h.json<{ members: unknown[] }>('GET', `/parties/${target.id}`, { token: friend.token })).body.members).toHaveLength(2);
    expect(await refundsOf(bookingId)).toEqual([]);
    const moves = await h.db.query<{ id: string; fee: number }>('select id, fee from booking_moves where booking_id = $1', [bookingId]);
    expect(moves).toEqual([{ id: expect.any(String), fee: 0 }]);
    const mail = await mailOf(bookingId);
    expect(
      mail
        .filter((row) => row.kind === 'booking-moved')
        .map((row) => row.recipient_uid)
        .sort(),
    ).toEqual([payer.uid, friend.uid].sort());
    // The messages before the trip now follow the new date.
    expect(
      mail.some(
        (row) => row.kind === 'trip-briefing' && row.status === 'pending' && row.event_key === `${bookingId}@${target.id}:${moves[0]?.id}`,
      ),
    ).toBe(true);
  });

  it('a refund gives back all that was paid, through the outbox, and the party is told why', async () => {
    const date = await freeDate(h, TOURS);
    const { payer, bookingId } = await paidOn(date, TOURS, TOUR_PRICE, 1);
    await callOffDate(h.db, date.id, REASON);
    const refunded = await choose(payer, bookingId, { choice: 'refund' });
    expect(refunded).toMatchObject({ status: 200, body: { choice: 'refund', dates: [] } });
    expect((await choose(payer, bookingId, { choice: 'refund' })).status).toBe(200);
    const [booking] = await h.db.query<{ status: string; amount: number; refund_amount: number }>(
      'select status, amount, refund_amount from bookings where id = $1',
      [bookingId],
    );
    expect(booking).toMatchObject({ status: 'cancelled', refund_amount: booking?.amount });
    expect(await refundsOf(bookingId)).toEqual([
      { amount: booking?.amount, purpose: 'cancellation', reason: 'date called off by the company' },
    ]);
    const told = (await mailOf(bookingId)).filter((row) => row.kind === 'booking-cancelled');
    expect(told).toEqual([
      expect.objectContaining({
        recipient_uid: payer.uid,
        facts: expect.objectContaining({ reason: REASON, refundAmount: booking?.amount }),
      }),
    ]);
  });

  it('credit keeps all that was paid as a gift card worth 10% more, on the payer’s account; nothing goes back by card', async () => {
    const date = await freeDate(h, TOURS);
    const { payer, bookingId } = await paidOn(date, TOURS, TOUR_PRICE, 2);
    await callOffDate(h.db, date.id, REASON);
    const [{ amount } = { amount: 0 }] = await h.db.query<{ amount: number }>('select amount from bookings where id = $1', [bookingId]);
    const bonus = Math.round(amount / 10);
    const offered = await choicePage(payer, bookingId);
    expect(offered.body.credit).toEqual({ amount: amount + bonus, bonus, percent: 10 });

    const kept = await choose(payer, bookingId, { choice: 'credit' });
    expect(kept).toMatchObject({
      status: 200,
      body: { choice: 'credit', credit: { amount: amount + bonus, bonus, percent: 10 }, dates: [] },
    });
    expect((await choose(payer, bookingId, { choice: 'credit' })).status).toBe(200);
    expect(await choose(payer, bookingId, { choice: 'refund' })).toMatchObject({ status: 409 });

    const [booking] = await h.db.query<{ status: string; refund_amount: number; credit_card_id: string }>(
      'select status, refund_amount, credit_card_id from bookings where id = $1',
      [bookingId],
    );
    expect(booking).toMatchObject({ status: 'cancelled', refund_amount: 0 });
    expect(await refundsOf(bookingId)).toEqual([]);
    const kept_ = await h.json<{ code: string; balance: number; bonus: number }[]>('GET', '/gift-cards/mine', { token: payer.token });
    expect(kept_.body).toEqual([expect.objectContaining({ balance: amount + bonus, bonus })]);
    const ledger = await h.db.query('select kind, amount, reason from gift_card_ledger where card_id = $1', [booking?.credit_card_id]);
    expect(ledger).toEqual([
      { kind: 'credit', amount: amount + bonus, reason: 'credit instead of a refund: date called off by the company' },
    ]);
    const told = (await mailOf(bookingId)).filter((row) => row.kind === 'booking-cancelled');
    expect(told).toEqual([
      expect.objectContaining({
        recipient_uid: payer.uid,
        facts: expect.objectContaining({ refundAmount: 0, creditAmount: amount + bonus }),
      }),
    ]);
    const [gift] = await h.db.query(`select kind, recipient_uid from mail_outbox where gift_card_id = $1`, [booking?.credit_card_id]);
    expect(gift).toEqual({ kind: 'gift-card-delivery', recipient_uid: null });
  });

  it('a move races a new customer for the last seats: exactly one gets them', async () => {
    const date = await freeDate(h, TOURS);
    const { payer, bookingId } = await paidOn(date, TOURS, TOUR_PRICE, 1);
    await callOffDate(h.db, date.id, REASON);
    const target = await freeDate(h, TOURS, (entry) => entry.id !== date.id);
    const newcomer = await readyUser(h);
    const [move, hold] = await Promise.all([
      choose(payer, bookingId, { choice: 'move', dateId: target.id }),
      holdDate(h, newcomer, target, TOURS, TOUR_PRICE, 1),
    ]);
    expect([move.status, hold.status].sort()).toEqual([200, 409]);
    const [taken] = await h.db.query<{ n: number }>(
      `select count(*)::int as n from bookings where date_id = $1 and (status = 'paid' or (status = 'held' and hold_expires_at > now()))`,
      [target.id],
    );
    expect(taken?.n).toBe(1);
    if (move.status === 409) expect(move.body.error).toBe('That date no longer has seats for your whole party.');
  });
});

describe('no choice in time', () => {
  it('is refunded in full once the deadline passes, once however often the sweep runs', async () => {
    const date = await freeDate(h, TOURS);
    const { bookingId } = await paidOn(date, TOURS, TOUR_PRICE, 1);
    const now = new Date();
    await callOffDate(h.db, date.id, REASON, now);
    expect(await refundUnchosen(h.db, now)).toEqual([]);
    const later = new Date(now.getTime() + (CHOICE_DAYS + 1) * 86_400_000);
    const first = await refundUnchosen(h.db, later);
    expect(first.filter((action) => action.booking_id === bookingId)).toHaveLength(1);
    expect((await refundUnchosen(h.db, later)).filter((action) => action.booking_id === bookingId)).toEqual([]);
    expect(await refundsOf(bookingId)).toHaveLength(1);
    const [choice] = await h.db.query<{ choice: string; chosen_by: string }>(
      'select choice, chosen_by from called_off_bookings where booking_id = $1',
      [bookingId],
    );
    expect(choice).toEqual({ choice: 'refund', chosen_by: 'deadline' });
  });
});
