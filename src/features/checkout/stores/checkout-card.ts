/**
 * Paying checkout's held order by card. With the local provider the card form's numbers are sent to
 * the API: a declined card (402) keeps the hold and the form for another card; a payment session the
 * server ended (404, 409) ends the hold with its reason; anything else is 'An unexpected error
 * occurred.'. A paid order empties the cart. The state belongs to the intent it was for: a new hold
 * starts with a fresh form.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { UNEXPECTED_CARD_MESSAGE } from '../../../../shared/contract/messages.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { api } from '../../../stores/api.ts';
import { checkedCard, dateBooked, type CardInput, type CardState } from '../../card-payment/card.ts';
import { $intent, completePayment, holdEndedByServer, type ReadyIntent } from './payment-intent.ts';

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

/** Where a paid local checkout goes: /payment-success checks the booking with the API before it says so. */
export function localSuccessPath(bookingId: string, dateId: string): string {
  return `/payment-success?${new URLSearchParams({ provider: 'local', booking: bookingId, date: dateId }).toString()}`;
}

/** Book now: the held order gift cards pay in full is booked with no card. */
export async function bookOnGiftCards(): Promise<CardState> {
  const intent = $intent.get();
  if ($card.get().status === 'processing') return $card.get();
  if (intent.status !== 'ready' || intent.amount > 0) return settle(null, { status: 'failed', message: UNEXPECTED_CARD_MESSAGE });
  const session = intent.clientSecret;
  settle(session, { status: 'processing' });
  try {
    const answer = await api.bookOnGiftCards({ params: { bookingId: intent.bookingId } });
    const booked = settle(session, { status: 'succeeded', bookingId: intent.bookingId, dateId: dateBooked(answer) });
    completePayment();
    return booked;
  } catch (error) {
    return failedPayment(intent, session, error);
  }
}

/** Pays the held order with the local provider's test card form. */
export async function confirmLocalCard(input: CardInput): Promise<CardState> {
  const intent = $intent.get();
  if ($card.get().status === 'processing') return $card.get();
  if (intent.status !== 'ready' || intent.provider !== 'local') return settle(null, { status: 'failed', message: UNEXPECTED_CARD_MESSAGE });
  const session = intent.clientSecret;
  if (!session) return settle(null, { status: 'failed', message: UNEXPECTED_CARD_MESSAGE });
  const checked = checkedCard(session, input);
  if (!checked.ok) return settle(session, checked.state);
  settle(session, { status: 'processing' });
  try {
    const answer = await api.confirmLocalPayment({ body: checked.body });
    const paid = settle(session, { status: 'succeeded', bookingId: intent.bookingId, dateId: dateBooked(answer) });
    completePayment();
    return paid;
  } catch (error) {
    return failedPayment(intent, session, error);
  }
}

/** What the form shows after a payment the API refused: a declined card, the hold ended, or an unexpected error. */
function failedPayment(intent: ReadyIntent, session: string | null, error: unknown): CardState {
  if (error instanceof ApiError && error.status === 402) {
    return settle(session, { status: 'declined', message: error.message || UNEXPECTED_CARD_MESSAGE, field: null });
  }
  if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
    holdEndedByServer(intent, error.message);
    return settle(session, { status: 'idle' });
  }
  if (error instanceof ApiError && error.status === 400)
    return settle(session, { status: 'declined', message: error.message, field: null });
  if (!(error instanceof ApiError)) console.error('The payment failed', error);
  return settle(session, { status: 'failed', message: UNEXPECTED_CARD_MESSAGE });
}
