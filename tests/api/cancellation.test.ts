/**
 * A customer cancels by the policy: the quote first, then a confirmation naming it. Only the payer
 * cancels, a member can only leave; a stale quote is refused with the new one; a replay or two
 * confirmations at once refund once; a refund the provider refuses is retried and listed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { quoteCancellation, type CancellationQuote } from '../../api/bookings/cancellation.ts';
import { listFlags, listOutbox } from '../../api/bookings/money-owed.ts';
import { formatReport } from '../../api/cli/outbox-report.ts';
import { runDueActions } from '../../api/payment-outbox/worker.ts';
import { localProvider } from '../../api/payments/local.ts';
import type { PaymentProvider } from '../../api/payments/provider.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { CURRENT_POLICY } from '../../shared/rules/cancellation-policy.ts';
import { denverDay } from '../../shared/rules/dates.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import { freeDate, harness, inviteCodeOf, newUser, payForDate, readyUser, type Harness, type TestUser } from './harness.ts';

const CALENDAR = 'winter-day-tours';
const PRICE = 'price_tour_ski';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});

interface Booked {
  payer: TestUser;
  date: CalendarEntry;
  bookingId: string;
  amount: number;
}

/** A paid booking for a party of `partySize` on a free day tour (the seeded season is months ahead: 30 days' notice or more). */
async function paidBooking(app: Harness = h, partySize = 2): Promise<Booked> {
  const payer = await readyUser(app, 'Avery Lund');
  const date = await freeDate(app, CALENDAR);
  const paid = await payForDate(app, payer, date, CALENDAR, PRICE, partySize);
  expect(paid.status).toBe(200);
  const [row] = await app.db.query<{ id: string; amount: number }>(
    `select id, amount from bookings where date_id = $1 and status = 'paid'`,
    [date.id],
  );
  if (!row) throw new Error('no paid booking');
  return { payer, date, bookingId: row.id, amount: row.amount };
}

async function joinParty(app: Harness, booked: Booked): Promise<TestUser> {
  const friend = await readyUser(app, 'Sam Ortiz');
  const inviteCode = await inviteCodeOf(app, booked.payer, CALENDAR, booked.date.id);
  const joined = await app.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode } });
  expect(joined.status).toBe(200);
  return friend;
}

const quote = (user: TestUser | null, bookingId: string, app = h) =>
  app.json<CancellationQuote & { error?: string }>('GET', `/bookings/${bookingId}/cancellation`, user ? { token: user.token } : {});
const confirm = (user: TestUser, bookingId: string, quoteId: string, app = h) =>
  app.json<{ status?: string; refund?: number; error?: string; quote?: CancellationQuote }>('POST', `/bookings/${bookingId}/cancellation`, {
    token: user.token,
    body: { quoteId },
  });

async function seatsTaken(app: Harness, dateId: string): Promise<number> {
  const { body } = await app.json<CalendarEntry[]>('GET', `/calendar/${CALENDAR}`);
  return body.find((entry) => entry.id === dateId)?.users.length ?? -1;
}

const refundsOf = (app: Harness, bookingId: string) =>
  app.db.query<{ amount: number | null; purpose: string; status: string; attempts: number }>(
    `select amount, purpose, status, attempts from payment_outbox where booking_id = $1 and kind = 'refund'`,
    [bookingId],
  );

describe('the quote', () => {
  it('says what comes back by the policy the booking was paid under, and until when it holds', async () => {
    const booked = await paidBooking();
    const [stored] = await h.db.query<{ policy_version: string }>('select policy_version from bookings where id = $1', [booked.bookingId]);
    expect(stored?.policy_version).toBe(CURRENT_POLICY.version);
    const answer = await quote(booked.payer, booked.bookingId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      bookingId: booked.bookingId,
      policyVersion: CURRENT_POLICY.version,
      paid: booked.amount,
      refund: booked.amount - CURRENT_POLICY.cancellationFee,
      currency: 'usd',
      quoteDay: denverDay(Date.now()),
      paidBy: 'card',
    });
    expect(answer.body.noticeDays).toBeGreaterThanOrEqual(30);
    expect(answer.body.quoteId).toMatch(/^cq_/);
    expect(Date.parse(answer.body.goodUntil)).toBeGreaterThan(Date.now());
    // Asked again the same day: the same quote.
    expect((await quote(booked.payer, booked.bookingId)).body.quoteId).toBe(answer.body.quoteId);
  });
});

describe('who may do what', () => {
  it('only the payer cancels; a member can only leave; anyone else is refused; signed out is 401; an unknown booking is 404', async () => {
    const booked = await paidBooking();
    const friend = await joinParty(h, booked);
    const stranger = await readyUser(h, 'Kit Stranger');
    const { body: payerQuote } = await quote(booked.payer, booked.bookingId);

    for (const someone of [friend, stranger]) {
      expect(await quote(someone, booked.bookingId)).toMatchObject({
        status: 403,
        body: { error: 'Only the person who paid for this booking can cancel it.' },
      });
      expect((await confirm(someone, booked.bookingId, payerQuote.quoteId)).status).toBe(403);
    }
    expect((await quote(null, booked.bookingId)).status).toBe(401);
    expect(await quote(booked.payer, 'bk_no_such_booking')).toMatchObject({ status: 404, body: { error: 'Booking not found' } });
    expect((await h.json('POST', `/bookings/${booked.bookingId}/leave`, { token: stranger.token })).status).toBe(403);
    expect(await h.json('POST', `/bookings/${booked.bookingId}/leave`, { token: booked.payer.token })).toMatchObject({
      status: 409,
      body: { error: 'You paid for this booking: cancel it instead of leaving.' },
    });
    const [row] = await h.db.query<{ status: string }>('select status from bookings where id = $1', [booked.bookingId]);
    expect(row?.status).toBe('paid');
  });

  it('a member who leaves frees their spot in the party, moves no money, and leaving twice answers the same', async () => {
    const booked = await paidBooking();
    const friend = await joinParty(h, booked);
    const before = await h.json<{ openSpots: number }>('GET', `/parties/${booked.date.id}`, { token: booked.payer.token });
    expect(before.body.openSpots).toBe(0);
    const left = await h.json('POST', `/bookings/${booked.bookingId}/leave`, { token: friend.token });
    expect(left).toMatchObject({ status: 200, body: { bookingId: booked.bookingId, left: true } });
    expect(await h.json('POST', `/bookings/${booked.bookingId}/leave`, { token: friend.token })).toMatchObject({
      status: 200,
      body: { left: false },
    });
    const after = await h.json<{ openSpots: number; members: unknown[] }>('GET', `/parties/${booked.date.id}`, {
      token: booked.payer.token,
    });
    expect(after.body).toMatchObject({ openSpots: 1 });
    expect(after.body.members).toHaveLength(1);
    expect((await h.json('GET', `/parties/${booked.date.id}`, { token: friend.token })).status).toBe(403);
    expect(await refundsOf(h, booked.bookingId)).toEqual([]);
    // The invite link works again for the open spot.
    const again = await h.json('POST', '/calendar/invite', {
      token: (await readyUser(h)).token,
      body: { inviteCode: await inviteCodeOf(h, booked.payer, CALENDAR, booked.date.id) },
    });
    expect(again.status).toBe(200);
  });
});

describe('cancelling', () => {
  it('frees the seats at once, refunds the quoted amount through the outbox, and tells the party', async () => {
    const booked = await paidBooking();
    const friend = await joinParty(h, booked);
    expect(await seatsTaken(h, booked.date.id)).toBe(2);
    const { body: offered } = await quote(booked.payer, booked.bookingId);
    const done = await confirm(booked.payer, booked.bookingId, offered.quoteId);
    expect(done).toEqual({
      status: 200,
      body: { status: 'cancelled', bookingId: booked.bookingId, dateId: booked.date.id, refund: offered.refund, currency: 'usd' },
    });
    expect(await seatsTaken(h, booked.date.id)).toBe(0);
    expect(await refundsOf(h, booked.bookingId)).toEqual([
      { amount: offered.refund, purpose: 'cancellation', status: 'done', attempts: 1 },
    ]);
    const mail = await h.db.query<{ recipient_uid: string; facts: { refundAmount: number } }>(
      `select recipient_uid, facts from mail_outbox where booking_id = $1 and kind = 'booking-cancelled' order by recipient_uid`,
      [booked.bookingId],
    );
    expect(mail.map((row) => row.recipient_uid).sort()).toEqual([booked.payer.uid, friend.uid].sort());
    expect(mail[0]?.facts.refundAmount).toBe(offered.refund);
    expect((await h.json('GET', `/parties/${booked.date.id}`, { token: friend.token })).status).toBe(403);
    // Cancelled is cancelled: no new quote.
    expect(await quote(booked.payer, booked.bookingId)).toMatchObject({
      status: 409,
      body: { error: 'This booking is already cancelled.' },
    });
  });

  it('the payer may keep the refund as credit: a gift card worth 10% more on their account, and nothing goes back', async () => {
    const booked = await paidBooking();
    const { body: offered } = await quote(booked.payer, booked.bookingId);
    const bonus = Math.round(offered.refund / 10);
    expect(offered.credit).toEqual({ amount: offered.refund + bonus, bonus, percent: 10 });
    const asCredit = () =>
      h.json<Record<string, unknown>>('POST', `/bookings/${booked.bookingId}/cancellation`, {
        token: booked.payer.token,
        body: { quoteId: offered.quoteId, asCredit: true },
      });
    const done = await asCredit();
    expect(done).toEqual({
      status: 200,
      body: {
        status: 'cancelled',
        bookingId: booked.bookingId,
        dateId: booked.date.id,
        refund: 0,
        credit: offered.refund + bonus,
        currency: 'usd',
      },
    });
    expect(await asCredit()).toEqual(done);
    expect(await refundsOf(h, booked.bookingId)).toEqual([]);
    const kept = await h.json<{ balance: number; bonus: number }[]>('GET', '/gift-cards/mine', { token: booked.payer.token });
    expect(kept.body).toEqual([expect.objectContaining({ balance: offered.refund + bonus, bonus })]);
    const [mail] = await h.db.query<{ facts: Record<string, unknown> }>(
      `select facts from mail_outbox where booking_id = $1 and kind = 'booking-cancelled' and recipient_uid = $2`,
      [booked.bookingId, booked.payer.uid],
    );
    expect(mail?.facts).toMatchObject({ refundAmount: 0, creditAmount: offered.refund + bonus });
  });

  it('a replay of the confirmation answers the same and refunds once', async () => {
    const booked = await paidBooking();
    const { body: offered } = await quote(booked.payer, booked.bookingId);
    const first = await confirm(booked.payer, booked.bookingId, offered.quoteId);
    const second = await confirm(booked.payer, booked.bookingId, offered.quoteId);
    expect(second).toEqual(first);
    expect(await refundsOf(h, booked.bookingId)).toHaveLength(1);
  });

  it('two confirmations at once refund once', async () => {
    const booked = await paidBooking();
    const { body: offered } = await quote(booked.payer, booked.bookingId);
    const answers = await Promise.all([1, 2, 3].map(() => confirm(booked.payer, booked.bookingId, offered.quoteId)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.refund))).toEqual(new Set([offered.refund]));
    expect(await refundsOf(h, booked.bookingId)).toHaveLength(1);
  });

  it('a quote from another day no longer holds: 409 with the new quote, and nothing changes', async () => {
    const booked = await paidBooking();
    const yesterday = new Date(Date.now() - 86_400_000);
    const old = await quoteCancellation(h.db, booked.payer.uid, booked.bookingId, yesterday);
    const refused = await confirm(booked.payer, booked.bookingId, old.quoteId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('The terms of this cancellation have changed. Please read the new quote.');
    const { body: current } = await quote(booked.payer, booked.bookingId);
    expect(refused.body.quote).toEqual(current);
    expect(current.quoteId).not.toBe(old.quoteId);
    const [row] = await h.db.query<{ status: string }>('select status from bookings where id = $1', [booked.bookingId]);
    expect(row?.status).toBe('paid');
    expect((await confirm(booked.payer, booked.bookingId, current.quoteId)).status).toBe(200);
  });

  it('a quote for the booking as it was before a change no longer holds', async () => {
    const booked = await paidBooking();
    const { body: before } = await quote(booked.payer, booked.bookingId);
    // An operator corrects the booking (it moves to another date of the same price) after the quote was read.
    const other = await freeDate(h, CALENDAR);
    await h.db.query('update bookings set date_id = $2, updated_at = now() where id = $1', [booked.bookingId, other.id]);
    const refused = await confirm(booked.payer, booked.bookingId, before.quoteId);
    expect(refused.status).toBe(409);
    expect(refused.body.quote?.quoteId).not.toBe(before.quoteId);
  });

  it('refuses a quote id that is not one: 400, with nothing changed', async () => {
    const booked = await paidBooking();
    for (const body of [{}, { quoteId: '' }, { quoteId: 'cq_\u0000' }, { quoteId: 'x', extra: 1 }]) {
      const answer = await h.json('POST', `/bookings/${booked.bookingId}/cancellation`, { token: booked.payer.token, body });
      expect(answer.status).toBe(400);
    }
    const [row] = await h.db.query<{ status: string }>('select status from bookings where id = $1', [booked.bookingId]);
    expect(row?.status).toBe('paid');
  });
});

describe('a refund the provider refuses', () => {
  it('stays owed, is retried with the same key, and is listed for an operator meanwhile', async () => {
    let refusals = 2;
    const keys: string[] = [];
    const local = localProvider();
    const refusing: PaymentProvider = {
      ...local,
      name: local.name,
      async refund(intentId, key, amount) {
        keys.push(`${key}:${amount}`);
        if (refusals > 0) {
          refusals -= 1;
          throw new Error('card_declined: the bank refused the refund');
        }
        return local.refund(intentId, key, amount);
      },
    };
    const app = await harness({ payments: refusing });
    const booked = await paidBooking(app, 1);
    const { body: offered } = await quote(booked.payer, booked.bookingId, app);
    expect((await confirm(booked.payer, booked.bookingId, offered.quoteId, app)).status).toBe(200);
    expect(await refundsOf(app, booked.bookingId)).toEqual([
      { amount: offered.refund, purpose: 'cancellation', status: 'pending', attempts: 1 },
    ]);
    const report = formatReport(await listOutbox(app.db), await listFlags(app.db));
    expect(report).toContain(`FAILING refund of ${formatDollars(offered.refund)}`);
    expect(report).toContain('cancelled by the customer');
    expect(report).toContain('card_declined: the bank refused the refund');

    // Due again: the worker retries until the provider takes it, always with the same key and amount.
    for (let round = 0; round < 2; round += 1) {
      await app.db.query(`update payment_outbox set next_attempt_at = now() where booking_id = $1`, [booked.bookingId]);
      await runDueActions(app.db, refusing);
    }
    expect(await refundsOf(app, booked.bookingId)).toEqual([
      { amount: offered.refund, purpose: 'cancellation', status: 'done', attempts: 3 },
    ]);
    expect(new Set(keys)).toEqual(new Set([`refund-${booked.bookingId}-cancellation:${offered.refund}`]));
    expect(keys).toHaveLength(3);
  });
});

describe('a booking with nothing left to refund', () => {
  it('cancels with no refund owed when the fee takes it all', async () => {
    const booked = await paidBooking(h, 1);
    await h.db.query('update bookings set amount = 4000 where id = $1', [booked.bookingId]);
    const { body: offered } = await quote(booked.payer, booked.bookingId);
    expect(offered.refund).toBe(0);
    expect((await confirm(booked.payer, booked.bookingId, offered.quoteId)).body).toMatchObject({ status: 'cancelled', refund: 0 });
    expect(await refundsOf(h, booked.bookingId)).toEqual([]);
  });
});

it('a newcomer with no booking gets 404 for any id', async () => {
  const someone = await newUser();
  expect((await quote(someone, 'bk_AAAAAAAAAAAAAAAA')).status).toBe(404);
});
