/**
 * Buying a gift card: an amount in whole dollars or a trip voucher at today's price, priced here,
 * made as a pending card with a card payment of its own; and that payment as a purpose of payment
 * (../payments/purposes.ts): settling it issues the card once, whatever the provider repeats.
 */
import type * as v from 'valibot';
import type { giftPurchaseSchema } from '../../shared/contract/gift-cards.ts';
import { PROVIDER_DOWN_MESSAGE } from '../../shared/contract/messages.ts';
import { denverInstant } from '../../shared/rules/dates.ts';
import { formatMoney } from '../../shared/rules/pricing.ts';
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import type { PaymentEvent, PaymentProvider } from '../payments/provider.ts';
import type { Outcome, PaymentPurpose } from '../payments/purposes.ts';
import { activateCard, createCard } from './cards.ts';
import { writeLedger } from './ledger.ts';
import { enqueueGiftCardMail } from './gift-mail.ts';
import { flag } from '../bookings/flags.ts';
import { enqueueGiftCardAction, type ClaimedAction } from '../payment-outbox/actions.ts';
import { clockNow } from '../clock.ts';

export type GiftPurchase = v.InferOutput<typeof giftPurchaseSchema>;

/** What a gift card's payment intent's metadata names it for. */
export const PAYS_FOR_GIFT_CARD = 'a gift card';

/** The longest a gift may wait to be delivered. */
const LATEST_DELIVERY_DAYS = 366;

export const NO_VOUCHER_MESSAGE = 'That trip cannot be given as a voucher. Choose a class or a day tour.';
export const DELIVERY_PAST_MESSAGE = 'Choose a day and an hour still to come, within a year.';

/** The activities a voucher may be for: an active price of a class or a day tour on sale. */
const VOUCHER_PRICE_SQL = `select price.id, price.unit_amount, price.currency, product.name
   from prices price join products product on product.id = price.product_id
  where price.id = $1 and price.active and product.active
    and exists (select 1 from calendar_dates d where d.product_id = product.id and d.calendar in ('winter-classes', 'winter-day-tours'))`;

/** What the gift costs, in cents, and what it is, as the card and the receipt name it. */
async function pricedGift(
  q: Queryable,
  gift: GiftPurchase['gift'],
): Promise<{ kind: 'amount' | 'voucher'; priceId: string | null; value: number; currency: string; description: string }> {
  if (gift.kind === 'amount') {
    return { kind: 'amount', priceId: null, value: gift.dollars * 100, currency: 'usd', description: `Gift card: $${gift.dollars}` };
  }
  const [price] = await q.query<{ id: string; unit_amount: number; currency: string; name: string }>(VOUCHER_PRICE_SQL, [gift.priceId]);
  if (!price) throw new DomainError('invalid', NO_VOUCHER_MESSAGE);
  return {
    kind: 'voucher',
    priceId: price.id,
    value: price.unit_amount,
    currency: price.currency,
    description: `Trip voucher: ${price.name}`,
  };
}

/** When the gift is to be delivered: now, a Kamas day and hour still to come (within a year), or never by us (the buyer prints it). */
export function deliveryOf(delivery: GiftPurchase['delivery'], now: Date): { delivery: 'email' | 'print'; deliverAt: Date | null } {
  if (delivery.when === 'print') return { delivery: 'print', deliverAt: null };
  if (delivery.when === 'now') return { delivery: 'email', deliverAt: now };
  const at = denverInstant(delivery.day, delivery.hour);
  if (at.getTime() <= now.getTime() || at.getTime() > now.getTime() + LATEST_DELIVERY_DAYS * 86_400_000) {
    throw new DomainError('invalid', DELIVERY_PAST_MESSAGE);
  }
  return { delivery: 'email', deliverAt: at };
}

/**
 * Starts buying a gift card: prices it, makes the card (pending, with its code), and its payment.
 * Without the payment the card is not kept. Answers what the card's payment step confirms.
 */
export async function startGiftPurchase(
  { db, payments }: { db: Db; payments: PaymentProvider },
  caller: Caller,
  purchase: GiftPurchase,
  now = clockNow(),
): Promise<{ giftCardId: string; clientSecret: string; amount: number; currency: string }> {
  const gift = await pricedGift(db, purchase.gift);
  const { delivery, deliverAt } = deliveryOf(purchase.delivery, now);
  const card = await db.transaction((tx) =>
    createCard(tx, {
      kind: gift.kind,
      priceId: gift.priceId,
      value: gift.value,
      currency: gift.currency,
      origin: 'purchase',
      buyerUid: caller.uid,
      buyerEmail: caller.email,
      recipientName: purchase.recipientName,
      recipientEmail: purchase.delivery.when === 'print' ? null : purchase.delivery.recipientEmail.toLowerCase(),
      message: purchase.message,
      delivery,
      deliverAt,
    }),
  );
  let intent: { id: string; clientSecret: string };
  try {
    intent = await payments.createIntent({
      payingFor: card.id,
      amount: gift.value,
      currency: gift.currency,
      description: gift.description,
      email: caller.email,
      metadata: { paysFor: PAYS_FOR_GIFT_CARD, giftCardId: card.id, userId: caller.uid },
    });
  } catch (error) {
    await db.query(`delete from gift_cards where id = $1 and status = 'pending'`, [card.id]);
    console.error('payment provider failed to create an intent', { giftCardId: card.id, error });
    throw new DomainError('provider-down', PROVIDER_DOWN_MESSAGE);
  }
  await db.query(`update gift_cards set payment_intent_id = $2, client_secret = $3 where id = $1`, [
    card.id,
    intent.id,
    intent.clientSecret,
  ]);
  return { giftCardId: card.id, clientSecret: intent.clientSecret, amount: gift.value, currency: gift.currency };
}

type PaidCard = {
  id: string;
  code: string;
  value: number;
  currency: string;
  buyer_uid: string;
  status: 'pending' | 'active' | 'void';
  payment_intent_id: string;
  issued_at: Date | string | null;
};

const PAID_CARD_COLUMNS = 'id, code, value, currency, buyer_uid, status, payment_intent_id, issued_at';

const outcome = (result: 'issued' | 'not issued' | 'taken back', card: PaidCard, actions: ClaimedAction[] = []): Outcome => ({
  result,
  giftCardId: card.id,
  actions,
});

/** Whether a successful payment is of the card's whole price, in its currency. */
const paysInFull = (card: PaidCard, event: Extract<PaymentEvent, { type: 'succeeded' }>) =>
  event.amount === card.value && event.currency?.toLowerCase() === card.currency;

/**
 * A payment that cannot issue its card, never issued: one of another amount than the card's (the
 * card ends, and the office is told), or one that came after the card was cancelled or ended unpaid.
 * The whole payment goes back, once.
 */
async function giveBackPayment(tx: Queryable, card: PaidCard, event: Extract<PaymentEvent, { type: 'succeeded' }>): Promise<Outcome> {
  const matches = paysInFull(card, event);
  const reason = matches ? 'payment came after the gift card was cancelled' : 'payment did not match the gift card';
  const refund = await enqueueGiftCardAction(tx, { kind: 'refund', giftCardId: card.id, intentId: event.intentId, reason });
  if (refund && !matches) {
    await tx.query(`update gift_cards set status = 'void' where id = $1`, [card.id]);
    const paid =
      event.amount === null
        ? 'A payment of an unknown amount'
        : `A payment of ${formatMoney(event.amount, event.currency ?? card.currency)}`;
    await flag(
      tx,
      { giftCardId: card.id },
      'payment_mismatch',
      `${paid} came for gift card ${card.code}, sold for ${formatMoney(card.value, card.currency)}. The card was not issued, and the payment is being given back.`,
      event.eventId,
    );
  }
  return outcome('not issued', card, refund ? [refund] : []);
}

/**
 * Money given back for a gift card at the provider (its dashboard): as much is taken off the card as
 * was refunded, up to what is left on it, once for each amount the refunds reach, and the ledger row
 * keeps what the buyer got back (the accountant's export lists it); a card refunded in
 * full is cancelled. What was spent before cannot be taken back: the card's ledger, on its page in
 * the console, says how much.
 */
async function takeBackRefunded(tx: Queryable, card: PaidCard, event: Extract<PaymentEvent, { type: 'refunded' }>): Promise<Outcome> {
  if (card.status === 'pending') return outcome('not issued', card);
  const [seen] = await tx.query<{ refunded: number; balance: number }>(
    `select coalesce(sum(refunded), 0)::int as refunded, coalesce(sum(amount), 0)::int as balance from gift_card_ledger where card_id = $1`,
    [card.id],
  );
  const owed = event.amountRefunded - (seen?.refunded ?? 0);
  if (owed <= 0) return outcome('not issued', card);
  const off = Math.min(owed, Math.max(0, seen?.balance ?? 0));
  await writeLedger(tx, card.id, {
    kind: 'void',
    amount: -off,
    reason:
      off < owed
        ? `its payment was refunded at the card processor; ${formatMoney(owed - off, card.currency)} of the refund had already been spent from it`
        : 'its payment was refunded at the card processor',
    causedBy: `payment:${event.intentId}`,
    refunded: owed,
    key: `provider-refund:${card.id}:${event.amountRefunded}`,
  });
  if (event.amountRefunded >= event.amount) await tx.query(`update gift_cards set status = 'void' where id = $1`, [card.id]);
  return outcome('taken back', card);
}

/**
 * A gift card's payment: a success for the card's whole price issues it, once, with its messages; a
 * success that cannot issue it is given back.
 */
export const giftCardPurchases: PaymentPurpose = {
  name: PAYS_FOR_GIFT_CARD,
  async settle(tx, event) {
    const [card] = await tx.query<PaidCard>(`select ${PAID_CARD_COLUMNS} from gift_cards where payment_intent_id = $1 for update`, [
      event.intentId,
    ]);
    if (!card) return null;
    if (event.type === 'refunded') return takeBackRefunded(tx, card, event);
    // A failure, or a success told again for a card it issued.
    if (event.type !== 'succeeded' || card.issued_at !== null) return outcome('not issued', card);
    if (!paysInFull(card, event) || card.status === 'void') return giveBackPayment(tx, card, event);
    if (!(await activateCard(tx, card.id, `payment:${event.intentId}`))) return outcome('not issued', card);
    await enqueueGiftCardMail(tx, card.id);
    return outcome('issued', card);
  },
  async payable(db, clientSecret) {
    const [card] = await db.query<PaidCard>(`select ${PAID_CARD_COLUMNS} from gift_cards where client_secret = $1`, [clientSecret]);
    if (!card) return null;
    return {
      intentId: card.payment_intent_id,
      amount: card.value,
      currency: card.currency,
      bookingId: null,
      payerUid: card.buyer_uid,
      operatorMayPay: false,
      ended: card.status === 'void' ? 'This gift card was cancelled before it was paid for.' : null,
      async answer() {
        // Issued now or by an earlier confirmation of the same payment: the card says which.
        const [state] = await db.query<{ status: string }>(`select status from gift_cards where id = $1`, [card.id]);
        if (state?.status !== 'active')
          throw new DomainError('conflict', 'This payment could not be matched to your gift card. Please contact us.');
        return { status: 'succeeded', giftCardId: card.id };
      },
    };
  },
};
