/**
 * A gift card code typed where something is paid, looked up before it pays (the API's balance,
 * counted against guessing like every code typed): an unknown or empty code, one already in use, a
 * fourth, or one that cannot pay this (a trip voucher for another activity, or for a fee) is refused
 * at its field and never spoils the hold.
 */
import type * as v from 'valibot';
import { GIFT_CARD_EMPTY, type giftBalanceAnswer } from '../../../shared/contract/gift-cards.ts';
import { MAX_GIFT_CARDS, TOO_MANY_GIFT_CARDS } from '../../../shared/rules/gift-card-split.ts';
import { giftCodeOf } from '../../../shared/rules/gift-card-code.ts';
import { shownError } from '../../lib/api/api-error.ts';
import { api } from '../../stores/api.ts';

export const GIFT_CARD_USED = 'This gift card is already used on this order.';

export type GiftBalance = v.InferOutput<typeof giftBalanceAnswer>;

/** The code as stored when it can pay here; else why not, in words for its field. */
export async function lookUpGiftCode(
  typed: string,
  inUse: readonly string[],
  /** Why this card cannot pay here, or null when it can. */
  cannotPay: (card: GiftBalance) => string | null,
): Promise<{ code: string } | { refused: string }> {
  if (inUse.length >= MAX_GIFT_CARDS) return { refused: TOO_MANY_GIFT_CARDS };
  const known = giftCodeOf(typed);
  if (known && inUse.includes(known)) return { refused: GIFT_CARD_USED };
  try {
    const card = await api.giftCardBalance({ body: { code: typed } });
    const why = cannotPay(card) ?? (card.balance <= 0 ? GIFT_CARD_EMPTY : null);
    return why ? { refused: why } : { code: known ?? typed.trim().toUpperCase() };
  } catch (error) {
    return { refused: shownError(error, 'The gift card could not be checked. Please try again.') };
  }
}
