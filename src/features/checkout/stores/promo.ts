/**
 * The promo code of the order: kept only once the API accepted it, with the API's total for the
 * whole order; cleared when refused. The payment intent follows it (./payment-intent.ts), so the
 * actions that change the code are taken there.
 */
import { atom, type ReadableAtom } from 'nanostores';
import * as v from 'valibot';
import { ApiError } from '../../../lib/api/api-error.ts';
import { INVALID_PROMO_MESSAGE, NO_PRICE_MESSAGE, PROMO_ERROR_MESSAGE } from '../../../../shared/contract/messages.ts';
import { orderFigures } from '../rules/order.ts';
import { promoCodeSchema } from '../../../../shared/contract/requests.ts';
import { api } from '../../../stores/api.ts';
import { $cart } from '../../booking/stores/cart.ts';

export type PromoState =
  | { status: 'none' }
  | { status: 'applying'; code: string }
  /** `finalTotal`: the server's figure for the whole order of `quantity`, in cents. */
  | { status: 'accepted'; code: string; finalTotal: number; quantity: number }
  | { status: 'failed'; message: string };

const promo = atom<PromoState>({ status: 'none' });
export const $promo: ReadableAtom<PromoState> = promo;

/** Each request has a number; only the newest one's answer counts. */
let generation = 0;

/** The code the payment intent is made with: the accepted one, or none. */
export function acceptedPromoCode(): string | null {
  const state = promo.get();
  return state.status === 'accepted' ? state.code : null;
}

/**
 * Asks the API about a code for the order in the cart: accepted, the code and the server's total
 * are kept; refused (400) 'Invalid promo code', any other failure 'An error occurred while
 * applying the promo code.', and the code is cleared. False when a newer request came meanwhile.
 */
export async function askForPromo(input: string): Promise<boolean> {
  generation += 1;
  const mine = generation;
  const parsed = v.safeParse(promoCodeSchema, input);
  const cart = $cart.get();
  if (!parsed.success) return failed(INVALID_PROMO_MESSAGE);
  if (!cart.selectedPriceId) return failed(NO_PRICE_MESSAGE);
  const code = parsed.output;
  const quantity = Math.max(1, orderFigures(cart).quantity);
  promo.set({ status: 'applying', code });
  try {
    const answer = await api.applyPromo({ body: { promoCode: code, selectedPriceId: cart.selectedPriceId, quantity } });
    if (mine !== generation) return false;
    promo.set({ status: 'accepted', code: answer.promoCode || code, finalTotal: answer.finalTotal, quantity });
  } catch (error) {
    if (mine !== generation) return false;
    if (!(error instanceof ApiError)) console.error('Applying the promo code failed', error);
    return failed(error instanceof ApiError && error.status === 400 ? INVALID_PROMO_MESSAGE : PROMO_ERROR_MESSAGE);
  }
  return true;
}

function failed(message: string): true {
  promo.set({ status: 'failed', message });
  return true;
}

/** No promo code, and any answer still on its way is ignored. */
export function clearPromo(): void {
  generation += 1;
  promo.set({ status: 'none' });
}
