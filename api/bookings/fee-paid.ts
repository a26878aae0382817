/**
 * A change of date's fee is paid: by its card payment (./outcomes.ts), or at once when gift cards pay
 * all of it (./gift-card-payment.ts). The booking moves to the fee hold's date, taking over its seats,
 * and the fee hold is applied, what its gift cards held spent. A booking whose date we called off
 * meanwhile moves all the same, as its payer's choice, and the fee goes back: moving off a called-off
 * date costs nothing. In the caller's transaction, with both dates locked (./move.ts's order), then the fee hold.
 */
import type { Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { enqueueActions, type ClaimedAction, type PaymentActionReason } from '../payment-outbox/actions.ts';
import { spendHeld } from '../gift-cards/ledger.ts';
import { refundToCards } from '../gift-cards/spend.ts';
import { moveBooking, NO_SEATS_FOR_PARTY, type Moved } from './move.ts';
import type { LockedDate } from './seats.ts';

/** A change of date's fee hold, as its payment finds it. */
export interface FeeHold {
  id: string;
  date_id: string;
  amount: number;
  /** Of `amount`, the cents gift cards hold. */
  gift_amount: number;
  payment_intent_id: string | null;
  /** The booking that moves once the fee is paid. */
  moves_booking: string | null;
}

const CALLED_OFF_FEE = 'fee not taken: the date was called off';

/** Moves the fee's booking; why it cannot (the caller refunds or refuses the payment), or the actions giving a called-off date's fee back. */
export async function moveOnFee(
  tx: Queryable,
  fee: FeeHold,
  date: Pick<LockedDate, 'open'>,
  cutoffHours: number,
): Promise<{ moved: true; actions: ClaimedAction[] } | { moved: false; reason: PaymentActionReason }> {
  if (!date.open) return { moved: false, reason: 'bookings closed before the late payment' };
  const [booking] = await tx.query<{ id: string; date_id: string; status: string }>(
    `select id, date_id, status from bookings where id = $1 for update`,
    [fee.moves_booking],
  );
  if (booking?.status !== 'paid') return { moved: false, reason: 'booking changed before the fee was paid' };
  let moved: Moved;
  try {
    moved = await moveBooking(tx, {
      bookingId: booking.id,
      fromDateId: booking.date_id,
      toDateId: fee.date_id,
      cutoffHours,
      fee: fee.amount,
      feePaidBy: fee.gift_amount >= fee.amount ? 'gift card' : 'card',
      reason: 'date changed by the customer',
      by: 'customer',
      exceptBookingId: fee.id,
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      moved: false,
      reason: error.message === NO_SEATS_FOR_PARTY ? 'seats taken after the hold lapsed' : 'booking changed before the fee was paid',
    };
  }
  // Spent before the hold is applied: ending a hold otherwise gives its gift cards' parts back.
  await spendHeld(tx, fee.id, `booking:${fee.id}`);
  await tx.query(`update bookings set status = 'applied', paid_at = app_now(), updated_at = app_now() where id = $1`, [fee.id]);
  if (!moved.offCalledOffDate) return { moved: true, actions: [] };
  await refundToCards(tx, fee.id, fee.gift_amount, CALLED_OFF_FEE, CALLED_OFF_FEE);
  const byCard = fee.amount - fee.gift_amount;
  const actions =
    byCard > 0 && fee.payment_intent_id
      ? await enqueueActions(tx, [{ kind: 'refund', bookingId: fee.id, intentId: fee.payment_intent_id, reason: CALLED_OFF_FEE }])
      : [];
  return { moved: true, actions };
}
