/**
 * The local provider's card confirmation: the customer's test card is decided here, and a card that
 * succeeds is settled through the same path as a Stripe success event.
 */
import type * as v from 'valibot';
import type { localConfirmSchema } from '../../shared/contract/requests.ts';
import { SESSION_ENDED } from '../bookings/holds.ts';
import type { Outcome } from './purposes.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { localCardOutcome } from './local.ts';
import { settlePayment, type Settlement } from './settle.ts';

export type LocalConfirmation = v.InferOutput<typeof localConfirmSchema>;

/** What the confirm call says when a payment is refunded instead of booked. */
const REFUND_MESSAGES: Record<Extract<Outcome, { result: 'refunded' }>['reason'], string> = {
  'seats taken after the hold lapsed': 'Your hold on these spots ran out and they were booked by someone else. You have not been charged.',
  'bookings closed before the late payment':
    'Your hold on these spots ran out and bookings for this date have since closed. You have not been charged.',
  'price changed after the hold lapsed': 'Your hold on these spots ran out and the price has changed since. You have not been charged.',
  'date started or withdrawn': 'This date is no longer available. You have not been charged.',
  'promo code no longer valid': 'Your hold ran out and the promo code can no longer be used. You have not been charged.',
  'payment did not match the booking': 'This payment did not match your order. You have not been charged.',
  'replaced by a newer hold': SESSION_ENDED,
  'hold ended before its payment was ready': SESSION_ENDED,
  'hold lapsed': SESSION_ENDED,
  'account closed while holding seats': SESSION_ENDED,
  'booking changed before the fee was paid': 'Your booking changed before this fee was paid. You have not been charged.',
  'fee not taken: the date was called off':
    'We called off the date you are moving from, so the move costs nothing. You have not been charged.',
  'refunded at the provider': 'This payment was refunded.',
};

type HeldBooking = {
  id: string;
  /** Set on a booking an operator took: its card may be paid by an operator for the customer. */
  office_request: string | null;
  payment_intent_id: string;
  user_id: string;
  status: string;
  amount: number;
  currency: string;
};

/**
 * Pays the caller's hold named by its client secret with a test card, and answers the date it booked;
 * an operator (asked of the identity service) may pay a hold they took for a customer.
 * A declined card (402) keeps the hold until it lapses, so the customer may try another card; a hold
 * that ended, or a payment refunded instead of booked, is refused (409) with the reason.
 */
export async function confirmLocalPayment(
  settlement: Settlement,
  caller: Caller,
  confirmation: LocalConfirmation,
  isOperator: (uid: string) => Promise<boolean> = async () => false,
): Promise<{ status: 'succeeded'; dateId: string }> {
  const { db } = settlement;
  const [booking] = await db.query<HeldBooking>(
    `select id, office_request, payment_intent_id, user_id, status, amount, currency from bookings where client_secret = $1`,
    [confirmation.clientSecret],
  );
  if (!booking) throw new DomainError('not-found', 'Payment session not found. Please start checkout again.');
  const payingForCustomer = booking.office_request !== null && (await isOperator(caller.uid));
  if (booking.user_id !== caller.uid && !payingForCustomer) throw new DomainError('forbidden', 'This payment belongs to another account.');
  // A released hold's intent was cancelled (a newer hold replaced it): it cannot be paid.
  if (booking.status === 'released') throw new DomainError('conflict', SESSION_ENDED);
  const card = localCardOutcome(confirmation.cardNumber, confirmation.expiry);
  if (!card.ok) throw new DomainError('declined', card.message);
  const intentId = booking.payment_intent_id;
  const outcome = await settlePayment(settlement, {
    eventId: `local:${intentId}:succeeded`,
    type: 'succeeded',
    intentId,
    amount: booking.amount,
    currency: booking.currency,
    bookingId: booking.id,
  });
  if (outcome.result === 'refunded') throw new DomainError('conflict', REFUND_MESSAGES[outcome.reason]);
  if (outcome.result === 'paid') return { status: 'succeeded', dateId: outcome.dateId };
  // Settled before (the same card sent twice): the booking says whether it was paid.
  const [state] = await db.query<{ status: string; date_id: string }>(`select status, date_id from bookings where payment_intent_id = $1`, [
    intentId,
  ]);
  // Paid: a booking, or the fee of a date change (applied to the booking it moved).
  if (state?.status !== 'paid' && state?.status !== 'applied') throw new DomainError('conflict', SESSION_ENDED);
  return { status: 'succeeded', dateId: state.date_id };
}
