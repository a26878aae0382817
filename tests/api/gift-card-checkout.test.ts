/**
 * Gift cards at checkout: up to three cards and a card payment for the rest, or Book now when the
 * cards pay all; the amount held with the seats and given back when the hold ends unpaid; a payment
 * that came after its hold lapsed takes the cards' parts again or is refunded; a cancellation's refund
 * split between the gift cards and the card in proportion to what each paid.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { issueCard } from '../../api/gift-cards/cards.ts';
import { recordPaymentEvent } from '../../api/payments/purposes.ts';
import { sweepHolds } from '../../api/sweeps.ts';
import { retireVouchers } from '../../api/gift-cards/retired-vouchers.ts';
import { LAPSE_GRACE_SECONDS } from '../../api/bookings/hold-sweeps.ts';
import { firebaseIdentity } from '../../api/identity.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { freeDate, harness, intentBody, PAYING_CARD, PROJECT_ID, readyUser, type Harness, type TestUser } from './harness.ts';

let h: Harness;
const CLASSES = 'winter-classes';
const OFFICE = 'operator:test-office';
const identity = firebaseIdentity(PROJECT_ID);

beforeAll(async () => {
  h = await harness();
});

interface HoldAnswer {
  bookingId: string;
  clientSecret: string | null;
  amount: number;
  total: number;
  giftCards: { code: string; amount: number }[];
  error?: string;
}

const issue = async (value: number) => {
  const card = await h.db.transaction((tx) =>
    issueCard(tx, { kind: 'amount', value, origin: 'issue', recipientName: 'Sam Ridge', delivery: 'print' }, OFFICE, 'a raffle prize'),
  );
  return card.code;
};
/** A trip voucher for one seat at the price `priceId`, bought for `value` cents. */
const voucher = async (priceId: string, value: number) => {
  const card = await h.db.transaction((tx) =>
    issueCard(
      tx,
      { kind: 'voucher', priceId, value, origin: 'issue', recipientName: 'Sam Ridge', delivery: 'print' },
      OFFICE,
      'a make-good',
    ),
  );
  return card.code;
};
const balance = async (code: string) => (await h.json<{ balance: number }>('POST', '/gift-cards/balance', { body: { code } })).body.balance;

const used: string[] = [];
async function classDate(): Promise<CalendarEntry> {
  const date = await freeDate(h, CLASSES, (entry) => Boolean(entry.stripeId) && !used.includes(entry.id));
  used.push(date.id);
  return date;
}

/** A class's seats for `rider` with `giftCodes`, as checkout asks for them. */
const hold = (rider: TestUser, date: CalendarEntry, giftCodes: string[], partySize = 1) =>
  h.json<HoldAnswer>('POST', '/stripe/create-payment-intent', {
    token: rider.token,
    body: intentBody(rider, date, CLASSES, date.stripeId ?? '', partySize, { giftCodes }),
  });
const payByCard = (rider: TestUser, clientSecret: string | null) =>
  h.json<{ status?: string; error?: string }>('POST', '/payments/local/confirm', {
    token: rider.token,
    body: { clientSecret, ...PAYING_CARD },
  });
const bookNow = (rider: TestUser, bookingId: string) =>
  h.json<{ status?: string; dateId?: string; error?: string }>('POST', `/bookings/${bookingId}/gift-card-payment`, { token: rider.token });
const statusOf = async (bookingId: string) =>
  (await h.db.query<{ status: string }>(`select status from bookings where id = $1`, [bookingId]))[0]?.status;
const ledger = (bookingId: string) =>
  h.db.query<{ kind: string; amount: number }>(
    `select kind, amount from gift_card_ledger where booking_id = $1 order by created_at, kind`,
    [bookingId],
  );
/** The price of one seat on `date`: the total a class of one costs. */
async function seatPrice(date: CalendarEntry): Promise<number> {
  const [price] = await h.db.query<{ unit_amount: number }>(`select unit_amount from prices where id = $1`, [date.stripeId]);
  if (!price) throw new Error('no price');
  return price.unit_amount;
}

describe('gift cards at checkout', () => {
  it('pay before the card, each what it has in the order given, up to three; the card pays the rest and the booking spends them', async () => {
    const rider = await readyUser(h);
    const date = await classDate();
    const total = (await seatPrice(date)) * 2;
    const [first, second, third] = [Math.round(total * 0.3), Math.round(total * 0.2), 1_000];
    const codes = [await issue(first), await issue(second), await issue(third)];
    // Typed any way: lower case, spaces.
    const held = await hold(rider, date, [codes[0] ?? '', (codes[1] ?? '').toLowerCase().replaceAll('-', ' '), codes[2] ?? ''], 2);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.total).toBe(total);
    expect(held.body.giftCards).toEqual([
      { code: codes[0], amount: first },
      { code: codes[1], amount: second },
      { code: codes[2], amount: third },
    ]);
    expect(held.body.amount).toBe(total - first - second - third);
    expect(held.body.clientSecret).toBeTruthy();
    // Held: the cards show it as taken while the seats are held.
    expect(await balance(codes[0] ?? '')).toBe(0);

    // The same request again answers the same hold and holds nothing twice.
    const again = await hold(rider, date, [codes[0] ?? '', codes[1] ?? '', codes[2] ?? ''], 2);
    expect(again.body).toMatchObject({ bookingId: held.body.bookingId, amount: held.body.amount, giftCards: held.body.giftCards });
    expect((await ledger(held.body.bookingId)).filter((row) => row.kind === 'hold')).toHaveLength(3);

    const paid = await payByCard(rider, held.body.clientSecret);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await statusOf(held.body.bookingId)).toBe('paid');
    const rows = await ledger(held.body.bookingId);
    expect(
      rows
        .filter((row) => row.kind === 'spend')
        .map((row) => -row.amount)
        .sort((a, b) => a - b),
    ).toEqual([first, second, third].sort((a, b) => a - b));
    for (const code of codes) expect(await balance(code)).toBe(0);
  });

  it('asks for no card when they pay it all: Book now books it once, and a second card it did not need is left untouched', async () => {
    const rider = await readyUser(h);
    const date = await classDate();
    const price = await seatPrice(date);
    const [big, spare] = [await issue(price + 5_000), await issue(2_500)];
    const held = await hold(rider, date, [big, spare]);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body).toMatchObject({ clientSecret: null, amount: 0, total: price, giftCards: [{ code: big, amount: price }] });

    const booked = await bookNow(rider, held.body.bookingId);
    expect(booked.body).toEqual({ status: 'succeeded', dateId: date.id });
    expect(await bookNow(rider, held.body.bookingId)).toMatchObject({ status: 200, body: { status: 'succeeded', dateId: date.id } });
    expect(await statusOf(held.body.bookingId)).toBe('paid');
    expect(await balance(big)).toBe(5_000);
    expect(await balance(spare)).toBe(2_500);
    expect(await h.db.query(`select 1 from payment_outbox where booking_id = $1`, [held.body.bookingId])).toEqual([]);

    // Someone else cannot book it, nor can a hold with a card payment left be booked this way.
    const other = await readyUser(h);
    expect((await bookNow(other, held.body.bookingId)).status).toBe(404);
  });

  it('refuses Book now while a card payment is still owed', async () => {
    const rider = await readyUser(h);
    const date = await classDate();
    const held = await hold(rider, date, [await issue(1_000)]);
    expect(held.body.amount).toBeGreaterThan(0);
    const refused = await bookNow(rider, held.body.bookingId);
    expect(refused.status).toBe(409);
    expect(await statusOf(held.body.bookingId)).toBe('held');
  });

  it('gives the amount back when the hold is replaced or lapses, once', async () => {
    const rider = await readyUser(h);
    const date = await classDate();
    const code = await issue(4_000);
    const first = await hold(rider, date, [code]);
    expect(await balance(code)).toBe(0);
    // A new request (a party of two) replaces the hold: the card's part of the old one comes back and is held again.
    const second = await hold(rider, date, [code], 2);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await statusOf(first.body.bookingId)).toBe('released');
    expect(await ledger(first.body.bookingId)).toEqual([
      { kind: 'hold', amount: -4_000 },
      { kind: 'release', amount: 4_000 },
    ]);
    expect(await balance(code)).toBe(0);

    await h.db.query(`update bookings set hold_expires_at = now() - make_interval(secs => $2) where id = $1`, [
      second.body.bookingId,
      LAPSE_GRACE_SECONDS + 60,
    ]);
    await sweepHolds({ db: h.db, payments: h.payments }, identity);
    await sweepHolds({ db: h.db, payments: h.payments }, identity);
    expect(await statusOf(second.body.bookingId)).toBe('released');
    expect(await balance(code)).toBe(4_000);
  });

  it('takes the cards’ parts again for a payment that came after its hold lapsed, or refunds it when a card has spent them since', async () => {
    const late = async (spendMeanwhile: boolean) => {
      const rider = await readyUser(h);
      const date = await classDate();
      const code = await issue(3_000);
      const held = await hold(rider, date, [code]);
      await h.db.query(`update bookings set hold_expires_at = now() - interval '1 hour' where id = $1`, [held.body.bookingId]);
      await sweepHolds({ db: h.db, payments: h.payments }, identity);
      expect(await balance(code)).toBe(3_000);
      if (spendMeanwhile) {
        const other = await readyUser(h);
        expect((await hold(other, await classDate(), [code])).status).toBe(200);
      }
      const [intent] = await h.db.query<{ payment_intent_id: string }>(`select payment_intent_id from bookings where id = $1`, [
        held.body.bookingId,
      ]);
      const outcome = await recordPaymentEvent(
        h.db,
        {
          eventId: `evt_late_${held.body.bookingId}`,
          type: 'succeeded',
          intentId: intent?.payment_intent_id ?? '',
          amount: held.body.amount,
          currency: 'usd',
          bookingId: held.body.bookingId,
        },
        { cutoffHours: 0 },
      );
      return { outcome, code, bookingId: held.body.bookingId };
    };

    const taken = await late(false);
    expect(taken.outcome.result).toBe('paid');
    expect(await statusOf(taken.bookingId)).toBe('paid');
    expect(await balance(taken.code)).toBe(0);

    const refunded = await late(true);
    expect(refunded.outcome).toMatchObject({ result: 'refunded', reason: 'a gift card no longer has its part' });
    expect(await statusOf(refunded.bookingId)).toBe('refunded');
  });

  it('puts a cancellation’s refund back onto the gift card and the card in proportion to what each paid', async () => {
    const rider = await readyUser(h);
    const date = await classDate();
    const total = (await seatPrice(date)) * 2;
    const giftPart = Math.round(total * 0.4);
    const code = await issue(giftPart);
    const held = await hold(rider, date, [code], 2);
    expect((await payByCard(rider, held.body.clientSecret)).status).toBe(200);

    const quote = await h.json<{ quoteId: string; refund: number; toGiftCards: number }>(
      'GET',
      `/bookings/${held.body.bookingId}/cancellation`,
      {
        token: rider.token,
      },
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const cancelled = await h.json<{ refund: number }>('POST', `/bookings/${held.body.bookingId}/cancellation`, {
      token: rider.token,
      body: { quoteId: quote.body.quoteId },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refund = quote.body.refund;
    const toGiftCard = Math.round((refund * giftPart) / total);
    // The quote said so before the customer confirmed it.
    expect(quote.body.toGiftCards).toBe(toGiftCard);
    expect(await balance(code)).toBe(toGiftCard);
    const [byCard] = await h.db.query<{ amount: number }>(`select amount from payment_outbox where booking_id = $1 and kind = 'refund'`, [
      held.body.bookingId,
    ]);
    expect(byCard?.amount).toBe(refund - toGiftCard);
  });

  it('puts the gift card’s part back when the card payment is refunded in full at the provider, once', async () => {
    const rider = await readyUser(h);
    const date = await classDate();
    const total = await seatPrice(date);
    const code = await issue(5_000);
    const held = await hold(rider, date, [code]);
    expect((await payByCard(rider, held.body.clientSecret)).status).toBe(200);
    expect(await balance(code)).toBe(0);
    const [paid] = await h.db.query<{ payment_intent_id: string }>(`select payment_intent_id from bookings where id = $1`, [
      held.body.bookingId,
    ]);
    const refunded = {
      eventId: `evt_dashboard_${held.body.bookingId}`,
      type: 'refunded' as const,
      intentId: paid?.payment_intent_id ?? '',
      amount: total - 5_000,
      amountRefunded: total - 5_000,
      currency: 'usd',
    };
    expect(await recordPaymentEvent(h.db, refunded, { cutoffHours: 12 })).toMatchObject({ result: 'refunded' });
    expect(await statusOf(held.body.bookingId)).toBe('refunded');
    expect(await balance(code)).toBe(5_000);
    // The same refund told again (another event of it) gives nothing back twice.
    await recordPaymentEvent(h.db, { ...refunded, eventId: `${refunded.eventId}_again` }, { cutoffHours: 12 });
    expect(await balance(code)).toBe(5_000);
  });

  it('gives two checkouts reaching for one card at once no more than it has: the second pays the rest by card', async () => {
    const code = await issue(5_000);
    const riders = [await readyUser(h), await readyUser(h)];
    const dates = [await classDate(), await classDate()];
    const answers = await Promise.all(riders.map((rider, index) => hold(rider, dates[index] ?? dates[0]!, [code])));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const fromCard = answers.map((answer) => answer.body.giftCards.reduce((sum, part) => sum + part.amount, 0)).sort((a, b) => a - b);
    expect(fromCard).toEqual([0, 5_000]);
    for (const answer of answers) expect(answer.body.amount).toBe(answer.body.total - (answer.body.giftCards[0]?.amount ?? 0));
    expect(await balance(code)).toBe(0);
  });

  it('refuses a code that is no card, a fourth card, and a cancelled card, holding nothing', async () => {
    const rider = await readyUser(h);
    const date = await classDate();
    const unknown = await hold(rider, date, ['KAMAS-2222-2222-2222-2222']);
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: 'We could not find a gift card with that code. Check it and try again.' },
    });
    const four = await Promise.all([issue(100), issue(100), issue(100), issue(100)]);
    expect((await hold(rider, date, four)).body.error).toBe('Use up to 3 gift cards on one booking.');
    const [card] = await h.db.query<{ id: string }>(`select id from gift_cards where code = $1`, [four[0]]);
    await h.db.query(`update gift_cards set status = 'void' where id = $1`, [card?.id]);
    expect((await hold(rider, date, [four[0] ?? ''])).body.error).toBe('This gift card has been cancelled and cannot be used.');
    expect(await h.db.query(`select 1 from bookings where user_id = $1`, [rider.uid])).toEqual([]);
  });

  it('takes a trip voucher for one seat of its activity at the day’s price, whatever it was bought for; once spent it is an amount card', async () => {
    const rider = await readyUser(h);
    const date = await classDate();
    const price = await seatPrice(date);
    // Bought when the class cost $20 less than today.
    const code = await voucher(date.stripeId ?? '', price - 2_000);
    const [product] = await h.db.query<{ id: string }>(`select product_id as id from prices where id = $1`, [date.stripeId]);
    const known = await h.json('POST', '/gift-cards/balance', { body: { code } });
    expect(known.body).toMatchObject({ kind: 'voucher', activity: expect.any(String), activityId: product?.id });

    const held = await hold(rider, date, [code], 2);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body).toMatchObject({ total: price * 2, amount: price, giftCards: [{ code, amount: price }] });
    expect((await payByCard(rider, held.body.clientSecret)).status).toBe(200);
    expect(await ledger(held.body.bookingId)).toEqual(
      expect.arrayContaining([
        { kind: 'adjustment', amount: 2_000 },
        { kind: 'spend', amount: -price },
      ]),
    );
    // Spent: what comes back to it later is dollars, not another seat.
    expect((await h.json('POST', '/gift-cards/balance', { body: { code } })).body).toMatchObject({
      kind: 'amount',
      balance: 0,
      activity: null,
    });
  });

  it('refuses a trip voucher for another activity, holding nothing', async () => {
    const rider = await readyUser(h);
    const date = await classDate();
    const [dayTour] = await h.db.query<{ price_id: string; name: string }>(
      `select price.id as price_id, product.name from calendar_dates d join products product on product.id = d.product_id
         join prices price on price.product_id = product.id
        where d.calendar = 'winter-day-tours' and price.active limit 1`,
    );
    const code = await voucher(dayTour?.price_id ?? '', 10_000);
    const refused = await hold(rider, date, [code]);
    expect(refused).toMatchObject({
      status: 400,
      body: { error: `This trip voucher pays for one seat of ${dayTour?.name}. Use it when you book that trip.` },
    });
    expect(await h.db.query(`select 1 from bookings where user_id = $1`, [rider.uid])).toEqual([]);
    expect(await balance(code)).toBe(10_000);
  });

  it('turns a voucher whose trip is no longer sold into an amount card of what was paid for it, once, leaving one held by a checkout', async () => {
    // A trip of its own, taken off sale, so that no other test's dates change.
    await h.db.query(`insert into products (id, name, description) values ('prod_retired_trip', 'Retired Trip', '')`);
    await h.db.query(
      `insert into prices (id, product_id, nickname, unit_amount) values ('price_retired_trip', 'prod_retired_trip', 'Retired Trip', 30000)`,
    );
    const kept = await voucher('price_retired_trip', 25_000);
    // Held by a checkout (as a checkout's hold writes it): left as it is until the hold ends.
    const held = await voucher('price_retired_trip', 25_000);
    const [card] = await h.db.query<{ id: string }>(`select id from gift_cards where code = $1`, [held]);
    await h.db.query(
      `insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, key) values ('gcl_retired_hold', $1, 'hold', -25000, 'held for a checkout', 'customer:x', 'hold:retired')`,
      [card?.id],
    );
    // Its price changed since: an abandoned checkout set the voucher to the day's price.
    const [keptCard] = await h.db.query<{ id: string }>(`select id from gift_cards where code = $1`, [kept]);
    await h.db.query(
      `insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, key) values ('gcl_retired_day', $1, 'adjustment', 5000, 'the day''s price', 'customer:x', 'voucher-price:retired')`,
      [keptCard?.id],
    );
    await h.db.query(`update prices set active = false where id = 'price_retired_trip'`);

    expect(await retireVouchers(h.db)).toBe(1);
    expect((await h.json('POST', '/gift-cards/balance', { body: { code: kept } })).body).toMatchObject({ kind: 'amount', balance: 25_000 });
    expect((await h.json('POST', '/gift-cards/balance', { body: { code: held } })).body).toMatchObject({ kind: 'voucher' });
    expect(await retireVouchers(h.db)).toBe(0);
  });
});
