/**
 * Gift cards paying for seats, in the booking's transactions. A checkout's hold takes from each card
 * what it has, up to what is owed (shared/rules/gift-card-split.ts), and the card payment is for the
 * rest; the hold's end without payment gives it back (the trigger of migration 027); its payment
 * spends it; money given back after a cancellation goes onto the cards in proportion to what each paid.
 * A trip voucher pays one seat of its own activity at the day's price, and is an amount card once spent.
 */
import { MAX_GIFT_CARDS, splitPayment, TOO_MANY_GIFT_CARDS } from '../../shared/rules/gift-card-split.ts';
import { giftCodeOf } from '../../shared/rules/gift-card-code.ts';
import type { Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { GIFT_CARD_CANCELLED, GIFT_CARD_EMPTY, VOUCHER_NOT_FOR_FEES, voucherElsewhere } from '../../shared/contract/gift-cards.ts';
import { lockCard, NO_SUCH_CARD, vouchersSpent, writeLedger, type LockedCard } from './ledger.ts';

/** The codes as typed, found again as stored, each once, in the order given; refuses any that cannot be a code, and more than three. */
export function giftCodesOf(typed: readonly string[] | null | undefined): string[] {
  const codes: string[] = [];
  for (const each of typed ?? []) {
    if (!each.trim()) continue;
    const code = giftCodeOf(each);
    if (!code) throw new DomainError('not-found', NO_SUCH_CARD);
    if (!codes.includes(code)) codes.push(code);
  }
  if (codes.length > MAX_GIFT_CARDS) throw new DomainError('invalid', TOO_MANY_GIFT_CARDS);
  return codes;
}

/** The gift card codes a hold was asked with, as its booking stores them; null for none. */
export const giftCodesKey = (codes: readonly string[]) => (codes.length > 0 ? codes.join(',') : null);

/** A gift card's part of an order: its code and the cents it pays. */
export interface CardPart {
  code: string;
  amount: number;
}

/** The card of `code` when it can pay for seats in `currency`; refused with words for the customer otherwise. */
function usable(card: LockedCard | null, currency: string): LockedCard {
  if (!card || card.status === 'pending') throw new DomainError('not-found', NO_SUCH_CARD);
  if (card.status === 'void') throw new DomainError('conflict', GIFT_CARD_CANCELLED);
  if (card.currency.toLowerCase() !== currency.toLowerCase()) throw new DomainError('invalid', NO_SUCH_CARD);
  return card;
}

/** The seat a checkout buys: its price, and what one seat costs today. */
export interface SeatBought {
  priceId: string;
  unitAmount: number;
}

/**
 * What a card can pay of the order: an amount card its balance; a trip voucher one seat of its own
 * activity at today's price, whatever it was bought for. The voucher's value is first set to that
 * price by a ledger row (kept if the checkout is abandoned: each use sets it again), so the hold,
 * its release and its spending count as for any card. A voucher for another activity, or for what is
 * not a seat (`seat` null: a change of date's fee), is refused.
 */
async function payable(tx: Queryable, card: LockedCard, seat: SeatBought | null, bookingId: string, causedBy: string): Promise<number> {
  if (card.kind === 'amount' || card.price_id === null) return card.balance;
  if (!seat) throw new DomainError('invalid', VOUCHER_NOT_FOR_FEES);
  const [activity] = await tx.query<{ same: boolean; name: string }>(
    `select bought.product_id = booked.product_id as same, product.name
       from prices bought join prices booked on booked.id = $2 join products product on product.id = bought.product_id
      where bought.id = $1`,
    [card.price_id, seat.priceId],
  );
  if (!activity?.same) throw new DomainError('invalid', voucherElsewhere(activity?.name ?? 'another trip'));
  if (card.balance <= 0) throw new DomainError('conflict', GIFT_CARD_EMPTY);
  if (card.balance !== seat.unitAmount) {
    await writeLedger(tx, card.id, {
      kind: 'adjustment',
      amount: seat.unitAmount - card.balance,
      reason: `a trip voucher for ${activity.name}: one seat at the day's price`,
      causedBy,
      bookingId,
      key: `voucher-price:${bookingId}:${card.id}`,
    });
  }
  return seat.unitAmount;
}

/**
 * Holds on the cards of `codes` their parts of the booking's `total` (its row written in this
 * transaction), each card's row locked first: of two checkouts reaching for a card's last dollars,
 * the second finds what the first left. Writes what the cards pay on the booking. Returns each card's
 * part and what is left for the card payment.
 */
export async function holdGiftCards(
  tx: Queryable,
  hold: {
    bookingId: string;
    codes: readonly string[];
    total: number;
    /** The seat bought, for a trip voucher's part; null when the total is not for seats (a change of date's fee). */
    seat: SeatBought | null;
    currency: string;
    minimumCharge: number;
    causedBy: string;
  },
): Promise<{ parts: CardPart[]; byCard: number }> {
  if (hold.codes.length === 0) return { parts: [], byCard: hold.total };
  // Locked in the codes' order, whatever order they pay in, so two checkouts using the same cards never wait for each other.
  const locked = new Map<string, { card: LockedCard; pays: number }>();
  for (const code of [...hold.codes].sort()) {
    const card = usable(await lockCard(tx, code), hold.currency);
    locked.set(code, { card, pays: await payable(tx, card, hold.seat, hold.bookingId, hold.causedBy) });
  }
  const using = hold.codes.map((code) => locked.get(code) as { card: LockedCard; pays: number });
  const cards = using.map(({ card }) => card);
  const split = splitPayment(
    hold.total,
    using.map(({ pays }) => pays),
    hold.minimumCharge,
  );
  const parts: CardPart[] = [];
  for (const [index, card] of cards.entries()) {
    const amount = split.fromCards[index] ?? 0;
    if (amount <= 0) continue;
    await writeLedger(tx, card.id, {
      kind: 'hold',
      amount: -amount,
      reason: 'held for a checkout',
      causedBy: hold.causedBy,
      bookingId: hold.bookingId,
      key: `hold:${hold.bookingId}:${card.id}`,
    });
    parts.push({ code: card.code, amount });
  }
  const giftAmount = hold.total - split.byCard;
  await tx.query(`update bookings set gift_amount = $2, gift_codes = $3 where id = $1`, [
    hold.bookingId,
    giftAmount,
    giftCodesKey(hold.codes),
  ]);
  return { parts, byCard: split.byCard };
}

/** What the booking's gift cards hold or paid for it, card by card, in the order they were used. */
export async function cardParts(q: Queryable, bookingId: string): Promise<CardPart[]> {
  return q.query<CardPart & Record<string, unknown>>(
    `select c.code, -h.amount as amount
       from gift_card_ledger h join gift_cards c on c.id = h.card_id join bookings b on b.id = h.booking_id
      where h.booking_id = $1 and h.kind = 'hold'
      order by array_position(string_to_array(b.gift_codes, ','), c.code)`,
    [bookingId],
  );
}

/**
 * Takes again, for a payment that came after its hold ended, what the hold had on gift cards and gave
 * back: spent now when every card still has it, each card's row locked. Returns a reason to refund the
 * payment instead when one has not. A part already spent is not taken twice.
 */
export async function spendGivenBack(
  tx: Queryable,
  bookingId: string,
  causedBy: string,
): Promise<'a gift card no longer has its part' | null> {
  const given = await tx.query<{ card_id: string; code: string; amount: number }>(
    `select h.card_id, c.code, -h.amount as amount from gift_card_ledger h join gift_cards c on c.id = h.card_id
      where h.booking_id = $1 and h.kind = 'hold'
        and exists (select 1 from gift_card_ledger r where r.key = 'release:' || h.booking_id || ':' || h.card_id)
        and not exists (select 1 from gift_card_ledger s where s.key = 'spend:' || h.booking_id || ':' || h.card_id)
      order by c.code`,
    [bookingId],
  );
  const cards: { id: string; amount: number }[] = [];
  for (const part of given) {
    const card = await lockCard(tx, part.code);
    if (!card || card.status !== 'active' || card.balance < part.amount) return 'a gift card no longer has its part';
    cards.push({ id: card.id, amount: part.amount });
  }
  for (const card of cards) {
    await writeLedger(tx, card.id, {
      kind: 'spend',
      amount: -card.amount,
      reason: 'paid for a booking, taken again when its late payment came',
      causedBy,
      bookingId,
      key: `spend:${bookingId}:${card.id}`,
    });
  }
  await vouchersSpent(tx, bookingId);
  return null;
}

/**
 * Puts `amount` cents given back of a booking onto the gift cards that paid for it, in proportion to
 * what each paid (what rounding leaves to the card that paid least), as one row per card under `event` (the
 * one giving back: a second call for the same event writes nothing). Returns the cents put back.
 */
export async function refundToCards(tx: Queryable, bookingId: string, amount: number, event: string, reason: string): Promise<number> {
  if (amount <= 0) return 0;
  const spent = await tx.query<{ card_id: string; amount: number }>(
    `select card_id, -sum(amount)::int as amount from gift_card_ledger where booking_id = $1 and kind = 'spend'
      group by card_id order by -sum(amount) desc, card_id`,
    [bookingId],
  );
  const paid = spent.reduce((sum, card) => sum + card.amount, 0);
  if (paid <= 0) return 0;
  const back = Math.min(amount, paid);
  let left = back;
  for (const [index, card] of spent.entries()) {
    const share = index === spent.length - 1 ? left : Math.min(left, Math.round((back * card.amount) / paid));
    left -= share;
    if (share <= 0) continue;
    await writeLedger(tx, card.card_id, {
      kind: 'refund-back',
      amount: share,
      reason,
      causedBy: `booking:${bookingId}`,
      bookingId,
      key: `refund-back:${event}:${bookingId}:${card.card_id}`,
    });
  }
  return back;
}
