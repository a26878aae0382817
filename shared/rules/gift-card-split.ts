/**
 * How an order's total is paid when gift cards are used: each card in the order given takes what it
 * has, up to what is still owed, and the card payment takes the rest. A card payment cannot be
 * smaller than the card processor's smallest charge, so when a little is left for it, the gift cards
 * take that much less (the last one used first) and the card pays the smallest charge.
 */

/** At most this many gift cards pay one order. */
export const MAX_GIFT_CARDS = 3;
export const TOO_MANY_GIFT_CARDS = `Use up to ${MAX_GIFT_CARDS} gift cards on one booking.`;

export interface Split {
  /** Cents taken from each gift card, in the order the cards were given (0 for a card not needed). */
  fromCards: number[];
  /** Cents left for the card payment: 0, or at least the smallest charge. */
  byCard: number;
}

/** Splits `total` cents over gift cards with `balances` and a card payment of at least `minimumCharge` when there is one. */
export function splitPayment(total: number, balances: readonly number[], minimumCharge: number): Split {
  let owed = total;
  const fromCards = balances.map((balance) => {
    const taken = Math.max(0, Math.min(balance, owed));
    owed -= taken;
    return taken;
  });
  if (owed > 0 && owed < minimumCharge) {
    let giveBack = Math.min(minimumCharge, total) - owed;
    for (let index = fromCards.length - 1; index >= 0 && giveBack > 0; index -= 1) {
      const less = Math.min(fromCards[index] ?? 0, giveBack);
      fromCards[index] = (fromCards[index] ?? 0) - less;
      giveBack -= less;
      owed += less;
    }
  }
  return { fromCards, byCard: owed };
}

/**
 * How `refund` cents of a booking that cost `paid` go back when gift cards paid `giftPaid` of it: in
 * proportion to what each way of paying paid, the gift cards' share to them, the rest the way it came.
 */
export function refundSplit(refund: number, paid: number, giftPaid: number): { toGiftCards: number; rest: number } {
  const toGiftCards = giftPaid > 0 && paid > 0 ? Math.min(giftPaid, Math.round((refund * giftPaid) / paid)) : 0;
  return { toGiftCards, rest: refund - toGiftCards };
}
