/**
 * An operator cancels a customer's booking, for a reason, giving back the policy's refund or another
 * amount up to what was paid (by hand, flagged for the office, when it was not paid by card). The booking, its seats, the refund owed (the payment outbox), the
 * messages to the party (the mail outbox) and the record of the action change in one transaction.
 * The same request sent again changes nothing.
 */
import type { Db } from '../db/client.ts';
import { HttpError } from '../http.ts';
import type { Caller } from '../identity.ts';
import { enqueueBookingCancelled } from '../mail/mail-outbox.ts';
import { enqueueAction, type ClaimedAction } from '../payment-outbox/actions.ts';
import { lockDate } from '../bookings/seats.ts';
import { flagRefundByHand } from '../bookings/flags.ts';
import { ALREADY_CANCELLED } from '../bookings/cancellation.ts';
import { BOOKING_NOT_FOUND } from '../../shared/contract/messages.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import { site } from '../../shared/company/site.ts';
import type { BookingStatus } from '../../shared/rules/seat-rules.ts';
import { recordBookingAction } from './record.ts';

export const refundTooHigh = (paid: number) => `A refund can be at most what was paid (${formatDollars(paid)}).`;
export const CALLED_OFF_CHOICE_PENDING = 'This date was called off: its payer chooses a full refund or another date.';

export interface OperatorCancellation {
  reason: string;
  /** Cents to give back. */
  refund: number;
}

interface Row {
  date_id: string;
  status: BookingStatus;
  amount: number;
  currency: string;
  payment_intent_id: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  refund_amount: number | null;
  choice_pending: boolean;
}

export async function cancelForCustomer(
  db: Db,
  operator: Caller,
  bookingId: string,
  { reason, refund }: OperatorCancellation,
  now = new Date(),
): Promise<{ changed: boolean; actions: ClaimedAction[] }> {
  return db.transaction(async (tx) => {
    const [where] = await tx.query<{ date_id: string }>(`select date_id from bookings where id = $1`, [bookingId]);
    if (!where) throw new HttpError(404, BOOKING_NOT_FOUND);
    // Lock order everywhere: the date first, then its bookings.
    await lockDate(tx, where.date_id);
    const [booking] = await tx.query<Row & Record<string, unknown>>(
      `select b.date_id, b.status, b.amount, b.currency, b.payment_intent_id, b.cancelled_by, b.cancel_reason, b.refund_amount,
              exists (select 1 from called_off_bookings c where c.booking_id = b.id and c.choice is null) as choice_pending
         from bookings b where b.id = $1 and b.status in ('paid', 'cancelled', 'refunded') for update of b`,
      [bookingId],
    );
    if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
    const repeated =
      booking.status === 'cancelled' &&
      booking.cancelled_by === 'company' &&
      booking.cancel_reason === reason &&
      booking.refund_amount === refund;
    if (repeated) return { changed: false, actions: [] };
    if (booking.status !== 'paid') throw new HttpError(409, ALREADY_CANCELLED);
    if (booking.choice_pending) throw new HttpError(409, CALLED_OFF_CHOICE_PENDING);
    if (refund > booking.amount) throw new HttpError(400, refundTooHigh(booking.amount));

    await tx.query(
      `update bookings set status = 'cancelled', cancelled_at = $2, cancelled_by = 'company', cancel_reason = $3, refund_amount = $4,
              updated_at = now()
        where id = $1`,
      [bookingId, now, reason, refund],
    );
    const actions: ClaimedAction[] = [];
    if (refund > 0 && booking.payment_intent_id) {
      const action = await enqueueAction(tx, {
        kind: 'refund',
        purpose: 'cancellation',
        bookingId,
        intentId: booking.payment_intent_id,
        amount: refund,
        reason: 'cancelled by the company',
      });
      if (action) actions.push(action);
    } else if (refund > 0) {
      await flagRefundByHand(tx, bookingId, refund, booking.currency, 'cancelled by the company');
    }
    // The reason is the company's record; the party is told what was cancelled and what comes back.
    await enqueueBookingCancelled(tx, bookingId, {
      cancelledBy: site.name,
      reason: null,
      refundAmount: refund,
      currency: booking.currency,
    });
    await recordBookingAction(
      tx,
      operator,
      { id: bookingId, dateId: booking.date_id },
      {
        action: 'cancel booking',
        reason,
        before: { status: 'paid', amount: booking.amount },
        after: { status: 'cancelled', refund },
      },
    );
    return { changed: true, actions };
  });
}
