/**
 * The gift cards the order is paid with, before the card: up to three codes, each looked up first
 * (the API's balance, counted against guessing like every code typed) so that an unknown or empty
 * code, or a trip voucher for another activity, is refused at its field and never spoils the hold. The payment intent follows the
 * codes kept here (./checkout-order.ts); what each card pays is the hold's answer.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { GIFT_CARD_EMPTY, voucherElsewhere } from '../../../../shared/contract/gift-cards.ts';
import { MAX_GIFT_CARDS, TOO_MANY_GIFT_CARDS } from '../../../../shared/rules/gift-card-split.ts';
import { giftCodeOf } from '../../../../shared/rules/gift-card-code.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { api } from '../../../stores/api.ts';
import { $cart } from '../../booking/stores/cart.ts';

export const GIFT_CARD_USED = 'This gift card is already used on this order.';

export interface GiftCardsState {
  /** The codes, as stored, in the order they pay. */
  codes: string[];
  status: 'idle' | 'checking' | 'failed';
  /** Why the last code typed was refused. */
  message: string | null;
  /** The code added last, to say so. */
  added?: string;
}

const cards = atom<GiftCardsState>({ codes: [], status: 'idle', message: null });
export const $giftCards: ReadableAtom<GiftCardsState> = cards;

/** The codes the payment intent is made with. */
export const giftCodes = (): string[] => cards.get().codes;

const refused = (message: string): false => {
  cards.set({ ...cards.get(), status: 'failed', message });
  return false;
};

/** Looks a typed code up and keeps it when it can pay; true when it was added. */
export async function addGiftCode(typed: string): Promise<boolean> {
  const { codes, status } = cards.get();
  if (status === 'checking') return false;
  if (codes.length >= MAX_GIFT_CARDS) return refused(TOO_MANY_GIFT_CARDS);
  const known = giftCodeOf(typed);
  if (known && codes.includes(known)) return refused(GIFT_CARD_USED);
  cards.set({ codes, status: 'checking', message: null });
  try {
    const card = await api.giftCardBalance({ body: { code: typed } });
    if (card.kind === 'voucher' && card.activityId !== $cart.get().productId)
      return refused(voucherElsewhere(card.activity ?? 'another trip'));
    if (card.balance <= 0) return refused(GIFT_CARD_EMPTY);
    const code = known ?? typed.trim().toUpperCase();
    cards.set({ codes: [...cards.get().codes, code], status: 'idle', message: null, added: code });
    return true;
  } catch (error) {
    return refused(shownError(error, 'The gift card could not be checked. Please try again.'));
  }
}

/** Stops paying with the card of `code`. */
export function dropGiftCode(code: string): void {
  cards.set({ codes: cards.get().codes.filter((each) => each !== code), status: 'idle', message: null });
}

/** No gift cards: after the payment, or a new order. */
export function clearGiftCodes(): void {
  cards.set({ codes: [], status: 'idle', message: null });
}
