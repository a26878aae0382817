/**
 * What the payment step does to the order it shows: the payment intent follows the order (and the
 * promo code) while the step is on screen, through the intent's own actions (./payment-intent.ts).
 */
import { cartIsEmpty } from '../rules/order.ts';
import { $authUser } from '../../../stores/auth.ts';
import { $cart } from '../../booking/stores/cart.ts';
import { $intent, checkHold, createIntent } from './payment-intent.ts';
import { acceptedPromoCode, askForPromo, clearPromo } from './promo.ts';
import { addGiftCode, dropGiftCode } from './gift-cards.ts';

/**
 * While the payment step is on screen: the intent is created once the user, the price and the date
 * exist, and again whenever the order changes (another tab, another date); a hold whose time passed
 * while the tab was hidden ends when it is shown again. Returns the way to stop.
 */
export function followOrder(invite: string | null, offer: string | null = null): () => void {
  let lastOrder: string | null = null;
  const follow = () => {
    const cart = $cart.get();
    const uid = $authUser.get()?.uid ?? null;
    if (cartIsEmpty(cart) || !uid) return void (lastOrder = null);
    const order = JSON.stringify([
      uid,
      cart.selectedPriceId,
      cart.dateId,
      cart.calendar,
      cart.partySize,
      cart.startDate,
      cart.endDate,
      invite,
      offer,
    ]);
    if (order === lastOrder) return;
    lastOrder = order;
    void createIntent({ inviteCode: invite, offerId: offer });
  };
  const lookAtClock = () => {
    if (document.visibilityState === 'visible') checkHold();
  };
  const stopCart = $cart.subscribe(follow);
  const stopUser = $authUser.listen(follow);
  document.addEventListener('visibilitychange', lookAtClock);
  return () => {
    stopCart();
    stopUser();
    document.removeEventListener('visibilitychange', lookAtClock);
  };
}

/** The intent follows the promo code: made again when the code it was made with is not the accepted one. */
function followPromo(): Promise<void> {
  const state = $intent.get();
  if (state.status === 'ready' && state.promoCode === acceptedPromoCode()) return Promise.resolve();
  if (state.status === 'idle' || state.status === 'expired') return Promise.resolve();
  return createIntent();
}

/** Applies a promo code (./promo.ts says how it is judged); the intent is then made again with it, so the amount charged falls. */
export async function applyPromo(input: string): Promise<void> {
  if (await askForPromo(input)) return followPromo();
}

/** Pays with one more gift card (./gift-cards.ts looks it up first); the intent is made again with it. */
export async function applyGiftCard(typed: string): Promise<void> {
  if (await addGiftCode(typed)) await followGiftCards();
}

/** Stops paying with a gift card; the intent is made again without it. */
export function removeGiftCard(code: string): Promise<void> {
  dropGiftCode(code);
  return followGiftCards();
}

/** The intent follows the gift cards: made again with them, unless no hold was made or it ended (Hold my seats again makes it). */
function followGiftCards(): Promise<void> {
  const state = $intent.get();
  if (state.status === 'idle' || state.status === 'expired') return Promise.resolve();
  return createIntent();
}

/** Goes on without a promo code (for one the hold itself refused). */
export function removePromo(): Promise<void> {
  clearPromo();
  return followPromo();
}
