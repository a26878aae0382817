/**
 * Booking for a customer from the console: by e-mail (an account is made for one new to the site),
 * paid in cash, by check or complimentary, with the usual confirmation and invite link; racing a
 * customer for the last seat, exactly one wins; the same request twice books once; the booking and
 * its record commit together or not at all; money paid in cash comes back by hand, flagged.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { firebaseIdentity } from '../../api/identity.ts';
import type { OpsBooking, OpsCardHold, OpsDateOverview } from '../../shared/contract/ops-answers.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { formatDenverDateTime } from '../../shared/rules/dates.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import { freeDate, holdDate, inviteCodeOf, newUser, PAYING_CARD, PROJECT_ID, readyUser, signInAgain } from './harness.ts';
import type { Harness, TestUser } from './harness.ts';
import { verifyEmail } from '../support/emulator-links.ts';
import { admin, EMULATOR, operatorHarness } from './staff.ts';

const CLASSES = 'winter-classes';
const TOURS = 'winter-day-tours';

let h: Harness;
let operator: TestUser;

beforeAll(async () => {
  ({ h, operator } = await operatorHarness({ bookingCutoffHours: 0 }));
});

type Answer = OpsBooking & { error?: string };
const book = (body: Record<string, unknown>, token = operator.token) => h.json<Answer>('POST', '/ops/bookings', { token, body });
const request = (date: CalendarEntry, email: string, extra: Record<string, unknown> = {}) => ({
  email,
  dateId: date.id,
  partySize: 2,
  paidBy: 'cash',
  reason: 'Called the office',
  requestId: randomUUID(),
  ...extra,
});
/**
 * A ready customer who proved their address (followed the link sent to it) and signed in again: the
 * office's bookings for them are theirs at once (ops-book-owner.test.ts has the others).
 */
async function provedUser(name?: string): Promise<TestUser> {
  const user = await readyUser(h, name);
  await verifyEmail(EMULATOR, PROJECT_ID, user.token, user.email);
  user.token = await signInAgain(user);
  return user;
}

const unitAmountOf = async (priceId: string) =>
  (await h.db.query<{ unit_amount: number }>(`select unit_amount from prices where id = $1`, [priceId]))[0]?.unit_amount ?? 0;
const confirmationsOf = (bookingId: string) =>
  h.db.query<{ recipient_uid: string }>(`select recipient_uid from mail_outbox where booking_id = $1 and kind = 'booking-confirmed'`, [
    bookingId,
  ]);
const recordsOf = (bookingId: string) =>
  h.db.query<{ action: string; reason: string; after: unknown }>(
    `select action, reason, after from operator_actions where booking_id = $1 order by id`,
    [bookingId],
  );

describe('booking for a customer', () => {
  it('books a customer who called as paid in cash: their booking, the confirmation with its invite link, and the record', async () => {
    const date = await freeDate(h, CLASSES);
    const customer = await provedUser('Robin Phone');
    const body = request(date, customer.email.toUpperCase());
    const booked = await book(body);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const unit = await unitAmountOf(date.stripeId ?? '');
    expect(booked.body).toMatchObject({
      status: 'paid',
      dateId: date.id,
      payerName: 'Robin Phone',
      payerEmail: customer.email,
      partySize: 2,
      paidBy: 'cash',
      amount: unit * 2,
      openSpots: 1,
      members: [expect.objectContaining({ uid: customer.uid, role: 'booked', survey: 'done' })],
    });
    expect(await confirmationsOf(booked.body.id)).toEqual([{ recipient_uid: customer.uid }]);
    expect(await recordsOf(booked.body.id)).toEqual([
      {
        action: 'book for customer',
        reason: 'Called the office',
        after: { customer: customer.email, newAccount: false, partySize: 2, priceId: date.stripeId, paidBy: 'cash', amount: unit * 2 },
      },
    ]);
    // The customer sees it as their own, with the invite link for their party.
    expect(await inviteCodeOf(h, customer, CLASSES, date.id)).toMatch(/^inv_/);
    const overview = await h.json<OpsDateOverview>('GET', `/ops/dates/${date.id}`, { token: operator.token });
    expect(overview.body.taken).toBe(2);
    // The date's manifest lists the party with its payment and members.
    expect(overview.body.parties).toEqual([
      expect.objectContaining({
        bookingId: booked.body.id,
        paidBy: 'cash',
        amount: unit * 2,
        openSpots: 1,
        roster: [expect.objectContaining({ uid: customer.uid, role: 'booked', email: customer.email })],
        notes: [],
      }),
    ]);

    // The same request again (a retry after a dropped connection) books nothing more.
    const again = await book(body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(booked.body.id);
    expect(await h.db.query(`select 1 from bookings where date_id = $1 and status = 'paid'`, [date.id])).toHaveLength(1);
    expect(await confirmationsOf(booked.body.id)).toHaveLength(1);
    expect(await recordsOf(booked.body.id)).toHaveLength(1);
  });

  it('makes an account for a customer new to the site, named as the operator gave it', async () => {
    const date = await freeDate(h, CLASSES);
    const email = `walk-in-${randomUUID()}@example.com`;
    const booked = await book(request(date, email, { name: 'Sam Walkin', partySize: 1, paidBy: 'check' }));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const account = await admin.getUserByEmail(email);
    expect(account.displayName).toBe('Sam Walkin');
    // It has no way to sign in yet: its confirmation carries a link to choose a password.
    const states = await firebaseIdentity(PROJECT_ID).accountStates([account.uid, operator.uid]);
    expect([states.get(account.uid)?.signsIn, states.get(operator.uid)?.signsIn]).toEqual([false, true]);
    expect(await firebaseIdentity(PROJECT_ID).passwordSetupLink(email)).toContain('mode=resetPassword');
    expect(booked.body).toMatchObject({ payerName: 'Sam Walkin', payerEmail: email, paidBy: 'check' });
    expect(booked.body.members).toEqual([expect.objectContaining({ uid: account.uid, survey: 'missing', waiver: 'missing' })]);
    expect(await confirmationsOf(booked.body.id)).toEqual([{ recipient_uid: account.uid }]);
    expect((await recordsOf(booked.body.id))[0]?.after).toMatchObject({ customer: email, newAccount: true, paidBy: 'check' });
  });

  it('books a complimentary place at no charge, and a day tour for the activity chosen', async () => {
    const customer = await readyUser(h);
    const classDate = await freeDate(h, CLASSES);
    const free = await book(request(classDate, customer.email, { paidBy: 'complimentary', partySize: 1 }));
    expect(free.body).toMatchObject({ paidBy: 'complimentary', amount: 0 });

    const tour = await freeDate(h, TOURS);
    const overview = await h.json<OpsDateOverview>('GET', `/ops/dates/${tour.id}`, { token: operator.token });
    expect(overview.body.prices.length).toBeGreaterThan(1);
    const unchosen = await book(request(tour, customer.email));
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.error).toBe('Choose the activity for this date.');
    const chosen = overview.body.prices[1];
    const toured = await book(request(tour, customer.email, { priceId: chosen?.id }));
    expect(toured.status, JSON.stringify(toured.body)).toBe(201);
    expect(toured.body.amount).toBe((chosen?.unitAmount ?? 0) * 2);
    // A day tour is private: once booked, nobody else can have it.
    const second = await book(request(tour, customer.email, { priceId: chosen?.id }));
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('This date has no seats left.');
  });

  it('holds the seats of a customer paying by card, which the operator pays in the card form, and it is booked as usual', async () => {
    const date = await freeDate(h, CLASSES);
    const customer = await readyUser(h, 'Card Caller');
    const body = request(date, customer.email, { paidBy: 'card' });
    const held = await h.json<OpsCardHold & { error?: string }>('POST', '/ops/bookings', { token: operator.token, body });
    expect(held.status, JSON.stringify(held.body)).toBe(202);
    const unit = await unitAmountOf(date.stripeId ?? '');
    expect(held.body).toMatchObject({ amount: unit * 2, currency: 'usd', provider: 'local' });
    expect((await h.json<OpsCardHold>('POST', '/ops/bookings', { token: operator.token, body })).body.clientSecret).toBe(
      held.body.clientSecret,
    );
    expect((await h.json<OpsDateOverview>('GET', `/ops/dates/${date.id}`, { token: operator.token })).body).toMatchObject({ held: 2 });

    const pay = (token: string) =>
      h.json<{ status?: string; error?: string }>('POST', '/payments/local/confirm', {
        token,
        body: { clientSecret: held.body.clientSecret, ...PAYING_CARD },
      });
    const someoneElse = await readyUser(h);
    expect((await pay(someoneElse.token)).status).toBe(403);
    const paid = await pay(operator.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const booking = await h.json<Answer>('GET', `/ops/bookings/${held.body.bookingId}`, { token: operator.token });
    expect(booking.body).toMatchObject({ status: 'paid', paidBy: 'card', amount: unit * 2, payerEmail: customer.email });
    expect(await confirmationsOf(held.body.bookingId)).toEqual([{ recipient_uid: customer.uid }]);
    expect((await recordsOf(held.body.bookingId))[0]?.after).toMatchObject({ paidBy: 'card', status: 'held until paid' });
    const again = await h.json<{ error: string }>('POST', '/ops/bookings', { token: operator.token, body });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This booking is already paid.');
  });

  it('never answers the customer’s own checkout with the hold the office made for their card', async () => {
    const date = await freeDate(h, CLASSES);
    const customer = await readyUser(h, 'Card Caller');
    const held = await h.json<OpsCardHold>('POST', '/ops/bookings', {
      token: operator.token,
      body: request(date, customer.email, { paidBy: 'card', partySize: 1 }),
    });
    expect(held.status).toBe(202);
    // The same date, activity and party size, from the customer's own checkout.
    const own = await holdDate(h, customer, date, CLASSES, date.stripeId ?? '', 1);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.bookingId).not.toBe(held.body.bookingId);
    expect(own.body.clientSecret).not.toBe(held.body.clientSecret);
  });

  it('races a customer holding the last seat, and exactly one of them gets it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const date = await freeDate(h, CLASSES);
      await h.db.query(`update calendar_dates set capacity = 1 where id = $1`, [date.id]);
      h.cache.clear();
      const [rider, caller] = [await readyUser(h, 'Web Rider'), await readyUser(h, 'Phone Caller')];
      const [booked, held] = await Promise.all([
        book(request(date, caller.email, { partySize: 1 })),
        holdDate(h, rider, date, CLASSES, date.stripeId ?? '', 1),
      ]);
      // Exactly one wins: the operator books the seat (201), or the customer holds it (200); the other is refused.
      expect([booked.status, held.status]).toContainEqual(409);
      expect(booked.status === 201 || held.status === 200).toBe(true);
      const [taken] = await h.db.query<{ n: number }>(
        `select coalesce(sum(party_size), 0)::int as n from bookings where date_id = $1 and (status = 'paid' or (status = 'held' and hold_expires_at > now()))`,
        [date.id],
      );
      expect(taken?.n).toBe(1);
    }
  });

  it('refuses what it cannot book, with what is wrong, and books nothing', async () => {
    const date = await freeDate(h, CLASSES);
    const customer = await readyUser(h);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ reason: '' }, 400, 'Give a reason (up to 500 characters).'],
      [{ email: 'not an address' }, 400, 'Invalid email format'],
      [
        { name: 'Sam\u0000' },
        400,
        'The field name contains a character that is not allowed: a control character or a broken Unicode character.',
      ],
      [{ name: 'S'.repeat(101) }, 400, 'The name can be at most 100 characters.'],
      [{ partySize: 0 }, 400, 'Please specify a valid party size.'],
      [{ partySize: 5 }, 400, 'Please specify a valid party size.'],
      [{ paidBy: 'paypal' }, 400, 'Choose how the booking was paid.'],
      [{ requestId: 'x' }, 400, 'The request needs its id.'],
      [{ dateId: 'no-such-date' }, 404, 'Date not found'],
      [{ partySize: 4, dateId: date.id }, 201, ''],
    ];
    await h.db.query(`update calendar_dates set capacity = 5 where id = $1`, [date.id]);
    for (const [change, status, error] of cases) {
      const answer = await book(request(date, customer.email, change));
      expect(answer.status, JSON.stringify(change)).toBe(status);
      if (error) expect(answer.body.error).toBe(error);
    }
    const full = await book(request(date, customer.email));
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('This date has only 1 seat left.');
    expect(await h.db.query(`select 1 from bookings where date_id = $1`, [date.id])).toHaveLength(1);

    await h.db.query(`update calendar_dates set starts_at = now() - interval '1 hour' where id = $1`, [date.id]);
    const started = await book(request(date, customer.email, { partySize: 1 }));
    expect(started.status).toBe(409);
    expect(started.body.error).toBe('This date is not open for booking: it has started, or it was withdrawn or called off.');
  });

  it('leaves neither the booking nor its record when writing the record fails', async () => {
    const date = await freeDate(h, CLASSES);
    const customer = await newUser();
    await h.db.exec(`create function refuse_test_booking() returns trigger language plpgsql as $$ begin
      if new.reason = 'Record refused' then raise exception 'record refused'; end if; return new; end $$`);
    await h.db.exec(
      `create trigger refuse_test_booking before insert on operator_actions for each row execute function refuse_test_booking()`,
    );
    try {
      expect((await book(request(date, customer.email, { reason: 'Record refused' }))).status).toBe(500);
    } finally {
      await h.db.exec(`drop trigger refuse_test_booking on operator_actions`);
    }
    expect(await h.db.query(`select 1 from bookings where date_id = $1`, [date.id])).toEqual([]);
    expect(await h.db.query(`select 1 from mail_outbox m join bookings b on b.id = m.booking_id where b.date_id = $1`, [date.id])).toEqual(
      [],
    );
  });
});

describe("a booking request's id", () => {
  const bookingsOfRequest = (requestId: string) =>
    h.db.query<{ id: string; user_id: string; date_id: string; status: string }>(
      `select id, user_id, date_id, status from bookings where office_request = $1`,
      [requestId],
    );
  const accountExists = (email: string) =>
    admin.getUserByEmail(email).then(
      () => true,
      () => false,
    );

  it('refuses the same id with another customer, date, party size, activity or payment, changing nothing; the same request still answers', async () => {
    const date = await freeDate(h, CLASSES);
    const other = await freeDate(h, CLASSES, (entry) => entry.id !== date.id);
    const customer = await readyUser(h);
    const body = request(date, customer.email);
    const booked = await book(body);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const stranger = `someone-else-${randomUUID()}@example.com`;
    const [otherPrice] = await h.db.query<{ id: string }>(`select id from prices where id <> $1 and active limit 1`, [date.stripeId]);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: stranger, name: 'Someone Else' }, 'customer'],
      [{ dateId: other.id }, 'date'],
      [{ partySize: 3 }, 'party size'],
      [{ priceId: otherPrice?.id }, 'activity'],
      [{ paidBy: 'check' }, 'payment'],
      [{ paidBy: 'card' }, 'payment'],
      [{ email: stranger, partySize: 1 }, 'customer and party size'],
    ];
    for (const [change, what] of cases) {
      const refused = await book({ ...body, ...change });
      expect(refused.status, JSON.stringify(change)).toBe(409);
      expect(refused.body.error).toBe(`This request was already sent with a different ${what}. Start a new booking to book this one.`);
    }
    // Nothing was booked or held, no account was made for the other address, and nothing more was recorded.
    expect(await bookingsOfRequest(body.requestId)).toEqual([expect.objectContaining({ id: booked.body.id, user_id: customer.uid })]);
    expect(await h.db.query(`select 1 from bookings where date_id = $1`, [other.id])).toEqual([]);
    expect(await accountExists(stranger)).toBe(false);
    expect(await recordsOf(booked.body.id)).toHaveLength(1);
    // The request itself, sent again (the reason and the name are not what is booked), answers with its booking.
    const again = await book({ ...body, reason: 'Called the office again', name: 'Anyone' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(booked.body.id);
  });

  it("refuses a card hold's id for another customer rather than answering with the first customer's hold", async () => {
    const date = await freeDate(h, CLASSES);
    const [first, second] = [await readyUser(h, 'First Caller'), await readyUser(h, 'Second Caller')];
    const body = request(date, first.email, { paidBy: 'card', partySize: 1 });
    const held = await h.json<OpsCardHold & { error?: string }>('POST', '/ops/bookings', { token: operator.token, body });
    expect(held.status, JSON.stringify(held.body)).toBe(202);

    // Back to the booking, another customer's e-mail, the same id: refused, whether by card or in cash.
    for (const paidBy of ['card', 'cash']) {
      const refused = await book({ ...body, email: second.email, paidBy });
      expect(refused.status, paidBy).toBe(409);
      expect(refused.body.error).toMatch(/^This request was already sent with a different customer/);
    }
    expect(await bookingsOfRequest(body.requestId)).toEqual([
      expect.objectContaining({ id: held.body.bookingId, user_id: first.uid, status: 'held' }),
    ]);
    // The same request again is the same hold, and paying it books the first customer.
    const again = await h.json<OpsCardHold>('POST', '/ops/bookings', { token: operator.token, body });
    expect(again.body.clientSecret).toBe(held.body.clientSecret);
    const paid = await h.json('POST', '/payments/local/confirm', {
      token: operator.token,
      body: { clientSecret: held.body.clientSecret, ...PAYING_CARD },
    });
    expect(paid.status).toBe(200);
    expect(await bookingsOfRequest(body.requestId)).toEqual([expect.objectContaining({ user_id: first.uid, status: 'paid' })]);
  });

  it('books once when the same id is sent at once for two dates: one is booked, the other refused', async () => {
    const date = await freeDate(h, CLASSES);
    const other = await freeDate(h, CLASSES, (entry) => entry.id !== date.id);
    const customer = await readyUser(h);
    const body = request(date, customer.email, { partySize: 1 });
    // Each booking's insert takes a moment, so that on a server both requests are past their checks at once.
    await h.db.exec(`create function slow_test_booking() returns trigger language plpgsql as $$ begin
      if new.office_request = '${body.requestId}' then perform pg_sleep(0.3); end if; return new; end $$`);
    await h.db.exec(`create trigger slow_test_booking before insert on bookings for each row execute function slow_test_booking()`);
    const answers = await Promise.all([book(body), book({ ...body, dateId: other.id })]).finally(() =>
      h.db.exec(`drop trigger slow_test_booking on bookings`),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error).toBe(
      'This request was already sent with a different date. Start a new booking to book this one.',
    );
    const rows = await bookingsOfRequest(body.requestId);
    expect(rows).toHaveLength(1);
    expect(await h.db.query(`select 1 from bookings where date_id in ($1, $2)`, [date.id, other.id])).toHaveLength(1);
    expect(await recordsOf(rows[0]?.id ?? '')).toHaveLength(1);
  });
});

describe('money paid in cash', () => {
  it('comes back by hand when the booking is cancelled with a refund: flagged for the office, nothing sent to the provider', async () => {
    const date = await freeDate(h, CLASSES);
    const customer = await readyUser(h);
    const booked = await book(request(date, customer.email, { partySize: 1 }));
    const cancelled = await h.json<Answer>('POST', `/ops/bookings/${booked.body.id}/cancel`, {
      token: operator.token,
      body: { reason: 'Sick', refund: 5000 },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refundAmount: 5000 });
    expect(cancelled.body.openFlags).toEqual(['Give back $50 by hand: cancelled by the company.']);
    expect(await h.db.query(`select 1 from payment_outbox where booking_id = $1`, [booked.body.id])).toEqual([]);
  });

  it("comes back by hand when the customer cancels it themselves: the policy's refund is flagged for the office", async () => {
    const date = await freeDate(h, CLASSES);
    const customer = await provedUser();
    const booked = await book(request(date, customer.email, { partySize: 1 }));
    const quote = await h.json<{ quoteId: string; refund: number; paidBy: string }>('GET', `/bookings/${booked.body.id}/cancellation`, {
      token: customer.token,
    });
    expect(quote.body.refund).toBeGreaterThan(0);
    // My Bookings says the office gives it back, not the card.
    expect(quote.body.paidBy).toBe('cash');
    const cancelled = await h.json('POST', `/bookings/${booked.body.id}/cancellation`, {
      token: customer.token,
      body: { quoteId: quote.body.quoteId },
    });
    expect(cancelled.status).toBe(200);
    const shown = await h.json<Answer>('GET', `/ops/bookings/${booked.body.id}`, { token: operator.token });
    expect(shown.body.openFlags).toEqual([`Give back ${formatDollars(quote.body.refund)} by hand: cancelled by the customer.`]);
    expect(await h.db.query(`select 1 from payment_outbox where booking_id = $1`, [booked.body.id])).toEqual([]);
  });
});

describe('moving a booking for a customer', () => {
  const move = (bookingId: string, body: Record<string, unknown>) =>
    h.json<Answer>('POST', `/ops/bookings/${bookingId}/move`, { token: operator.token, body });

  it('moves it to a date of the same class with seats, the change fee taken in cash, tells the party, and records it once', async () => {
    const from = await freeDate(h, CLASSES);
    const to = await freeDate(h, CLASSES, (entry) => entry.stripeId === from.stripeId && entry.id !== from.id);
    const customer = await readyUser(h);
    const booked = await book(request(from, customer.email));
    const targets = await h.json<{ dates: { id: string; seatsLeft: number }[]; moveFee: number }>(
      'GET',
      `/ops/bookings/${booked.body.id}/move-targets`,
      { token: operator.token },
    );
    expect(targets.body.moveFee).toBe(5000);
    expect(targets.body.dates.map((date) => date.id)).toContain(to.id);
    expect(targets.body.dates.map((date) => date.id)).not.toContain(from.id);

    const body = { toDateId: to.id, fee: 'cash', reason: 'Asked by phone to go a week later' };
    const moved = await move(booked.body.id, body);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.dateId).toBe(to.id);
    // The history and the payments say it in words: from when to when, and the fee taken in cash.
    const when = (entry: CalendarEntry) => formatDenverDateTime(new Date(entry.date._seconds * 1000));
    expect(moved.body.history.map((line) => line.text)).toContain(
      `Moved from ${when(from)} to ${when(to)}, the $50 change fee taken in cash`,
    );
    expect(moved.body.payments).toContainEqual(
      expect.objectContaining({ kind: 'fee', amount: 5000, status: 'paid', reason: 'taken in cash' }),
    );
    expect(await move(booked.body.id, body)).toMatchObject({ status: 200 });
    const moves = await h.db.query<{ to_date: string; fee: number }>(`select to_date, fee from booking_moves where booking_id = $1`, [
      booked.body.id,
    ]);
    expect(moves).toEqual([{ to_date: to.id, fee: 5000 }]);
    expect((await recordsOf(booked.body.id)).filter((record) => record.action === 'move booking')).toEqual([
      { action: 'move booking', reason: body.reason, after: { dateId: to.id, fee: 5000, feePaid: 'cash' } },
    ]);
    expect(await h.db.query(`select 1 from mail_outbox where booking_id = $1 and kind = 'booking-moved'`, [booked.body.id])).toHaveLength(
      1,
    );
  });

  it("lists each move once in the booking's history: an operator's from the record of actions, the payer's from the move", async () => {
    const first = await freeDate(h, CLASSES);
    const second = await freeDate(h, CLASSES, (entry) => entry.stripeId === first.stripeId && entry.id !== first.id);
    const customer = await provedUser();
    const booked = await book(request(first, customer.email, { partySize: 1 }));
    const reason = 'Asked by phone';
    expect((await move(booked.body.id, { toDateId: second.id, fee: 'waived', reason })).status).toBe(200);
    expect((await move(booked.body.id, { toDateId: first.id, fee: 'waived', reason })).status).toBe(200);
    // Seconds later the first date is called off, and the payer moves to the second date themselves.
    const calledOff = await h.json('POST', `/ops/dates/${first.id}/call-off`, { token: operator.token, body: { reason: 'Wind slab' } });
    expect(calledOff.status).toBe(200);
    const chosen = await h.json('POST', `/bookings/${booked.body.id}/call-off`, {
      token: customer.token,
      body: { choice: 'move', dateId: second.id },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);

    const shown = await h.json<Answer>('GET', `/ops/bookings/${booked.body.id}`, { token: operator.token });
    const moves = shown.body.history.filter((line) => line.text.startsWith('Moved from'));
    expect(moves.map((line) => [line.by === null ? 'payer' : 'operator', line.reason])).toEqual([
      ['operator', reason],
      ['operator', reason],
      ['payer', 'date called off: Wind slab'],
    ]);
  });

  it('moves it with the fee waived, and refuses a full date, another class and a request it cannot read', async () => {
    const from = await freeDate(h, CLASSES);
    const same = (entry: CalendarEntry) => entry.stripeId === from.stripeId && entry.id !== from.id;
    const full = await freeDate(h, CLASSES, same);
    await h.db.query(`update calendar_dates set capacity = 1 where id = $1`, [full.id]);
    const other = await freeDate(h, CLASSES, (entry) => entry.stripeId !== from.stripeId);
    const customer = await readyUser(h);
    const booked = await book(request(from, customer.email));
    const cases: [Record<string, unknown>, number, string][] = [
      [{ toDateId: full.id, fee: 'waived', reason: 'Weather' }, 409, 'That date no longer has seats for your whole party.'],
      [{ toDateId: other.id, fee: 'waived', reason: 'Weather' }, 409, 'That date cannot be chosen for this booking.'],
      [{ toDateId: full.id, fee: 'card', reason: 'Weather' }, 400, 'Choose whether the change fee is waived or was paid.'],
      [{ toDateId: full.id, fee: 'waived', reason: ' ' }, 400, 'Give a reason (up to 500 characters).'],
    ];
    for (const [body, status, error] of cases) {
      const refused = await move(booked.body.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(refused.body.error).toBe(error);
    }
    const to = await freeDate(h, CLASSES, (entry) => same(entry) && entry.id !== full.id);
    const moved = await move(booked.body.id, { toDateId: to.id, fee: 'waived', reason: 'Guide sick that day' });
    expect(moved.body.dateId).toBe(to.id);
    const [row] = await h.db.query<{ fee: number }>(`select fee from booking_moves where booking_id = $1`, [booked.body.id]);
    expect(row?.fee).toBe(0);
  });
});
