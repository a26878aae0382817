/**
 * A hold as the local provider's confirm call pays it (../payments/local-confirm.ts): found by its
 * client secret, paid by its customer (or, for a booking the office took, by an operator), refused
 * once it was released, and answered with the date it booked or why the payment was given back.
 */
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Outcome, Payable } from '../payments/purposes.ts';
import { SESSION_ENDED } from '../../shared/contract/messages.ts';

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
  'a gift card no longer has its part': 'Your hold ran out and a gift card it used no longer has what it held. You have not been charged.',
  'refunded at the provider': 'This payment was refunded.',
};

type HeldBooking = {
  id: string;
  /** Set on a booking an operator took: its card may be paid by an operator for the customer. */
  office_request: string | null;
  payment_intent_id: string;
  user_id: string;
  status: string;
  /** What the card pays: what gift cards do not. */
  amount: number;
  currency: string;
};

/** The hold of `clientSecret` that `which` (a condition on the hold) says is this purpose's, as a payable; null when there is none. */
export async function payableHold(db: Db, clientSecret: string, which: string): Promise<Payable | null> {
  const [booking] = await db.query<HeldBooking>(
    `select id, office_request, payment_intent_id, user_id, status, amount - gift_amount as amount, currency
       from bookings where client_secret = $1 and ${which}`,
    [clientSecret],
  );
  if (!booking) return null;
  const intentId = booking.payment_intent_id;
  return {
    intentId,
    amount: booking.amount,
    currency: booking.currency,
    bookingId: booking.id,
    payerUid: booking.user_id,
    operatorMayPay: booking.office_request !== null,
    // A released hold's intent was cancelled (a newer hold replaced it): it cannot be paid.
    ended: booking.status === 'released' ? SESSION_ENDED : null,
    async answer(outcome) {
      if (outcome.result === 'refunded') throw new DomainError('conflict', REFUND_MESSAGES[outcome.reason]);
      if (outcome.result === 'paid') return { status: 'succeeded', dateId: outcome.dateId };
      // Settled before (the same card sent twice): the booking says whether it was paid.
      const [state] = await db.query<{ status: string; date_id: string }>(
        `select status, date_id from bookings where payment_intent_id = $1`,
        [intentId],
      );
      // Paid: a booking, or the fee of a date change (applied to the booking it moved).
      if (state?.status !== 'paid' && state?.status !== 'applied') throw new DomainError('conflict', SESSION_ENDED);
      return { status: 'succeeded', dateId: state.date_id };
    },
  };
}
