/**
 * Buying a gift card: priced by the server (whole dollars, or a voucher at today's price), made
 * pending with its own card payment, issued once when that payment succeeds however often it is
 * reported; bad requests change nothing; a code's balance is counted against guessing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { settlePayment } from '../../api/payments/settle.ts';
import { localProvider } from '../../api/payments/local.ts';
import { accountedMovements } from '../../api/reports/money-movements.ts';
import { harness, PAYING_CARD, readyUser, type Harness, type TestUser } from './harness.ts';

let h: Harness;
let buyer: TestUser;

beforeAll(async () => {
  h = await harness();
  buyer = await readyUser(h, 'Robin Giver');
});

const AMOUNT = {
  gift: { kind: 'amount', dollars: 150 },
  recipientName: 'Sam Ridge',
  message: 'Happy birthday! See you on the skin track.',
  delivery: { when: 'now', recipientEmail: 'Sam.Ridge@example.com' },
};

const buy = (body: unknown, token = buyer.token) =>
  h.json<{ giftCardId: string; clientSecret: string; amount: number; currency: string }>('POST', '/gift-cards', { token, body });
const pay = (clientSecret: string, token = buyer.token, card = PAYING_CARD) =>
  h.json('POST', '/payments/local/confirm', { token, body: { clientSecret, ...card } });
const codeOf = async (giftCardId: string) =>
  (await h.db.query<{ code: string }>('select code from gift_cards where id = $1', [giftCardId]))[0]?.code ?? '';
const balanceOf = (code: string) =>
  h.json<{ balance: number; kind: string; activity: string | null }>('POST', '/gift-cards/balance', { body: { code } });
const intentOf = async (giftCardId: string) =>
  (await h.db.query<{ payment_intent_id: string }>('select payment_intent_id from gift_cards where id = $1', [giftCardId]))[0]
    ?.payment_intent_id ?? '';
const cardCount = async () => (await h.db.query<{ n: number }>('select count(*)::int as n from gift_cards'))[0]?.n ?? 0;

describe('buying a gift card', () => {
  it('prices an amount in cents, and issues the card once when its payment succeeds', async () => {
    const bought = await buy(AMOUNT);
    expect(bought).toEqual({
      status: 200,
      body: {
        giftCardId: expect.stringMatching(/^gc_/),
        clientSecret: expect.any(String),
        amount: 15_000,
        currency: 'usd',
        provider: 'local',
      },
    });
    const code = await codeOf(bought.body.giftCardId);
    expect(code).toMatch(/^KAMAS(-[2-9A-HJ-NP-Z]{4}){4}$/);
    // Not paid for yet: the code shows nothing.
    expect((await balanceOf(code)).status).toBe(404);

    expect(await pay(bought.body.clientSecret)).toEqual({ status: 200, body: { status: 'succeeded', giftCardId: bought.body.giftCardId } });
    expect(await pay(bought.body.clientSecret)).toEqual({ status: 200, body: { status: 'succeeded', giftCardId: bought.body.giftCardId } });
    expect(await balanceOf(code)).toMatchObject({ status: 200, body: { kind: 'amount', balance: 15_000 } });

    const [card] = await h.db.query('select status, recipient_email, delivery, buyer_uid from gift_cards where id = $1', [
      bought.body.giftCardId,
    ]);
    expect(card).toEqual({ status: 'active', recipient_email: 'sam.ridge@example.com', delivery: 'email', buyer_uid: buyer.uid });
    const rows = await h.db.query('select kind, amount from gift_card_ledger where card_id = $1', [bought.body.giftCardId]);
    expect(rows).toEqual([{ kind: 'purchase', amount: 15_000 }]);
  });

  it('issues the card once when the provider reports its success twice, under two event ids', async () => {
    const bought = await buy(AMOUNT);
    const intentId = await intentOf(bought.body.giftCardId);
    const settlement = { db: h.db, payments: localProvider(), cache: h.cache, bookingCutoffHours: 0 };
    const success = (eventId: string) => ({
      eventId,
      type: 'succeeded' as const,
      intentId,
      amount: 15_000,
      currency: 'usd',
      bookingId: null,
    });
    expect(await settlePayment(settlement, success('evt_gift_1'))).toMatchObject({ result: 'issued', giftCardId: bought.body.giftCardId });
    expect(await settlePayment(settlement, success('evt_gift_1'))).toMatchObject({ result: 'duplicate' });
    expect(await settlePayment(settlement, success('evt_gift_2'))).toMatchObject({ result: 'not issued' });
    expect((await balanceOf(await codeOf(bought.body.giftCardId))).body.balance).toBe(15_000);
  });

  it('takes off the card what is refunded at the provider, once per refund, and cancels a card refunded in full', async () => {
    const bought = await buy(AMOUNT);
    expect((await pay(bought.body.clientSecret)).status).toBe(200);
    const code = await codeOf(bought.body.giftCardId);
    const intentId = await intentOf(bought.body.giftCardId);
    const settlement = { db: h.db, payments: localProvider(), cache: h.cache, bookingCutoffHours: 0 };
    const refunded = (eventId: string, amountRefunded: number) => ({
      eventId,
      type: 'refunded' as const,
      intentId,
      amount: 15_000,
      amountRefunded,
      currency: 'usd',
    });
    expect(await settlePayment(settlement, refunded('evt_gift_refund_1', 5_000))).toMatchObject({ result: 'taken back' });
    // The same refund told again under another event id takes nothing more.
    expect(await settlePayment(settlement, refunded('evt_gift_refund_1b', 5_000))).toMatchObject({ result: 'not issued' });
    expect((await balanceOf(code)).body.balance).toBe(10_000);
    // $40 of it spent meanwhile: the rest of the refund takes what is left, and the ledger says what could not come back.
    const [card] = await h.db.query<{ id: string }>('select id from gift_cards where code = $1', [code]);
    await h.db.query(
      `insert into gift_card_ledger (id, card_id, kind, amount, reason, caused_by, key) values ('gcl_spent_before_refund', $1, 'spend', -4000, 'paid for a booking', 'customer:x', 'spend:before-refund')`,
      [card?.id],
    );
    expect(await settlePayment(settlement, refunded('evt_gift_refund_2', 15_000))).toMatchObject({ result: 'taken back' });
    expect((await balanceOf(code)).status).toBe(404);
    const rows = await h.db.query<{ amount: number; reason: string }>(
      `select amount, reason from gift_card_ledger where card_id = $1 and kind = 'void' order by created_at, amount`,
      [card?.id],
    );
    expect(rows).toEqual([
      { amount: -5_000, reason: 'its payment was refunded at the card processor' },
      { amount: -6_000, reason: 'its payment was refunded at the card processor; $40 of the refund had already been spent from it' },
    ]);
    expect((await h.db.query('select status from gift_cards where id = $1', [card?.id]))[0]).toEqual({ status: 'void' });
    // The accountant's export lists the money given back, all of it, though part had been spent from the card.
    const movements = await accountedMovements(h.db, 'cash', new Date(Date.now() - 3_600_000), new Date(Date.now() + 60_000));
    expect(
      movements.filter((movement) => movement.giftCardId === card?.id).map((movement) => [movement.kind, movement.method, movement.amount]),
    ).toEqual([
      ['gift card sold', 'card', 15_000],
      ['refund', 'card', -5_000],
      ['refund', 'card', -10_000],
    ]);
  });

  it('does not issue a card for a payment of another amount', async () => {
    const bought = await buy(AMOUNT);
    const intentId = await intentOf(bought.body.giftCardId);
    const settlement = { db: h.db, payments: localProvider(), cache: h.cache, bookingCutoffHours: 0 };
    const short = { eventId: 'evt_gift_short', type: 'succeeded' as const, intentId, amount: 100, currency: 'usd', bookingId: null };
    expect(await settlePayment(settlement, short)).toMatchObject({ result: 'not issued' });
    expect((await balanceOf(await codeOf(bought.body.giftCardId))).status).toBe(404);
  });

  it("prices a trip voucher at the activity's price today, for one seat of it", async () => {
    const [price] = await h.db.query<{ id: string; unit_amount: number }>(
      `select p.id, p.unit_amount from prices p where p.active and exists
         (select 1 from calendar_dates d where d.product_id = p.product_id and d.calendar = 'winter-classes') order by p.id limit 1`,
    );
    const bought = await buy({ ...AMOUNT, gift: { kind: 'voucher', priceId: price?.id } });
    expect(bought.body.amount).toBe(price?.unit_amount);
    await pay(bought.body.clientSecret);
    expect((await balanceOf(await codeOf(bought.body.giftCardId))).body).toMatchObject({ kind: 'voucher', activity: expect.any(String) });
  });

  it('refuses what it cannot sell, with a clear message, and keeps nothing', async () => {
    const before = await cardCount();
    const refusals: [unknown, string][] = [
      [{ ...AMOUNT, gift: { kind: 'amount', dollars: 24 } }, 'Choose a whole number of dollars from $25 to $1,000.'],
      [{ ...AMOUNT, gift: { kind: 'amount', dollars: 1001 } }, 'Choose a whole number of dollars from $25 to $1,000.'],
      [{ ...AMOUNT, gift: { kind: 'amount', dollars: 25.5 } }, 'Choose a whole number of dollars from $25 to $1,000.'],
      [
        { ...AMOUNT, gift: { kind: 'voucher', priceId: 'price_no_such_trip' } },
        'That trip cannot be given as a voucher. Choose a class or a day tour.',
      ],
      [{ ...AMOUNT, recipientName: '  ' }, 'Enter the name of the person the gift is for.'],
      [{ ...AMOUNT, message: 'x'.repeat(301) }, 'Keep the message to 300 characters.'],
      [{ ...AMOUNT, delivery: { when: 'now', recipientEmail: 'not an address' } }, 'Enter the e-mail address the gift should go to.'],
      [
        { ...AMOUNT, delivery: { when: 'on', recipientEmail: 'sam@example.com', day: '2020-12-25', hour: 7 } },
        'Choose a day and an hour still to come, within a year.',
      ],
      [
        { ...AMOUNT, delivery: { when: 'on', recipientEmail: 'sam@example.com', day: '2026-13-40', hour: 7 } },
        'Choose a day and an hour for the gift to arrive.',
      ],
    ];
    for (const [body, message] of refusals) {
      const answer = await buy(body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: message } });
    }
    expect(await cardCount()).toBe(before);
  });

  it('keeps a gift to print without asking whom to send it to', async () => {
    const bought = await buy({ ...AMOUNT, delivery: { when: 'print' } });
    expect(bought.status).toBe(200);
    const [card] = await h.db.query('select delivery, recipient_email, deliver_at from gift_cards where id = $1', [bought.body.giftCardId]);
    expect(card).toEqual({ delivery: 'print', recipient_email: null, deliver_at: null });
  });

  it('is paid by its buyer alone; a declined card issues nothing and may be tried again', async () => {
    const bought = await buy(AMOUNT);
    const other = await readyUser(h);
    expect((await pay(bought.body.clientSecret, other.token)).status).toBe(403);
    expect((await pay(bought.body.clientSecret, buyer.token, { ...PAYING_CARD, cardNumber: '4000000000000002' })).status).toBe(402);
    expect((await balanceOf(await codeOf(bought.body.giftCardId))).status).toBe(404);
    expect((await pay(bought.body.clientSecret)).status).toBe(200);
  });

  it('asks for a sign-in', async () => {
    expect((await h.json('POST', '/gift-cards', { body: AMOUNT })).status).toBe(401);
  });
});

describe("a gift card's balance", () => {
  it('is found from a code typed any way, and counted per client: beyond the limit, 429 even for a right code', async () => {
    const limited = await harness({ limits: { giftCodeTries: { max: 3, windowSeconds: 3600 } } });
    const someone = await readyUser(limited);
    const bought = await limited.json<{ giftCardId: string; clientSecret: string }>('POST', '/gift-cards', {
      token: someone.token,
      body: AMOUNT,
    });
    await limited.json('POST', '/payments/local/confirm', {
      token: someone.token,
      body: { clientSecret: bought.body.clientSecret, ...PAYING_CARD },
    });
    const [{ code } = { code: '' }] = await limited.db.query<{ code: string }>('select code from gift_cards where id = $1', [
      bought.body.giftCardId,
    ]);
    const look = (typed: string) =>
      limited.json<{ balance: number; error: string }>('POST', '/gift-cards/balance', { body: { code: typed } });
    expect(await look(code.toLowerCase().replaceAll('-', ' '))).toMatchObject({ status: 200, body: { balance: 15_000 } });
    expect(await look('KAMAS-2222-2222-2222-2222')).toMatchObject({
      status: 404,
      body: { error: 'We could not find a gift card with that code. Check it and try again.' },
    });
    expect(await look('')).toMatchObject({ status: 400, body: { error: 'Enter the code on the gift card.' } });
    expect(await look(code)).toMatchObject({
      status: 429,
      body: { error: expect.stringMatching(/^Too many gift card codes tried. Please try again in /) },
    });
  });
});

describe('a gift card kept on an account', () => {
  it('is kept by its code, once, on one account, listed there with what is left, and its balance says so to that account alone', async () => {
    const bought = await buy(AMOUNT);
    await pay(bought.body.clientSecret);
    const code = await codeOf(bought.body.giftCardId);
    const recipient = await readyUser(h);
    const keep = (token: string, typed = code) =>
      h.json<{ kept: boolean; error: string }>('POST', '/gift-cards/mine', { token, body: { code: typed } });

    expect(await h.json('GET', '/gift-cards/mine', { token: recipient.token })).toEqual({ status: 200, body: [] });
    expect(await keep(recipient.token, code.toLowerCase().replaceAll('-', ''))).toEqual({ status: 200, body: { kept: true } });
    expect(await keep(recipient.token)).toEqual({ status: 200, body: { kept: true } });
    expect(await h.json('GET', '/gift-cards/mine', { token: recipient.token })).toEqual({
      status: 200,
      body: [
        { code, kind: 'amount', activity: null, activityId: null, balance: 15_000, currency: 'usd', bonus: 0, bonusEndsOn: null, uses: [] },
      ],
    });

    // Its balance tells the customer who keeps it that it is on their account, and no one else.
    const onAccount = async (token?: string) =>
      (await h.json<{ onYourAccount: boolean }>('POST', '/gift-cards/balance', { ...(token ? { token } : {}), body: { code } })).body
        .onYourAccount;
    expect([await onAccount(recipient.token), await onAccount(buyer.token), await onAccount()]).toEqual([true, false, false]);

    expect(await keep(buyer.token)).toMatchObject({ status: 409, body: { error: 'This gift card is kept on another account.' } });
    expect(await keep(buyer.token, 'KAMAS-2222-2222-2222-2222')).toMatchObject({ status: 404 });
    expect((await h.json('GET', '/gift-cards/mine')).status).toBe(401);
    expect((await h.json('POST', '/gift-cards/mine', { body: { code } })).status).toBe(401);
  });
});
