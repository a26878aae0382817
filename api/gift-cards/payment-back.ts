/**
 * A gift card's own payment, when the card ends: a card cancelled before it was paid for has its
 * payment intent cancelled, so it can no longer be paid; a bought card the office cancels unused gives
 * its payment back to the card it was bought with; a card left unpaid for a day ends the same way. Each
 * is a row of the payment outbox written in the transaction that ends the card, carried out after the
 * commit and retried, or flagged for a person, like a booking's.
 */
import type { Db, Queryable } from '../db/client.ts';
import { enqueueGiftCardAction, type ClaimedAction, type GiftCardActionReason } from '../payment-outbox/actions.ts';

/** How long a bought card waits for its payment before it ends. */
export const UNPAID_CARD_HOURS = 24;

/** A card as its ending reads it, locked by the caller. */
export interface EndingCard {
  id: string;
  status: 'pending' | 'active' | 'void';
  /** Cents on the card now. */
  balance: number;
}

/** What ending a card owes at the provider, and the cents given back to the buyer. */
export interface PaymentBack {
  actions: ClaimedAction[];
  givenBack: number;
}

/**
 * What cancelling `card` owes its payment, in the caller's transaction: an unpaid card's intent is
 * cancelled; a bought card's payment goes back, as much as is on the card and never more than was paid
 * and not already refunded at the provider's dashboard. A card the office issued or a credit owes nothing.
 */
export async function paymentBackOnCancel(tx: Queryable, card: EndingCard, reason: GiftCardActionReason): Promise<PaymentBack> {
  const [paid] = await tx.query<{ origin: string; value: number; payment_intent_id: string | null; refunded: number }>(
    `select c.origin, c.value, c.payment_intent_id,
            coalesce((select sum(l.refunded) from gift_card_ledger l where l.card_id = c.id), 0)::int as refunded
       from gift_cards c where c.id = $1`,
    [card.id],
  );
  if (!paid || paid.origin !== 'purchase' || !paid.payment_intent_id) return { actions: [], givenBack: 0 };
  if (card.status === 'pending') {
    const cancel = await enqueueGiftCardAction(tx, { kind: 'cancel', giftCardId: card.id, intentId: paid.payment_intent_id, reason });
    return { actions: cancel ? [cancel] : [], givenBack: 0 };
  }
  const givenBack = Math.min(card.balance, paid.value - paid.refunded);
  if (givenBack <= 0) return { actions: [], givenBack: 0 };
  const refund = await enqueueGiftCardAction(tx, {
    kind: 'refund',
    giftCardId: card.id,
    intentId: paid.payment_intent_id,
    reason,
    amount: givenBack,
  });
  return { actions: refund ? [refund] : [], givenBack: refund ? givenBack : 0 };
}

/**
 * Ends the bought cards whose payment has not come in UNPAID_CARD_HOURS, a batch at a time (another
 * instance skips the ones this one holds), cancelling their intents. A payment that still arrives is
 * given back (./purchase.ts).
 */
export async function endUnpaidCards(db: Db): Promise<ClaimedAction[]> {
  return db.transaction(async (tx) => {
    const ended = await tx.query<{ id: string }>(
      `update gift_cards set status = 'void'
        where id in (select id from gift_cards
                      where status = 'pending' and created_at < app_now() - make_interval(hours => $1)
                      order by created_at limit 100 for update skip locked)
        returning id`,
      [UNPAID_CARD_HOURS],
    );
    const actions: ClaimedAction[] = [];
    for (const card of ended) {
      actions.push(...(await paymentBackOnCancel(tx, { id: card.id, status: 'pending', balance: 0 }, 'gift card never paid for')).actions);
    }
    return actions;
  });
}
