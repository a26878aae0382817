/**
 * The payment intent that holds the order's seats until `expiresAt`. While the payment step is on
 * screen (`followOrder`), the intent follows the cart, the signed-in user and the promo code: a
 * changed order asks the API again, and the server replaces the hold. When the hold's time has
 * passed the intent turns `expired` (this store's timer, and a look whenever the tab is shown
 * again); `holdAgain` asks for a new hold. The hold is also recorded for the booking pages
 * (./checkout-hold.ts) until the payment succeeds.
 *
 * Amounts come from the server: the total shown is the promo answer's, then the intent's `total`,
 * with what each gift card pays and the intent's `amount` (what the card is charged).
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { cartTotal } from '../../booking/rules/cart.ts';
import { msLeft } from '../rules/countdown.ts';
import { MISSING_SECRET_MESSAGE } from '../../../../shared/contract/messages.ts';
import { orderFigures } from '../rules/order.ts';
import { checkOrder, intentFailure } from '../rules/payment-order.ts';
import type { PaymentIntentRequest } from '../../../../shared/contract/requests.ts';
import { api } from '../../../stores/api.ts';
import { $authUser } from '../../../stores/auth.ts';
import { $cart, emptyCart } from '../../booking/stores/cart.ts';
import { clearHoldRecord, recordHold } from '../../booking/stores/checkout-hold.ts';
import { $promo, acceptedPromoCode, clearPromo } from './promo.ts';
import { clearGiftCodes, giftCodes } from './gift-cards.ts';

export type IntentProvider = 'local' | 'stripe';

export interface ReadyIntent {
  status: 'ready';
  /** Null when gift cards pay the whole order: no card is asked for. */
  clientSecret: string | null;
  /** What the card is charged, in cents: the server's figure for the order, less what gift cards pay. */
  amount: number;
  /** What the order costs, in cents, gift cards' parts included. */
  total: number;
  /** What each gift card pays of it, in order. */
  giftCards: { code: string; amount: number }[];
  currency: string;
  /** ISO instant when the hold on the seats ends. */
  expiresAt: string;
  provider: IntentProvider;
  bookingId: string;
  /** The promo code the amount was computed with. */
  promoCode: string | null;
}

export type IntentState =
  | { status: 'idle' }
  | { status: 'creating' }
  | ReadyIntent
  | { status: 'failed'; message: string }
  /** The hold ran out, or the server ended the payment session (`reason`, its words). */
  | { status: 'expired'; reason: string | null };

const intent = atom<IntentState>({ status: 'idle' });
export const $intent: ReadableAtom<IntentState> = intent;

/** The total the summary shows: the intent's amount once it exists, else the promo's final total, else the cart's own. */
export const $orderTotal: ReadableAtom<number> = computed([$cart, $promo, intent], (cart, promoState, intentState) => {
  if (intentState.status === 'ready') return intentState.total;
  if (promoState.status === 'accepted' && promoState.quantity === orderFigures(cart).quantity) return promoState.finalTotal;
  return cartTotal(cart);
});

// ---- The order the intent is made for (../lib/payment-order.ts) ----

/** Sent with every request once the checkout came from an invite link. */
let inviteCode: string | null = null;
/** Sent with every request once the checkout came from a waitlist offer's link: the hold is the offer's seats. */
let offerId: string | null = null;

const currentOrder = () =>
  checkOrder($cart.get(), { user: $authUser.get(), promoCode: acceptedPromoCode(), inviteCode, offerId, giftCodes: giftCodes() });

// ---- The requests and the hold's clock ----

/** Each request has a number (`generation`); only the newest one's answer counts. */
const session = {
  generation: 0,
  /** The order the ready intent was made for. */
  readyKey: null as string | null,
  inFlight: null as { key: string; promise: Promise<void> } | null,
  expiryTimer: null as ReturnType<typeof setTimeout> | null,
};

function stopExpiryTimer() {
  if (session.expiryTimer !== null) clearTimeout(session.expiryTimer);
  session.expiryTimer = null;
}

function setIntent(next: IntentState) {
  stopExpiryTimer();
  if (next.status !== 'ready') session.readyKey = null;
  intent.set(next);
}

/** Ends a ready hold whose time has passed at `now`. */
export function checkHold(now = Date.now()): void {
  const state = intent.get();
  if (state.status === 'ready' && msLeft(state.expiresAt, now) <= 0) setIntent({ status: 'expired', reason: null });
}

function scheduleExpiry(expiresAt: string) {
  stopExpiryTimer();
  // setTimeout's longest wait is about 24.8 days; a hold lasts minutes.
  const wait = Math.min(msLeft(expiresAt, Date.now()), 2 ** 31 - 1);
  session.expiryTimer = setTimeout(() => {
    session.expiryTimer = null;
    checkHold();
    const state = intent.get();
    // A timer that fired a little early (a coarse clock) looks again.
    if (state.status === 'ready' && state.expiresAt === expiresAt) scheduleExpiry(expiresAt);
  }, wait);
}

function holdMade(ready: ReadyIntent, key: string, order: PaymentIntentRequest) {
  setIntent(ready);
  session.readyKey = key;
  recordHold({ dateId: order.metadata.dateId, expiresAt: ready.expiresAt, partySize: order.metadata.partySize });
  if (msLeft(ready.expiresAt, Date.now()) <= 0) setIntent({ status: 'expired', reason: null });
  else scheduleExpiry(ready.expiresAt);
}

/**
 * Creates the payment intent, which holds the seats. The preconditions are checked first, in
 * order. The same order again keeps the hold it has; `force` asks the server anyway (Hold my seats
 * again). `inviteCode` and `offerId`, once given, are sent with every later request too.
 */
export function createIntent(options: { inviteCode?: string | null; offerId?: string | null; force?: boolean } = {}): Promise<void> {
  if (options.inviteCode !== undefined) inviteCode = options.inviteCode;
  if (options.offerId !== undefined) offerId = options.offerId;
  const checked = currentOrder();
  if (!checked.ok) {
    session.generation += 1;
    session.inFlight = null;
    setIntent({ status: 'failed', message: checked.message });
    return Promise.resolve();
  }
  const current = intent.get();
  if (!options.force) {
    if (current.status === 'ready' && session.readyKey === checked.key && msLeft(current.expiresAt, Date.now()) > 0)
      return Promise.resolve();
    if (session.inFlight?.key === checked.key) return session.inFlight.promise;
  }
  session.generation += 1;
  const mine = session.generation;
  setIntent({ status: 'creating' });
  const promise = (async () => {
    try {
      const answer = await api.createPaymentIntent({ body: checked.body });
      if (mine !== session.generation) return;
      const { amount, currency, expiresAt, provider, bookingId } = answer;
      const clientSecret = answer.clientSecret ?? null;
      // Without a client secret only an order gift cards pay in full can go on.
      if (!clientSecret && amount > 0) return setIntent({ status: 'failed', message: MISSING_SECRET_MESSAGE });
      const promoCode = checked.body.promoCode ?? null;
      const paid = { total: answer.total ?? amount, giftCards: answer.giftCards ?? [] };
      holdMade(
        { status: 'ready', clientSecret, amount, ...paid, currency, expiresAt, provider, bookingId, promoCode },
        checked.key,
        checked.body,
      );
    } catch (error) {
      if (mine !== session.generation) return;
      setIntent({ status: 'failed', message: intentFailure(error) });
    }
  })();
  session.inFlight = { key: checked.key, promise };
  void promise.finally(() => {
    if (session.inFlight?.promise === promise) session.inFlight = null;
  });
  return promise;
}

/** Hold my seats again: a new hold for the same order after the last one ran out. */
export function holdAgain(): Promise<void> {
  return createIntent({ force: true });
}

/** The server ended the payment session of `ended` (its words in `reason`), unless another hold has been asked for since. */
export function holdEndedByServer(ended: ReadyIntent, reason: string): void {
  if (intent.get() !== ended) return;
  session.generation += 1;
  setIntent({ status: 'expired', reason });
}

// ---- After the payment ----

/** The payment went through: the cart is emptied, the hold record cleared and the order's state reset. */
export function completePayment(): void {
  session.generation += 1;
  session.inFlight = null;
  setIntent({ status: 'idle' });
  emptyCart();
  clearHoldRecord();
  clearPromo();
  clearGiftCodes();
}
