/**
 * The checkout's payment step (spec sections 2, 4, 5 and 8; design section 3): the promo code, the
 * payment intent that holds the seats, the local provider's card payment and, on /payment-success,
 * the check that a payment really went through.
 *
 * Amounts come from the server: the total shown is the promo answer's `finalTotal` and, once the
 * intent exists, its `amount` (what the card is charged). A payment intent holds the seats until
 * `expiresAt`; `$intent` turns `expired` when that passes, and `holdAgain` asks for a new hold.
 *
 * The current hold is recorded in `$checkoutHold` (./checkout-hold.ts) so the booking pages can
 * tell the visitor's own held seats from other people's; it is cleared once the payment succeeded.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { Stripe } from '@stripe/stripe-js';
import * as v from 'valibot';
import { PUBLIC_STRIPE_PUBLISHABLE_KEY } from 'astro:env/client';
import { ApiError, NO_USER_MESSAGE } from '../lib/api-client.ts';
import type { DatabaseUser } from '../lib/api-types.ts';
import { cartTotal } from '../lib/cart.ts';
import { msLeft } from '../lib/countdown.ts';
import { inclusiveDenverDays } from '../lib/dates.ts';
import { orderQuantity } from '../lib/pricing.ts';
import { localConfirmSchema, PARTY_SIZE_MAX, PARTY_SIZE_MIN, promoCodeSchema, type PaymentIntentRequest } from '../lib/schemas.ts';
import { $authError, $authUser, protectedFetch, startAuth } from './auth.ts';
import { $cart, emptyCart, type Cart } from './cart.ts';
import { $checkoutHold } from './checkout-hold.ts';

// ---- Texts (spec sections 5 and 8) ----

export const NO_PRICE_MESSAGE = 'Please select a tour type before proceeding.';
export const NO_USER_PAYMENT_MESSAGE = 'You must be logged in to proceed with payment.';
export const NO_DATE_MESSAGE = 'Please select a valid date for your tour.';
export const NO_PARTY_MESSAGE = 'Please specify a valid party size.';
export const INTENT_FAILED_PREFIX = 'Failed to create payment intent: ';
export const MISSING_SECRET_MESSAGE = 'Payment intent creation failed. Missing client secret.';
export const INVALID_PROMO_MESSAGE = 'Invalid promo code';
export const PROMO_ERROR_MESSAGE = 'An error occurred while applying the promo code.';
export const UNEXPECTED_CARD_MESSAGE = 'An unexpected error occurred.';

// ---- The order ----

export interface OrderFigures {
  /** Calendar days in Kamas, both ends included; 0 without a valid date. */
  days: number;
  /** Party size x days (spec section 5). */
  quantity: number;
}

export function orderFigures(cart: Pick<Cart, 'startDate' | 'endDate' | 'partySize'>): OrderFigures {
  const days = inclusiveDenverDays(cart.startDate, cart.endDate ?? cart.startDate);
  return { days, quantity: orderQuantity(cart.partySize ?? 0, days) };
}

/** Spec section 2: the payment page with no selected price or date shows 'Your Cart is Empty'. */
export function cartIsEmpty(cart: Pick<Cart, 'selectedPrice' | 'selectedPriceId' | 'startDate' | 'dateId'>): boolean {
  return !cart.selectedPriceId || !cart.selectedPrice || !cart.startDate || !cart.dateId;
}

// ---- Promo code (spec section 4: stored only if accepted; cleared on failure) ----

export type PromoState =
  | { status: 'none' }
  | { status: 'applying'; code: string }
  /** `finalTotal`: the server's figure for the whole order of `quantity`, in cents. */
  | { status: 'accepted'; code: string; finalTotal: number; quantity: number }
  | { status: 'failed'; message: string };

const promo = atom<PromoState>({ status: 'none' });
export const $promo: ReadableAtom<PromoState> = promo;

/** The code the intent is made with: the accepted one, or none. */
function acceptedCode(): string | null {
  const state = promo.get();
  return state.status === 'accepted' ? state.code : null;
}

// ---- The payment intent (the hold on the seats) ----

export type IntentProvider = 'local' | 'stripe';

export interface ReadyIntent {
  status: 'ready';
  clientSecret: string;
  /** What the card is charged, in cents: the server's figure for the whole order. */
  amount: number;
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
export const $orderTotal: ReadableAtom<number> = computed([$cart, promo, intent], (cart, promoState, intentState) => {
  if (intentState.status === 'ready') return intentState.amount;
  if (promoState.status === 'accepted' && promoState.quantity === orderFigures(cart).quantity) return promoState.finalTotal;
  return cartTotal(cart);
});

// ---- The card payment ----

export type CardField = 'cardNumber' | 'expiry' | 'cvc';

export type CardState =
  | { status: 'idle' }
  | { status: 'processing' }
  /** The provider's message (a declined or invalid card): the customer may try another card. */
  | { status: 'declined'; message: string; field: CardField | null }
  | { status: 'failed'; message: string }
  | { status: 'succeeded'; bookingId: string; dateId: string };

const card = atom<CardState>({ status: 'idle' });
export const $card: ReadableAtom<CardState> = card;

// ---- Creating the intent ----

type Checked = { ok: true; body: PaymentIntentRequest; key: string } | { ok: false; message: string };

let inviteCode: string | null = null;

/** The spec's preconditions, in its order, then the request the API takes. */
function checkOrder(): Checked {
  const cart = $cart.get();
  const user = $authUser.get();
  if (!cart.selectedPriceId || !cart.selectedPrice) return { ok: false, message: NO_PRICE_MESSAGE };
  if (!user) return { ok: false, message: NO_USER_PAYMENT_MESSAGE };
  const { days, quantity } = orderFigures(cart);
  if (!cart.dateId || !cart.startDate || !cart.calendar || days < 1) return { ok: false, message: NO_DATE_MESSAGE };
  const partySize = cart.partySize;
  if (partySize === null || !Number.isInteger(partySize) || partySize < PARTY_SIZE_MIN || partySize > PARTY_SIZE_MAX) {
    return { ok: false, message: NO_PARTY_MESSAGE };
  }
  const promoCode = acceptedCode();
  const body: PaymentIntentRequest = {
    priceId: cart.selectedPriceId,
    quantity,
    ...(promoCode ? { promoCode } : {}),
    metadata: {
      userId: user.uid,
      dateId: cart.dateId,
      partySize,
      calendar: cart.calendar,
      ...(inviteCode ? { inviteCode } : {}),
      stripeId: cart.selectedPriceId,
      email: user.email,
    },
  };
  return { ok: true, body, key: JSON.stringify(body) };
}

const intentAnswerSchema = v.object({
  clientSecret: v.optional(v.nullable(v.string())),
  bookingId: v.string(),
  amount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  currency: v.string(),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
  provider: v.picklist(['local', 'stripe']),
});

/** 'Failed to create payment intent: ' and the server's reason, without saying it twice. */
function intentFailure(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (reason === NO_USER_MESSAGE) return NO_USER_PAYMENT_MESSAGE;
  return reason.startsWith(INTENT_FAILED_PREFIX) ? reason : `${INTENT_FAILED_PREFIX}${reason}`;
}

/** Each request to create an intent has a number; only the newest one's answer counts. */
let generation = 0;
let readyKey: string | null = null;
let inFlight: { key: string; promise: Promise<void> } | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | null = null;

function stopExpiryTimer() {
  if (expiryTimer !== null) clearTimeout(expiryTimer);
  expiryTimer = null;
}

function setIntent(next: IntentState) {
  stopExpiryTimer();
  if (next.status !== 'ready') readyKey = null;
  intent.set(next);
}

/** Sets `expired` once the hold's end has passed; the payment step calls it as its clock ticks. */
export function checkHold(now = Date.now()): void {
  const state = intent.get();
  if (state.status === 'ready' && msLeft(state.expiresAt, now) <= 0) setIntent({ status: 'expired', reason: null });
}

function scheduleExpiry(expiresAt: string) {
  stopExpiryTimer();
  // setTimeout's longest wait is about 24.8 days; a hold lasts minutes.
  const wait = Math.min(msLeft(expiresAt, Date.now()), 2 ** 31 - 1);
  expiryTimer = setTimeout(() => {
    expiryTimer = null;
    checkHold();
    const state = intent.get();
    // A timer that fired a little early (a sleeping tab, a coarse clock) looks again.
    if (state.status === 'ready' && state.expiresAt === expiresAt) scheduleExpiry(expiresAt);
  }, wait);
}

/**
 * Creates the payment intent, which holds the seats (spec section 4: once user, price and start
 * date exist). The spec's preconditions are checked first, in its order. The same order again keeps
 * the hold it has; `force` asks the server anyway (Hold my seats again). `inviteCode`, once given,
 * is sent with every later request too.
 */
export function createIntent(options: { inviteCode?: string | null; force?: boolean } = {}): Promise<void> {
  if (options.inviteCode !== undefined) inviteCode = options.inviteCode;
  const checked = checkOrder();
  if (!checked.ok) {
    generation += 1;
    inFlight = null;
    setIntent({ status: 'failed', message: checked.message });
    return Promise.resolve();
  }
  const current = intent.get();
  if (!options.force) {
    if (current.status === 'ready' && readyKey === checked.key && msLeft(current.expiresAt, Date.now()) > 0) return Promise.resolve();
    if (inFlight?.key === checked.key) return inFlight.promise;
  }
  generation += 1;
  const mine = generation;
  setIntent({ status: 'creating' });
  const promise = (async () => {
    try {
      const answer = await protectedFetch<unknown>('/stripe/create-payment-intent', { method: 'POST', body: checked.body });
      if (mine !== generation) return;
      const parsed = v.safeParse(intentAnswerSchema, answer);
      const clientSecret = answer && typeof answer === 'object' ? (answer as { clientSecret?: unknown }).clientSecret : undefined;
      if (typeof clientSecret !== 'string' || clientSecret === '') {
        setIntent({ status: 'failed', message: MISSING_SECRET_MESSAGE });
        return;
      }
      if (!parsed.success) {
        setIntent({ status: 'failed', message: `${INTENT_FAILED_PREFIX}the answer could not be read.` });
        return;
      }
      const ready: ReadyIntent = {
        status: 'ready',
        clientSecret,
        amount: parsed.output.amount,
        currency: parsed.output.currency,
        expiresAt: parsed.output.expiresAt,
        provider: parsed.output.provider,
        bookingId: parsed.output.bookingId,
        promoCode: checked.body.promoCode ?? null,
      };
      setIntent(ready);
      readyKey = checked.key;
      card.set({ status: 'idle' });
      $checkoutHold.set({ dateId: checked.body.metadata.dateId, expiresAt: ready.expiresAt, partySize: checked.body.metadata.partySize });
      if (msLeft(ready.expiresAt, Date.now()) <= 0) setIntent({ status: 'expired', reason: null });
      else scheduleExpiry(ready.expiresAt);
    } catch (error) {
      if (mine !== generation) return;
      setIntent({ status: 'failed', message: intentFailure(error) });
    }
  })();
  inFlight = { key: checked.key, promise };
  void promise.finally(() => {
    if (inFlight?.promise === promise) inFlight = null;
  });
  return promise;
}

/** Hold my seats again: a new hold for the same order after the last one ran out. */
export function holdAgain(): Promise<void> {
  return createIntent({ force: true });
}

/** The intent follows the promo code: made again when the code it was made with is not the accepted one. */
function followPromo(): Promise<void> {
  const state = intent.get();
  if (state.status === 'ready' && state.promoCode === acceptedCode()) return Promise.resolve();
  if (state.status === 'idle' || state.status === 'expired') return Promise.resolve();
  return createIntent();
}

let promoGeneration = 0;

/**
 * Applies a promo code to the order: accepted, the code and the server's total are kept and the
 * intent is made again with it, so the amount charged falls; refused (400) 'Invalid promo code',
 * any other failure 'An error occurred while applying the promo code.', and the code is cleared.
 */
export async function applyPromo(input: string): Promise<void> {
  promoGeneration += 1;
  const mine = promoGeneration;
  const parsed = v.safeParse(promoCodeSchema, input);
  const cart = $cart.get();
  if (!parsed.success) {
    promo.set({ status: 'failed', message: INVALID_PROMO_MESSAGE });
    return followPromo();
  }
  if (!cart.selectedPriceId) {
    promo.set({ status: 'failed', message: NO_PRICE_MESSAGE });
    return followPromo();
  }
  const code = parsed.output;
  const quantity = Math.max(1, orderFigures(cart).quantity);
  promo.set({ status: 'applying', code });
  try {
    const answer = await protectedFetch<{ promoCode?: unknown; finalTotal?: unknown }>('/promo/apply', {
      method: 'POST',
      body: { promoCode: code, selectedPriceId: cart.selectedPriceId, quantity },
    });
    if (mine !== promoGeneration) return;
    if (typeof answer.finalTotal !== 'number') throw new Error('The promo answer has no final total');
    promo.set({
      status: 'accepted',
      code: typeof answer.promoCode === 'string' && answer.promoCode ? answer.promoCode : code,
      finalTotal: answer.finalTotal,
      quantity,
    });
  } catch (error) {
    if (mine !== promoGeneration) return;
    if (!(error instanceof ApiError)) console.error('Applying the promo code failed', error);
    promo.set({
      status: 'failed',
      message: error instanceof ApiError && error.status === 400 ? INVALID_PROMO_MESSAGE : PROMO_ERROR_MESSAGE,
    });
  }
  return followPromo();
}

/** Goes on without a promo code (for one the hold itself refused). */
export function removePromo(): Promise<void> {
  promoGeneration += 1;
  promo.set({ status: 'none' });
  return followPromo();
}

// ---- Paying with the local provider's test card form ----

export interface CardInput {
  cardNumber: string;
  /** MM/YY; MMYY is read as MM/YY. */
  expiry: string;
  cvc: string;
}

function normalizeCard(input: CardInput): CardInput {
  const expiry = input.expiry.trim();
  const compact = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(expiry);
  return {
    cardNumber: input.cardNumber.trim().replace(/[\s-]+/g, ' '),
    expiry: compact ? `${compact[1]}/${compact[2]}` : expiry,
    cvc: input.cvc.trim(),
  };
}

/** Where a paid local checkout goes: /payment-success checks the booking with the API before it says so. */
export function localSuccessPath(bookingId: string, dateId: string): string {
  return `/payment-success?${new URLSearchParams({ provider: 'local', booking: bookingId, date: dateId }).toString()}`;
}

/**
 * Pays the held order with the local provider. A declined card (402) keeps the hold and the form;
 * an ended session (404, 409) ends the hold with the server's reason; anything else is 'An
 * unexpected error occurred.'. On success the cart is emptied and the hold record cleared.
 */
export async function confirmLocalCard(input: CardInput): Promise<CardState> {
  const state = intent.get();
  if (card.get().status === 'processing') return card.get();
  if (state.status !== 'ready' || state.provider !== 'local') {
    const failed: CardState = { status: 'failed', message: UNEXPECTED_CARD_MESSAGE };
    card.set(failed);
    return failed;
  }
  const checked = v.safeParse(localConfirmSchema, { clientSecret: state.clientSecret, ...normalizeCard(input) });
  if (!checked.success) {
    const issue = checked.issues[0];
    const key = issue?.path?.[0]?.key;
    const declined: CardState = {
      status: 'declined',
      message: issue?.message ?? UNEXPECTED_CARD_MESSAGE,
      field: key === 'cardNumber' || key === 'expiry' || key === 'cvc' ? key : null,
    };
    card.set(declined);
    return declined;
  }
  card.set({ status: 'processing' });
  const mine = generation;
  let next: CardState;
  try {
    const answer = await protectedFetch<{ status?: string; dateId?: string }>('/payments/local/confirm', {
      method: 'POST',
      body: checked.output,
    });
    if (answer.status !== 'succeeded' || typeof answer.dateId !== 'string') throw new Error('The payment was not confirmed');
    next = { status: 'succeeded', bookingId: state.bookingId, dateId: answer.dateId };
    completePayment();
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) {
      next = { status: 'declined', message: error.message || UNEXPECTED_CARD_MESSAGE, field: null };
    } else if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
      next = { status: 'idle' };
      if (mine === generation) {
        generation += 1;
        setIntent({ status: 'expired', reason: error.message });
      }
    } else if (error instanceof ApiError && error.status === 400) {
      next = { status: 'declined', message: error.message, field: null };
    } else {
      if (!(error instanceof ApiError)) console.error('The local card payment failed', error);
      next = { status: 'failed', message: UNEXPECTED_CARD_MESSAGE };
    }
  }
  card.set(next);
  return next;
}

/** The message a Stripe error shows (its documented pattern): its own for card and validation errors. */
export function stripeErrorMessage(error: { type?: string; message?: string | undefined } | null | undefined): string {
  if (error && (error.type === 'card_error' || error.type === 'validation_error') && error.message) return error.message;
  return UNEXPECTED_CARD_MESSAGE;
}

// ---- After the payment ----

/** Empties the cart: the whole selection, on every page and in every tab. */
export function clearCart(): void {
  emptyCart();
}

/** The payment went through: the cart is emptied, the hold record cleared and the step's state reset. */
export function completePayment(): void {
  generation += 1;
  promoGeneration += 1;
  inFlight = null;
  stopExpiryTimer();
  readyKey = null;
  clearCart();
  $checkoutHold.set(null);
  promo.set({ status: 'none' });
  intent.set({ status: 'idle' });
}

// ---- Stripe, loaded only when a payment needs it ----

let stripeLoading: Promise<Stripe | null> | null = null;

/** Stripe.js with the publishable key, loaded once, on first use; null without a key. A failed load is tried again next time. */
export function loadStripeOnce(): Promise<Stripe | null> {
  const key = PUBLIC_STRIPE_PUBLISHABLE_KEY;
  if (!key) return Promise.resolve(null);
  stripeLoading ??= import('@stripe/stripe-js')
    .then(({ loadStripe }) => loadStripe(key))
    .catch((error: unknown) => {
      stripeLoading = null;
      throw error;
    });
  return stripeLoading;
}

// ---- /payment-success ----

export type PaymentOutcome =
  | { status: 'succeeded' }
  /** Stripe is still processing the payment. */
  | { status: 'processing' }
  /** The payment did not go through (Stripe: requires_payment_method, canceled, ...). */
  | { status: 'failed' }
  /** A cold visit: nothing in the address, or no such payment for the visitor. */
  | { status: 'none' }
  /** The payment could not be checked just now (offline, Stripe or sign-in unavailable). */
  | { status: 'unverified' };

export interface VerifyDeps {
  /** The status of a Stripe payment intent; defaults to Stripe.js's retrievePaymentIntent. */
  stripeIntentStatus?: (clientSecret: string) => Promise<string | null>;
}

async function retrieveStripeStatus(clientSecret: string): Promise<string | null> {
  const stripe = await loadStripeOnce();
  if (!stripe) return null;
  const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
  if (error || !paymentIntent) return null;
  return paymentIntent.status;
}

/**
 * Whether the payment in /payment-success's address really succeeded. Stripe returns with
 * `payment_intent_client_secret` and `redirect_status`; the intent's own status decides. The local
 * provider's checkout comes with `provider=local&date=<dateId>`; it succeeded when the signed-in
 * user's bookings (GET /users/user/{uid}) hold that date. Success empties the cart.
 */
export async function verifyPayment(search: string, deps: VerifyDeps = {}): Promise<PaymentOutcome> {
  const params = new URLSearchParams(search);
  const clientSecret = params.get('payment_intent_client_secret');
  let outcome: PaymentOutcome;
  if (clientSecret) {
    outcome = await stripeOutcome(clientSecret, deps.stripeIntentStatus ?? retrieveStripeStatus);
  } else if (params.get('provider') === 'local' && params.get('date')) {
    outcome = await localOutcome(params.get('date') ?? '');
  } else {
    outcome = { status: 'none' };
  }
  if (outcome.status === 'succeeded') completePayment();
  return outcome;
}

async function stripeOutcome(clientSecret: string, status: (secret: string) => Promise<string | null>): Promise<PaymentOutcome> {
  let value: string | null;
  try {
    value = await status(clientSecret);
  } catch (error) {
    console.error('Could not read the payment intent', error);
    return { status: 'unverified' };
  }
  switch (value) {
    case 'succeeded':
      return { status: 'succeeded' };
    case 'processing':
    case 'requires_capture':
      return { status: 'processing' };
    case null:
      return { status: 'unverified' };
    default:
      return { status: 'failed' };
  }
}

async function localOutcome(dateId: string): Promise<PaymentOutcome> {
  await startAuth();
  const user = $authUser.get();
  if (!user) return { status: $authError.get() ? 'unverified' : 'none' };
  try {
    const dbUser = await protectedFetch<DatabaseUser>(`/users/user/${encodeURIComponent(user.uid)}`);
    return { status: Array.isArray(dbUser.bookings) && dbUser.bookings.includes(dateId) ? 'succeeded' : 'none' };
  } catch {
    return { status: 'unverified' };
  }
}
