/**
 * A gift card's own payment when the card ends: a bought card the office cancels unused gives its
 * payment back to the buyer's card; a card cancelled or left unpaid has its payment intent cancelled,
 * and a payment that still comes for it, or one of another amount, goes back whole, once; a refund the
 * provider will not make is flagged for a person on the console, with the card, and resolved there.
 */
import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { afterCommit } from '../../api/after-commit.ts';
import { listFlags, listOutbox } from '../../api/bookings/money-owed.ts';
import { formatReport } from '../../api/cli/outbox-report.ts';
import { endUnpaidCards } from '../../api/gift-cards/payment-back.ts';
import { runDueActions } from '../../api/payment-outbox/worker.ts';
import { localProvider } from '../../api/payments/local.ts';
import { ProviderRefusal, type PaymentProvider } from '../../api/payments/provider.ts';
import { settlePayment } from '../../api/payments/settle.ts';
import { accountedMovements } from '../../api/reports/money-movements.ts';
import { opsAttentionAnswer, type OpsAttention } from '../../shared/contract/ops-answers.ts';
import { harness, PAYING_CARD, readyUser, type Harness, type TestUser } from './harness.ts';
import { staffMember } from './staff.ts';

/** What the provider was asked to do, in order. */
const asked: string[] = [];
/** A refusal for every refund while set, as a disputed charge gets. */
let refusal: string | null = null;
const local = localProvider();
const provider: PaymentProvider = {
  ...local,
  async refund(intentId, key, amount) {
    asked.push(`refund ${intentId} ${amount ?? 'all'}`);
    if (refusal) throw new ProviderRefusal(refusal);
    return local.refund(intentId, key, amount);
  },
  async cancelIntent(intentId, key) {
    asked.push(`cancel ${intentId}`);
    return local.cancelIntent(intentId, key);
  },
};

let h: Harness;
let buyer: TestUser;
let operator: TestUser;

beforeAll(async () => {
  h = await harness({ payments: provider });
  buyer = await readyUser(h, 'Robin Giver');
  operator = await staffMember('operator');
});

beforeEach(() => {
  asked.length = 0;
  refusal = null;
});

const GIFT = {
  gift: { kind: 'amount', dollars: 150 },
  recipientName: 'Sam Ridge',
  message: 'See you on the skin track.',
  delivery: { when: 'print' },
};

type Bought = { giftCardId: string; clientSecret: string; intentId: string; code: string };

async function buy(): Promise<Bought> {
  const bought = await h.json<{ giftCardId: string; clientSecret: string }>('POST', '/gift-cards', { token: buyer.token, body: GIFT });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  const [card] = await h.db.query<{ payment_intent_id: string; code: string }>(
    'select payment_intent_id, code from gift_cards where id = $1',
    [bought.body.giftCardId],
  );
  return { ...bought.body, intentId: card?.payment_intent_id ?? '', code: card?.code ?? '' };
}

async function boughtAndPaid(): Promise<Bought> {
  const bought = await buy();
  const paid = await h.json('POST', '/payments/local/confirm', {
    token: buyer.token,
    body: { clientSecret: bought.clientSecret, ...PAYING_CARD },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return bought;
}

const voidCard = (giftCardId: string) =>
  h.json<{ voided: boolean; givenBack: number }>('POST', `/ops/gift-cards/${giftCardId}/void`, {
    token: operator.token,
    body: { reason: 'The buyer asked for their money back' },
  });

const settlement = () => ({ db: h.db, payments: provider, cache: h.cache, bookingCutoffHours: 0 });
const success = (bought: Bought, eventId: string, amount = 15_000) => ({
  eventId,
  type: 'succeeded' as const,
  intentId: bought.intentId,
  amount,
  currency: 'usd',
  bookingId: null,
});

const outboxOf = (giftCardId: string) =>
  h.db.query<{ kind: string; amount: number | null; reason: string; status: string }>(
    'select kind, amount, reason, status from payment_outbox where gift_card_id = $1 order by created_at, id',
    [giftCardId],
  );
const statusOf = async (giftCardId: string) =>
  (await h.db.query<{ status: string }>('select status from gift_cards where id = $1', [giftCardId]))[0]?.status;

async function attention(): Promise<OpsAttention> {
  const { status, body } = await h.json<OpsAttention>('GET', '/ops/attention', { token: operator.token });
  expect(status).toBe(200);
  return v.parse(opsAttentionAnswer, body);
}

describe("a gift card's payment when the card ends", () => {
  it('goes back to the buyer’s card when the office cancels a bought card unused, once, and the accountant sees the refund', async () => {
    const before = new Date();
    const bought = await boughtAndPaid();
    expect(await voidCard(bought.giftCardId)).toEqual({ status: 200, body: { voided: true, givenBack: 15_000 } });
    expect(await voidCard(bought.giftCardId)).toEqual({ status: 200, body: { voided: false, givenBack: 0 } });
    expect(asked).toEqual([`refund ${bought.intentId} 15000`]);
    expect(await outboxOf(bought.giftCardId)).toEqual([
      { kind: 'refund', amount: 15_000, reason: 'gift card cancelled by the office', status: 'done' },
    ]);

    const page = await h.json<{ payments: unknown[]; openFlags: string[] }>('GET', `/ops/gift-cards/${bought.giftCardId}`, {
      token: operator.token,
    });
    expect(page.body).toMatchObject({
      payments: [{ kind: 'refund', amount: 15_000, status: 'done', reason: 'gift card cancelled by the office', lastError: null }],
      openFlags: [],
    });
    const [latest] = (await h.json<{ action: string; change: string }[]>('GET', '/ops/activity', { token: operator.token })).body;
    expect(latest).toMatchObject({
      action: 'void gift card',
      change: 'Cancelled; $150 taken off with it, $150 given back to the buyer’s card',
    });
    const movements = await accountedMovements(h.db, 'cash', before, new Date(Date.now() + 60_000));
    expect(movements.filter((movement) => movement.giftCardId === bought.giftCardId)).toMatchObject([
      { kind: 'gift card sold', method: 'card', amount: 15_000, bookingId: null, providerId: bought.intentId },
      { kind: 'refund', method: 'card', amount: -15_000, bookingId: null, providerId: bought.intentId, customer: 'Robin Giver' },
    ]);
  });

  it('gives back nothing for a card the office issued', async () => {
    const issued = await h.json<{ giftCardId: string }>('POST', '/ops/gift-cards', {
      token: operator.token,
      body: { dollars: 40, recipientName: 'Pat Winner', recipientEmail: 'pat@example.com', reason: 'Raffle' },
    });
    expect(await voidCard(issued.body.giftCardId)).toEqual({ status: 200, body: { voided: true, givenBack: 0 } });
    expect(asked).toEqual([]);
    expect(await outboxOf(issued.body.giftCardId)).toEqual([]);
  });

  it('cancels the intent of a card cancelled before it was paid, and gives back a payment that still comes for it, whole and once', async () => {
    const bought = await buy();
    expect(await voidCard(bought.giftCardId)).toEqual({ status: 200, body: { voided: true, givenBack: 0 } });
    expect(asked).toEqual([`cancel ${bought.intentId}`]);

    expect(await settlePayment(settlement(), success(bought, 'evt_late_gift'))).toMatchObject({ result: 'not issued' });
    expect(await settlePayment(settlement(), success(bought, 'evt_late_gift_again'))).toMatchObject({ result: 'not issued' });
    expect(asked).toEqual([`cancel ${bought.intentId}`, `refund ${bought.intentId} all`]);
    expect(await outboxOf(bought.giftCardId)).toEqual([
      { kind: 'cancel', amount: null, reason: 'gift card cancelled by the office', status: 'done' },
      { kind: 'refund', amount: null, reason: 'payment came after the gift card was cancelled', status: 'done' },
    ]);
    expect(await statusOf(bought.giftCardId)).toBe('void');
    expect((await h.json('POST', '/gift-cards/balance', { body: { code: bought.code } })).status).toBe(404);
  });

  it('gives back a payment of another amount, issues nothing, and tells the office, who resolves it on the console', async () => {
    const bought = await buy();
    expect(await settlePayment(settlement(), success(bought, 'evt_short_gift', 100))).toMatchObject({ result: 'not issued' });
    expect(asked).toEqual([`refund ${bought.intentId} all`]);
    expect(await outboxOf(bought.giftCardId)).toEqual([
      { kind: 'refund', amount: null, reason: 'payment did not match the gift card', status: 'done' },
    ]);
    expect(await statusOf(bought.giftCardId)).toBe('void');

    const flag = (await attention()).flags.find((item) => item.giftCard?.id === bought.giftCardId);
    expect(flag).toMatchObject({
      reason: 'payment_mismatch',
      detail: `A payment of $1 came for gift card ${bought.code}, sold for $150. The card was not issued, and the payment is being given back.`,
      booking: null,
      giftCard: { code: bought.code, buyer: buyer.email, amount: 15_000, currency: 'usd' },
    });
    const resolved = await h.json<{ resolved: boolean }>('POST', `/ops/attention/flags/${flag?.id ?? ''}/resolve`, {
      token: operator.token,
      body: { gaveBack: 0, note: 'Told the buyer to try again' },
    });
    expect(resolved).toMatchObject({ status: 200, body: { resolved: true } });
    expect((await attention()).flags.map((item) => item.id)).not.toContain(flag?.id);
    const [record] = await h.db.query(`select action, subject from operator_actions where reason = 'Told the buyer to try again'`);
    expect(record).toEqual({ action: 'resolve flag', subject: `gift card ${bought.code}` });
  });

  it('ends a card left unpaid for a day, cancelling its intent; a newer one waits', async () => {
    const old = await buy();
    const fresh = await buy();
    await h.db.query(`update gift_cards set created_at = now() - interval '25 hours' where id = $1`, [old.giftCardId]);
    const actions = await endUnpaidCards(h.db);
    expect(actions.map((action) => action.gift_card_id)).toEqual([old.giftCardId]);
    await afterCommit({ db: h.db, payments: provider }, { actions });
    expect(asked).toEqual([`cancel ${old.intentId}`]);
    expect(await outboxOf(old.giftCardId)).toEqual([{ kind: 'cancel', amount: null, reason: 'gift card never paid for', status: 'done' }]);
    expect([await statusOf(old.giftCardId), await statusOf(fresh.giftCardId)]).toEqual(['void', 'pending']);
    expect(await endUnpaidCards(h.db)).toEqual([]);

    // Its buyer coming back to pay is told it ended.
    const paid = await h.json<{ error: string }>('POST', '/payments/local/confirm', {
      token: buyer.token,
      body: { clientSecret: old.clientSecret, ...PAYING_CARD },
    });
    expect(paid.status).toBe(409);
    expect(paid.body.error).toBe('This gift card was cancelled before it was paid for.');
  });

  it('flags a refund the provider refuses for a person, with the card, and counts what the office gave back by hand', async () => {
    const before = new Date();
    const bought = await boughtAndPaid();
    refusal = 'charge_disputed: the buyer disputed this charge';
    expect(await voidCard(bought.giftCardId)).toEqual({ status: 200, body: { voided: true, givenBack: 15_000 } });
    expect(await outboxOf(bought.giftCardId)).toEqual([
      { kind: 'refund', amount: 15_000, reason: 'gift card cancelled by the office', status: 'failed' },
    ]);
    await runDueActions(h.db, provider);
    expect(asked).toEqual([`refund ${bought.intentId} 15000`]);

    const flag = (await attention()).flags.find((item) => item.giftCard?.id === bought.giftCardId);
    expect(flag).toMatchObject({
      reason: 'refund_failed',
      what: 'Refund the provider would not make',
      detail: expect.stringContaining(`Refund of $150 (${bought.intentId}) refused by the local payment provider after 1 try`),
      booking: null,
      giftCard: { code: bought.code },
    });
    const page = await h.json<{ payments: unknown[]; openFlags: string[] }>('GET', `/ops/gift-cards/${bought.giftCardId}`, {
      token: operator.token,
    });
    expect(page.body).toMatchObject({
      payments: [{ kind: 'refund', status: 'failed', lastError: 'charge_disputed: the buyer disputed this charge' }],
      openFlags: [flag?.detail],
    });
    // `npm run refunds` names the card too.
    const report = formatReport(await listOutbox(h.db, { all: true }), await listFlags(h.db));
    expect(report).toContain(`GAVE UP refund of $150 of ${bought.intentId} for gift card ${bought.code} (${buyer.email})`);
    expect(report).toContain(`OPEN ${flag?.id ?? ''} refund_failed on gift card ${bought.code} (${buyer.email}, void)`);
    const resolved = await h.json('POST', `/ops/attention/flags/${flag?.id ?? ''}/resolve`, {
      token: operator.token,
      body: { gaveBack: 15_000, note: 'Sent a check to the buyer' },
    });
    expect(resolved.status).toBe(200);
    const movements = await accountedMovements(h.db, 'cash', before, new Date(Date.now() + 60_000));
    expect(
      movements.filter((movement) => movement.giftCardId === bought.giftCardId).map((movement) => [movement.kind, movement.amount]),
    ).toEqual([
      ['gift card sold', 15_000],
      ['refund', -15_000],
    ]);
  });
});
