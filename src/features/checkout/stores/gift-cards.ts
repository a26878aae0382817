/**
 * The gift cards the order is paid with, before the card: up to three codes, each looked up first
 * (../../gift-cards/gift-code-lookup.ts; a trip voucher pays only for its own activity). The payment
 * intent follows the codes kept here (./checkout-order.ts); what each card pays is the hold's answer.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { voucherElsewhere } from '../../../../shared/contract/gift-cards.ts';
import { lookUpGiftCode } from '../../gift-cards/gift-code-lookup.ts';
import { $cart } from '../../booking/stores/cart.ts';

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
  cards.set({ codes, status: 'checking', message: null });
  const found = await lookUpGiftCode(typed, codes, (card) =>
    card.kind === 'voucher' && card.activityId !== $cart.get().productId ? voucherElsewhere(card.activity ?? 'another trip') : null,
  );
  if ('refused' in found) return refused(found.refused);
  cards.set({ codes: [...cards.get().codes, found.code], status: 'idle', message: null, added: found.code });
  return true;
}

/** Stops paying with the card of `code`. */
export function dropGiftCode(code: string): void {
  cards.set({ codes: cards.get().codes.filter((each) => each !== code), status: 'idle', message: null });
}

/** No gift cards: after the payment, or a new order. */
export function clearGiftCodes(): void {
  cards.set({ codes: [], status: 'idle', message: null });
}
