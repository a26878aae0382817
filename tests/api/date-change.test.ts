/**
 * A customer changes the date of their booking with 30 days' notice or more: the fee and the dates
 * that fit first; then the new seats are held while the fee is paid, and only a paid fee moves the
 * booking with its party and invite code. A declined card, a stale quote or a late fee whose seats
 * went to someone else leave the booking where it was. Gift cards pay the fee before the card, or all
 * of it with no card at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from './fake-stripe.ts';
import type { CalendarEntry, CancellationQuote, DateChangeOptions } from '../../shared/contract/answers.ts';
import { CURRENT_POLICY } from '../../shared/rules/cancellation-policy.ts';
import {
  freeDate,
  harness,
  intentBody,
  inviteCodeOf,
  PAYING_CARD,
  payForDate,
  readyUser,
  SITE_URL,
  type Harness,
  type TestUser,
} from './harness.ts';
import { harnessWithStripe, stripeSignature } from './stripe-harness.ts';
import { issueCard } from '../../api/gift-cards/cards.ts';
import { callOffDate } from '../../api/bookings/call-off.ts';
import { VOUCHER_NOT_FOR_FEES } from '../../shared/contract/gift-cards.ts';
import { composeMail, type QueuedMail } from '../../api/mail/compose.ts';

const TOURS = 'winter-day-tours';
const PRICE = 'price_tour_ski';
const DECLINED_CARD = { ...PAYING_CARD, cardNumber: '4000 0000 0000 0002' };

let h: Harness;
beforeAll(async () => {
  h = await harness();
});

async function paidTour(partySize = 2, startsInDays?: number): Promise<{ payer: TestUser; date: CalendarEntry; bookingId: string }> {
  const payer = await readyUser(h, 'Avery Lund');
  const date = await freeDate(h, TOURS);
  if (startsInDays !== undefined) {
    await h.db.query(`update calendar_dates set starts_at = now() + make_interval(days => $2) where id = $1`, [date.id, startsInDays]);
    h.cache.clear();
  }
  expect((await payForDate(h, payer, date, TOURS, PRICE, partySize)).status).toBe(200);
  const [row] = await h.db.query<{ id: string }>(`select id from bookings where date_id = $1 and status = 'paid'`, [date.id]);
  if (!row) throw new Error('not booked');
  return { payer, date, bookingId: row.id };
}

const options = (user: TestUser, bookingId: string) =>
  h.json<DateChangeOptions & { error?: string }>('GET', `/bookings/${bookingId}/date-change`, { token: user.token });
const start = (user: TestUser, bookingId: string, quoteId: string, dateId: string) =>
  h.json<{ clientSecret: string; bookingId: string; amount: number; error?: string; quote?: CancellationQuote }>(
    'POST',
    `/bookings/${bookingId}/date-change`,
    { token: user.token, body: { quoteId, dateId } },
  );
const pay = (user: TestUser, clientSecret: string, card = PAYING_CARD) =>
  h.json<{ status?: string; dateId?: string; error?: string }>('POST', '/payments/local/confirm', {
    token: user.token,
    body: { clientSecret, ...card },
  });

/** The first of the dates a booking may move to. */
function firstOffered(offered: DateChangeOptions) {
  const target = offered.dates[0];
  if (!target) throw new Error('no date to move to');
  return target;
}

/** A paid tour for a party of `partySize`, the change of date its payer is offered, and the first date offered. */
async function offeredMove(partySize: number) {
  const tour = await paidTour(partySize);
  const { body: offered } = await options(tour.payer, tour.bookingId);
  return { ...tour, offered, target: firstOffered(offered) };
}

const bookingRow = async (bookingId: string) =>
  (
    await h.db.query<{ date_id: string; status: string; invite_code: string }>(
      'select date_id, status, invite_code from bookings where id = $1',
      [bookingId],
    )
  )[0];

/** Seats taken on a date, as the public calendar counts them (paid and held). */
async function seatsOn(dateId: string): Promise<number> {
  h.cache.clear();
  const { body } = await h.json<CalendarEntry[]>('GET', `/calendar/${TOURS}`);
  return body.find((entry) => entry.id === dateId)?.users.length ?? -1;
}

describe('what changing the date costs', () => {
  it('with 30 days or more: the fee and the dates with seats for the party; only the payer is offered it', async () => {
    const { payer, date, bookingId } = await paidTour();
    const friend = await readyUser(h, 'Sam Ortiz');
    await h.json('POST', '/calendar/invite', { token: friend.token, body: { inviteCode: await inviteCodeOf(h, payer, TOURS, date.id) } });
    const offered = await options(payer, bookingId);
    expect(offered.status).toBe(200);
    expect(offered.body.quote).toMatchObject({ canMove: true, moveFee: CURRENT_POLICY.moveFee });
    expect(offered.body.dates.length).toBeGreaterThan(0);
    expect(offered.body.dates.every((candidate) => candidate.id !== date.id && candidate.seatsLeft >= 2)).toBe(true);
    expect((await options(friend, bookingId)).status).toBe(403);
    const parties = await Promise.all(
      [payer, friend].map((user) => h.json<{ canChangeDate: boolean }>('GET', `/parties/${date.id}`, { token: user.token })),
    );
    expect(parties.map((party) => party.body.canChangeDate)).toEqual([true, false]);
  });

  it('with less than 30 days: refused, with what the customer can still do', async () => {
    const { payer, bookingId, date } = await paidTour(1, 20);
    expect(await options(payer, bookingId)).toMatchObject({
      status: 409,
      body: { error: "The date can be changed only with 30 days' notice or more. You can still cancel the booking." },
    });
    expect((await h.json<{ canChangeDate: boolean }>('GET', `/parties/${date.id}`, { token: payer.token })).body.canChangeDate).toBe(false);
  });
});

describe('changing the date', () => {
  it('holds the new seats while the fee is paid, then moves the booking with its party and invite code', async () => {
    const { payer, date, bookingId } = await paidTour(2);
    const inviteCode = await inviteCodeOf(h, payer, TOURS, date.id);
    const { body: offered } = await options(payer, bookingId);
    const target = firstOffered(offered);
    const held = await start(payer, bookingId, offered.quote.quoteId, target.id);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.amount).toBe(CURRENT_POLICY.moveFee);
    // Held, not moved: the new date's seats are taken by the hold, the old ones still by the booking.
    expect(await seatsOn(target.id)).toBe(2);
    expect(await seatsOn(date.id)).toBe(2);
    expect((await bookingRow(bookingId))?.date_id).toBe(date.id);

    expect(await pay(payer, held.body.clientSecret)).toEqual({ status: 200, body: { status: 'succeeded', dateId: target.id } });
    expect(await bookingRow(bookingId)).toMatchObject({ date_id: target.id, status: 'paid', invite_code: inviteCode });
    expect(await seatsOn(target.id)).toBe(2);
    expect(await seatsOn(date.id)).toBe(0);
    expect(await inviteCodeOf(h, payer, TOURS, target.id)).toBe(inviteCode);
    const moves = await h.db.query<{ fee: number; reason: string }>('select fee, reason from booking_moves where booking_id = $1', [
      bookingId,
    ]);
    expect(moves).toEqual([{ fee: CURRENT_POLICY.moveFee, reason: 'date changed by the customer' }]);
    const [fee] = await h.db.query<{ status: string }>('select status from bookings where id = $1', [held.body.bookingId]);
    expect(fee?.status).toBe('applied');
    // The same payment confirmed again moves nothing more.
    expect((await pay(payer, held.body.clientSecret)).status).toBe(200);
    expect(await h.db.query('select 1 from booking_moves where booking_id = $1', [bookingId])).toHaveLength(1);
  });

  it('a declined fee card keeps everything as it was, and the customer may try another card', async () => {
    const { payer, date, bookingId, offered, target } = await offeredMove(1);
    const held = await start(payer, bookingId, offered.quote.quoteId, target.id);
    expect(await pay(payer, held.body.clientSecret, DECLINED_CARD)).toMatchObject({
      status: 402,
      body: { error: 'Your card was declined.' },
    });
    expect((await bookingRow(bookingId))?.date_id).toBe(date.id);
    expect(await pay(payer, held.body.clientSecret)).toMatchObject({ status: 200 });
    expect((await bookingRow(bookingId))?.date_id).toBe(target.id);
  });

  it('a quote from another day is refused with the new one, and holds nothing', async () => {
    const { payer, bookingId, offered, target } = await offeredMove(1);
    const refused = await start(payer, bookingId, 'cq_from_yesterday', target.id);
    expect(refused.status).toBe(409);
    expect(refused.body.quote?.quoteId).toBe(offered.quote.quoteId);
    expect(await seatsOn(target.id)).toBe(0);
  });

  it('refuses a date of another activity or its own date, and a date with no seats for the party', async () => {
    const { payer, date, bookingId } = await paidTour(1);
    const { body: offered } = await options(payer, bookingId);
    const classDate = await freeDate(h, 'winter-classes');
    for (const dateId of [classDate.id, date.id]) {
      expect(await start(payer, bookingId, offered.quote.quoteId, dateId)).toMatchObject({
        status: 409,
        body: { error: 'That date cannot be chosen for this booking.' },
      });
    }
    const taken = firstOffered(offered);
    const other = await readyUser(h);
    expect((await payForDate(h, other, { id: taken.id } as CalendarEntry, TOURS, PRICE, 1)).status).toBe(200);
    expect(await start(payer, bookingId, offered.quote.quoteId, taken.id)).toMatchObject({
      status: 409,
      body: { error: 'That date no longer has seats for your whole party.' },
    });
  });

  it('a fee paid after its hold lapsed and its seats went to someone else is refunded; the booking stays', async () => {
    const { payer, date, bookingId, offered, target } = await offeredMove(1);
    const held = await start(payer, bookingId, offered.quote.quoteId, target.id);
    await h.db.query(`update bookings set hold_expires_at = now() - interval '1 second' where id = $1`, [held.body.bookingId]);
    const other = await readyUser(h);
    expect((await payForDate(h, other, { id: target.id } as CalendarEntry, TOURS, PRICE, 1)).status).toBe(200);
    const late = await pay(payer, held.body.clientSecret);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Your hold on these spots ran out and they were booked by someone else. You have not been charged.');
    expect((await bookingRow(bookingId))?.date_id).toBe(date.id);
    const refunds = await h.db.query<{ reason: string }>(`select reason from payment_outbox where booking_id = $1 and kind = 'refund'`, [
      held.body.bookingId,
    ]);
    expect(refunds).toEqual([{ reason: 'seats taken after the hold lapsed' }]);
  });
});

describe('paying the fee with gift cards', () => {
  const FEE = CURRENT_POLICY.moveFee;
  const issue = async (kind: 'amount' | 'voucher', value: number) => {
    const card = await h.db.transaction((tx) =>
      issueCard(
        tx,
        { kind, value, origin: 'issue', recipientName: 'Avery Lund', delivery: 'print', ...(kind === 'voucher' ? { priceId: PRICE } : {}) },
        'operator:test-office',
        'a make-good',
      ),
    );
    return card.code;
  };
  const balance = async (code: string) =>
    (await h.json<{ balance: number }>('POST', '/gift-cards/balance', { body: { code } })).body.balance;
  const startWith = (user: TestUser, bookingId: string, quoteId: string, dateId: string, giftCodes: string[]) =>
    h.json<{
      clientSecret: string | null;
      bookingId: string;
      amount: number;
      total: number;
      giftCards: { code: string; amount: number }[];
      error?: string;
    }>('POST', `/bookings/${bookingId}/date-change`, { token: user.token, body: { quoteId, dateId, giftCodes } });
  /** The change fee's line in the payer's message of the move. */
  const feeLine = async (payer: TestUser, bookingId: string) => {
    const [mail] = await h.db.query<QueuedMail & Record<string, unknown>>(
      `select id, kind, recipient_uid, booking_id, facts from mail_outbox where kind = 'booking-moved' and booking_id = $1 and recipient_uid = $2`,
      [bookingId, payer.uid],
    );
    const composed = await composeMail(h.db, mail as QueuedMail, { siteUrl: SITE_URL, waiverVersion: '' });
    if (!('send' in composed)) throw new Error(`not sent: ${composed.skip}`);
    return /Change fee: [^\n]*/.exec(composed.send.text)?.[0];
  };
  const feePaidBy = async (bookingId: string) =>
    (await h.db.query<{ fee_paid_by: string }>('select fee_paid_by from booking_moves where booking_id = $1', [bookingId])).map(
      (move) => move.fee_paid_by,
    );

  it('a gift card pays part of the fee and the card the rest; the move spends what the card held', async () => {
    const { payer, bookingId, offered, target } = await offeredMove(1);
    const code = await issue('amount', 2000);
    const held = await startWith(payer, bookingId, offered.quote.quoteId, target.id, [code.toLowerCase().replaceAll('-', ' ')]);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body).toMatchObject({ amount: FEE - 2000, total: FEE, giftCards: [{ code, amount: 2000 }] });
    expect(await balance(code)).toBe(0);

    expect(await pay(payer, held.body.clientSecret ?? '')).toEqual({ status: 200, body: { status: 'succeeded', dateId: target.id } });
    expect((await bookingRow(bookingId))?.date_id).toBe(target.id);
    expect(await feePaidBy(bookingId)).toEqual(['card']);
    expect(await feeLine(payer, bookingId)).toBe('Change fee: $50 paid by gift card and card');
    const ledger = await h.db.query<{ kind: string; amount: number }>(
      `select kind, amount from gift_card_ledger where booking_id = $1 order by kind`,
      [held.body.bookingId],
    );
    expect(ledger).toEqual([
      { kind: 'hold', amount: -2000 },
      { kind: 'release', amount: 2000 },
      { kind: 'spend', amount: -2000 },
    ]);
    expect(await balance(code)).toBe(0);
  });

  it('gift cards that pay all of it ask for no card: the booking moves at once, once', async () => {
    const { payer, bookingId, offered, target } = await offeredMove(2);
    const code = await issue('amount', 8000);
    const held = await startWith(payer, bookingId, offered.quote.quoteId, target.id, [code]);
    expect(held.body).toMatchObject({ clientSecret: null, amount: 0, total: FEE, giftCards: [{ code, amount: FEE }] });
    expect((await bookingRow(bookingId))?.date_id).not.toBe(target.id);

    const paidNow = () => h.json('POST', `/bookings/${held.body.bookingId}/gift-card-payment`, { token: payer.token });
    expect(await paidNow()).toEqual({ status: 200, body: { status: 'succeeded', dateId: target.id } });
    expect((await bookingRow(bookingId))?.date_id).toBe(target.id);
    expect(await seatsOn(target.id)).toBe(2);
    expect(await feePaidBy(bookingId)).toEqual(['gift card']);
    expect(await feeLine(payer, bookingId)).toBe('Change fee: $50 paid by gift card');
    expect(await balance(code)).toBe(8000 - FEE);
    // The same call again changes nothing.
    expect(await paidNow()).toEqual({ status: 200, body: { status: 'succeeded', dateId: target.id } });
    expect(await feePaidBy(bookingId)).toEqual(['gift card']);
    expect(await balance(code)).toBe(8000 - FEE);
  });

  it('keeping the date gives the gift card its part back', async () => {
    const { payer, date, bookingId, offered, target } = await offeredMove(1);
    const code = await issue('amount', 3000);
    const held = await startWith(payer, bookingId, offered.quote.quoteId, target.id, [code]);
    expect(held.body.amount).toBe(FEE - 3000);
    expect(await balance(code)).toBe(0);
    expect((await h.json('DELETE', `/bookings/${bookingId}/date-change`, { token: payer.token })).status).toBe(200);
    expect(await balance(code)).toBe(3000);
    expect((await bookingRow(bookingId))?.date_id).toBe(date.id);
  });

  it('refuses a trip voucher for the fee, holding nothing', async () => {
    const { payer, bookingId, offered, target } = await offeredMove(1);
    const code = await issue('voucher', 17500);
    expect(await startWith(payer, bookingId, offered.quote.quoteId, target.id, [code])).toMatchObject({
      status: 400,
      body: { error: VOUCHER_NOT_FOR_FEES },
    });
    expect(await seatsOn(target.id)).toBe(0);
    expect(await balance(code)).toBe(17500);
  });

  it('counts the codes named against guessing, as checkout does: beyond the limit, 429', async () => {
    const limited = await harness({ limits: { giftCodeTries: { max: 2, windowSeconds: 3600 } } });
    const payer = await readyUser(limited, 'Avery Lund');
    const date = await freeDate(limited, TOURS);
    expect((await payForDate(limited, payer, date, TOURS, PRICE, 1)).status).toBe(200);
    const [booking] = await limited.db.query<{ id: string }>(`select id from bookings where date_id = $1 and status = 'paid'`, [date.id]);
    const { body: offered } = await limited.json<DateChangeOptions>('GET', `/bookings/${booking?.id}/date-change`, { token: payer.token });
    const guess = (code: string) =>
      limited.json<{ error?: string }>('POST', `/bookings/${booking?.id}/date-change`, {
        token: payer.token,
        body: { quoteId: offered.quote.quoteId, dateId: firstOffered(offered).id, giftCodes: [code] },
      });
    expect((await guess('KAMAS-2222-2222-2222-2222')).status).toBe(404);
    expect((await guess('KAMAS-3333-3333-3333-3333')).status).toBe(404);
    expect(await guess('KAMAS-4444-4444-4444-4444')).toMatchObject({
      status: 429,
      body: { error: expect.stringMatching(/^Too many gift card codes tried./) },
    });
  });

  it('a call-off of the new date gives the fee back onto the gift card that paid it', async () => {
    const { payer, bookingId, offered, target } = await offeredMove(1);
    const code = await issue('amount', FEE);
    const held = await startWith(payer, bookingId, offered.quote.quoteId, target.id, [code]);
    expect((await h.json('POST', `/bookings/${held.body.bookingId}/gift-card-payment`, { token: payer.token })).status).toBe(200);
    expect(await balance(code)).toBe(0);

    await callOffDate(h.db, target.id, 'High avalanche danger');
    const chosen = await h.json('POST', `/bookings/${bookingId}/call-off`, { token: payer.token, body: { choice: 'refund' } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(await balance(code)).toBe(FEE);
    const byCard = await h.db.query(`select 1 from payment_outbox where booking_id = $1 and kind = 'refund'`, [held.body.bookingId]);
    expect(byCard).toEqual([]);
  });
});

describe('with Stripe', () => {
  const KEYS = { secretKey: 'sk_test_kamas_fake_key_0019', webhookSecret: 'whsec_kamas_fake_webhook_0019' };
  let fake: FakeStripe;
  let stripe: Harness;
  beforeAll(async () => {
    ({ fake, h: stripe } = await harnessWithStripe(KEYS));
  });
  afterAll(() => fake.close());

  /** Stripe reports that the intent of hold `bookingId` was paid `amount` cents. */
  async function paidAtStripe(bookingId: string, amount: number) {
    const [row] = await stripe.db.query<{ payment_intent_id: string }>('select payment_intent_id from bookings where id = $1', [bookingId]);
    const payload = JSON.stringify({
      id: `evt_paid_${bookingId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: row?.payment_intent_id,
          object: 'payment_intent',
          amount,
          amount_received: amount,
          currency: 'usd',
          metadata: { bookingId },
        },
      },
    });
    const answer = await stripe.call('POST', '/stripe/webhook', {
      body: payload,
      headers: {
        'Stripe-Signature': stripeSignature(payload, KEYS.webhookSecret),
        'Content-Type': 'application/json',
      },
    });
    expect(answer.status).toBe(200);
  }

  it('the fee is an intent of its own at Stripe, and its success event moves the booking', async () => {
    const payer = await readyUser(stripe, 'Avery Lund');
    const date = await freeDate(stripe, TOURS);
    const hold = await stripe.json<{ bookingId: string; amount: number }>('POST', '/stripe/create-payment-intent', {
      token: payer.token,
      body: intentBody(payer, date, TOURS, PRICE, 1),
    });
    await paidAtStripe(hold.body.bookingId, hold.body.amount);
    const bookingId = hold.body.bookingId;
    const { body: offered } = await stripe.json<DateChangeOptions>('GET', `/bookings/${bookingId}/date-change`, { token: payer.token });
    const target = firstOffered(offered);
    const fee = await stripe.json<{ bookingId: string; amount: number; provider: string; clientSecret: string }>(
      'POST',
      `/bookings/${bookingId}/date-change`,
      { token: payer.token, body: { quoteId: offered.quote.quoteId, dateId: target.id } },
    );
    expect(fee.body).toMatchObject({ amount: CURRENT_POLICY.moveFee, provider: 'stripe' });
    const made = fake.requestsTo('/v1/payment_intents').at(-1);
    expect(made?.form.get('amount')).toBe(String(CURRENT_POLICY.moveFee));
    expect(made?.form.get('metadata[changesBooking]')).toBe(bookingId);
    expect(made?.form.get('metadata[paysFor]')).toBe('the fee of a change of date');

    await paidAtStripe(fee.body.bookingId, CURRENT_POLICY.moveFee);
    const [moved] = await stripe.db.query<{ date_id: string; status: string }>('select date_id, status from bookings where id = $1', [
      bookingId,
    ]);
    expect(moved).toEqual({ date_id: target.id, status: 'paid' });
    // Delivered again, the event moves nothing more.
    await paidAtStripe(fee.body.bookingId, CURRENT_POLICY.moveFee);
    expect(await stripe.db.query('select 1 from booking_moves where booking_id = $1', [bookingId])).toHaveLength(1);
  });
});
