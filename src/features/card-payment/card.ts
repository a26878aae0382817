/**
 * Paying by card, wherever a payment is held: checkout's order, a change of date's fee, a booking an
 * operator takes by card. The card's state as the forms show it, the local provider's card checked as
 * the API checks it, and a Stripe error's message. Nothing here knows checkout's order.
 */
import * as v from 'valibot';
import { ApiError } from '../../lib/api/api-error.ts';
import { UNEXPECTED_CARD_MESSAGE } from '../../../shared/contract/messages.ts';
import { localConfirmSchema } from '../../../shared/contract/requests.ts';
import { api } from '../../stores/api.ts';

export type CardField = 'cardNumber' | 'expiry' | 'cvc';

export type CardState =
  | { status: 'idle' }
  | { status: 'processing' }
  /** The provider's message (a declined or invalid card): the customer may try another card. */
  | { status: 'declined'; message: string; field: CardField | null }
  | { status: 'failed'; message: string }
  | { status: 'succeeded'; bookingId: string; dateId: string };

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

/** The date a hold's payment booked, from the local card call's answer (which names a gift card instead when it paid for one). */
export const dateBooked = (answer: { dateId: string } | { giftCardId: string }): string => ('dateId' in answer ? answer.dateId : '');

/**
 * Pays a payment session other than the checkout's own hold (a change of date's fee, a booking an
 * operator takes by card) with the local provider's test card: the card's new state. A declined card
 * (402) may be tried again; another refusal says why.
 */
export async function payWithLocalCard(clientSecret: string, input: CardInput, bookingId: string): Promise<CardState> {
  const checked = checkedCard(clientSecret, input);
  if (!checked.ok) return checked.state;
  try {
    const answer = await api.confirmLocalPayment({ body: checked.body });
    return { status: 'succeeded', bookingId, dateId: dateBooked(answer) };
  } catch (error) {
    return error instanceof ApiError && error.status === 402
      ? { status: 'declined', message: error.message, field: null }
      : { status: 'failed', message: error instanceof ApiError && error.status < 500 ? error.message : UNEXPECTED_CARD_MESSAGE };
  }
}

/** The message a Stripe error shows: its own for card and validation errors, else 'An unexpected error occurred.'. */
export function stripeErrorMessage(error: { type?: string; message?: string | undefined } | null | undefined): string {
  if (error && (error.type === 'card_error' || error.type === 'validation_error') && error.message) return error.message;
  return UNEXPECTED_CARD_MESSAGE;
}
