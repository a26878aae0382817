/**
 * Money given back when a paid booking is cancelled, routed by the way it was paid: gift cards'
 * share back onto those cards at once (../gift-cards/spend.ts); a card's part through the payment
 * outbox (the refund is claimed in the caller's transaction, for the caller to carry out after the
 * commit, and retried by the outbox's worker); cash or a check flagged for the office to give back
 * by hand.
 */
import type { Queryable } from '../db/client.ts';
import { enqueueAction, type ActionReason, type ClaimedAction } from '../payment-outbox/actions.ts';
import { flagRefundByHand } from './flags.ts';
import { refundToCards } from '../gift-cards/spend.ts';
import { refundSplit } from '../../shared/rules/gift-card-split.ts';

/** A payment to give back part or all of: the booking it paid for, and its card payment's intent (null when paid by hand). */
export interface PaidFor {
  bookingId: string;
  intentId: string | null;
  currency: string;
  /** The booking's price and the part of it gift cards paid, when they may have paid some (a checkout's booking). */
  split?: { amount: number; giftAmount: number };
}

/**
 * Gives back `amount` cents of `paid` for `reason` (the flag's words when it goes back by hand,
 * `byHand` when they say more); the claimed card refund, or null (by hand, nothing to give back, or
 * a refund already owed for this booking's cancellation).
 */
export async function giveBack(
  tx: Queryable,
  paid: PaidFor,
  amount: number,
  reason: ActionReason,
  byHand: string = reason,
): Promise<ClaimedAction | null> {
  if (amount <= 0) return null;
  // Gift cards get their share back at once, in proportion to what they paid; the rest goes the way it came.
  const { toGiftCards } = refundSplit(amount, paid.split?.amount ?? 0, paid.split?.giftAmount ?? 0);
  amount -= await refundToCards(tx, paid.bookingId, toGiftCards, reason, reason);
  if (amount <= 0) return null;
  if (!paid.intentId) {
    await flagRefundByHand(tx, paid.bookingId, amount, paid.currency, byHand);
    return null;
  }
  return enqueueAction(tx, { kind: 'refund', purpose: 'cancellation', bookingId: paid.bookingId, intentId: paid.intentId, amount, reason });
}
