/**
 * Paying the held order by card. With the local provider the card form's numbers are sent to the
 * API: a declined card (402) keeps the hold and the form for another card; a payment session the
 * server ended (404, 409) ends the hold with its reason; anything else is 'An unexpected error
 * occurred.'. A paid order empties the cart. The state belongs to the intent it was for: a new
 * hold starts with a fresh form.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import * as v from 'valibot';
import { ApiError } from '../lib/api/api-error.ts';
import { UNEXPECTED_CARD_MESSAGE } from '../../shared/contract/messages.ts';
import { localConfirmSchema } from '../../shared/contract/requests.ts';
import { api } from './api.ts';
import { $intent, completePayment, holdEndedByServer } from './payment-intent.ts';

export type CardField = 'cardNumber' | 'expiry' | 'cvc';

export type CardState =
  | { status: 'idle' }
  | { status: 'processing' }
  /** The provider's message (a declined or invalid card): the customer may try another card. */
  | { status: 'declined'; message: string; field: CardField | null }
  | { status: 'failed'; message: string }
  | { status: 'succeeded'; bookingId: string; dateId: string };

/** The last payment attempt and the payment session (client secret) it was made in. */
const attempt = atom<{ session: string | null; state: CardState }>({ session: null, state: { status: 'idle' } });

/** The card payment of the intent on screen: idle for a hold no attempt was made in; a paid one stays paid. */
export const $card: ReadableAtom<CardState> = computed([attempt, $intent], ({ session, state }, intent): CardState => {
  if (state.status === 'succeeded') return state;
  return intent.status === 'ready' && intent.clientSecret === session ? state : { status: 'idle' };
});

function settle(session: string | null, state: CardState): CardState {
  attempt.set({ session, state });
  return state;
}

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

/**
 * The local card call's body for the payment session `clientSecret`, or why the card cannot be sent
 * (a declined state naming the field), checked as the API checks it.
 */
export function checkedCard(
  clientSecret: string,
  input: CardInput,
): { ok: true; body: v.InferOutput<typeof localConfirmSchema> } | { ok: false; state: CardState } {
  const checked = v.safeParse(localConfirmSchema, { clientSecret, ...normalizeCard(input) });
  if (checked.success) return { ok: true, body: checked.output };
  const issue = checked.issues[0];
  const key = issue?.path?.[0]?.key;
  const field = key === 'cardNumber' || key === 'expiry' || key === 'cvc' ? key : null;
  return { ok: false, state: { status: 'declined', message: issue?.message ?? UNEXPECTED_CARD_MESSAGE, field } };
}

/**
 * Pays a payment session other than the checkout's own hold (a change of date's fee, a booking an
 * operator takes by card) with the local provider's test card: the card's new state. A declined card
 * (402) may be tried again; another refusal says why.
 */
export async function payWithLocalCard(clientSecret: string, input: CardInput, bookingId: string): Promise<CardState> {
  const checked = checkedCard(clientSecret, input);
  if (!checked.ok) return checked.state;
  try {
    const answer = await api.confirmLocalPayment(checked.body);
    return { status: 'succeeded', bookingId, dateId: answer.dateId };
  } catch (error) {
    return error instanceof ApiError && error.status === 402
      ? { status: 'declined', message: error.message, field: null }
      : { status: 'failed', message: error instanceof ApiError && error.status < 500 ? error.message : UNEXPECTED_CARD_MESSAGE };
  }
}

/** Where a paid local checkout goes: /payment-success checks the booking with the API before it says so. */
export function localSuccessPath(bookingId: string, dateId: string): string {
  return `/payment-success?${new URLSearchParams({ provider: 'local', booking: bookingId, date: dateId }).toString()}`;
}

/** Pays the held order with the local provider's test card form. */
export async function confirmLocalCard(input: CardInput): Promise<CardState> {
  const intent = $intent.get();
  if ($card.get().status === 'processing') return $card.get();
  if (intent.status !== 'ready' || intent.provider !== 'local') return settle(null, { status: 'failed', message: UNEXPECTED_CARD_MESSAGE });
  const session = intent.clientSecret;
  const checked = checkedCard(session, input);
  if (!checked.ok) return settle(session, checked.state);
  settle(session, { status: 'processing' });
  try {
    const answer = await api.confirmLocalPayment(checked.body);
    const paid = settle(session, { status: 'succeeded', bookingId: intent.bookingId, dateId: answer.dateId });
    completePayment();
    return paid;
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) {
      return settle(session, { status: 'declined', message: error.message || UNEXPECTED_CARD_MESSAGE, field: null });
    }
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
      holdEndedByServer(intent, error.message);
      return settle(session, { status: 'idle' });
    }
    if (error instanceof ApiError && error.status === 400)
      return settle(session, { status: 'declined', message: error.message, field: null });
    if (!(error instanceof ApiError)) console.error('The local card payment failed', error);
    return settle(session, { status: 'failed', message: UNEXPECTED_CARD_MESSAGE });
  }
}

/** The message a Stripe error shows: its own for card and validation errors, else 'An unexpected error occurred.'. */
export function stripeErrorMessage(error: { type?: string; message?: string | undefined } | null | undefined): string {
  if (error && (error.type === 'card_error' || error.type === 'validation_error') && error.message) return error.message;
  return UNEXPECTED_CARD_MESSAGE;
}
