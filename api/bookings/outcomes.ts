/**
 * Payment outcomes, recorded through this one path whether they come from a Stripe webhook or the
 * local provider's confirm call. Each event is stored by id, so a repeated delivery changes nothing.
 */
import type { Db, Queryable } from '../db/client.ts';
import type { PaymentEvent, PaymentProvider } from '../payments/provider.ts';
import { randomId } from '../http.ts';
import { lockDate, seatsLeft, takenSeats } from './seats.ts';

export type Outcome =
  { result: 'duplicate' | 'unknown' } | { result: 'paid' | 'refunded' | 'released' | 'unchanged'; bookingId: string; dateId: string };

interface BookingRow {
  id: string;
  date_id: string;
  user_id: string;
  party_size: number;
  status: 'held' | 'paid' | 'released' | 'refunded';
  expired: boolean;
}

export async function recordPaymentEvent(db: Db, provider: PaymentProvider, event: PaymentEvent): Promise<Outcome> {
  const outcome = await db.transaction(async (tx) => {
    const fresh = await tx.query(`insert into payment_events (id, type) values ($1, $2) on conflict (id) do nothing returning id`, [
      event.eventId,
      event.type,
    ]);
    if (fresh.length === 0) return { result: 'duplicate' } as const;
    const [found] = await tx.query<{ date_id: string }>(`select date_id from bookings where payment_intent_id = $1`, [event.intentId]);
    if (!found) return { result: 'unknown' } as const;
    // Lock order everywhere: the date first, then its bookings.
    await lockDate(tx, found.date_id);
    const [booking] = await tx.query<BookingRow & Record<string, unknown>>(
      `select id, date_id, user_id, party_size, status, hold_expires_at <= now() as expired
         from bookings where payment_intent_id = $1 for update`,
      [event.intentId],
    );
    if (!booking) return { result: 'unknown' } as const;
    return event.type === 'succeeded' ? settleSuccess(tx, booking) : settleFailure(tx, booking);
  });
  if (outcome.result === 'refunded') {
    try {
      await provider.refund(event.intentId, outcome.bookingId);
    } catch (error) {
      console.error('refund failed; the booking is marked refunded and needs an operator', { bookingId: outcome.bookingId, error });
    }
  }
  return outcome;
}

async function settleSuccess(tx: Queryable, booking: BookingRow): Promise<Outcome> {
  const ids = { bookingId: booking.id, dateId: booking.date_id };
  if (booking.status === 'paid' || booking.status === 'refunded') return { result: 'unchanged', ...ids };
  const holdStands = booking.status === 'held' && !booking.expired;
  if (!holdStands) {
    // Paid after the hold lapsed: keep the booking if its seats are still free, otherwise give the money back.
    const [date] = await tx.query<{ calendar: string; capacity: number }>(`select calendar, capacity from calendar_dates where id = $1`, [
      booking.date_id,
    ]);
    const left = date ? seatsLeft(date, await takenSeats(tx, booking.date_id, booking.id)) : 0;
    if (left < booking.party_size) {
      await tx.query(`update bookings set status = 'refunded', updated_at = now() where id = $1`, [booking.id]);
      return { result: 'refunded', ...ids };
    }
  }
  await tx.query(`update bookings set status = 'paid', paid_at = now(), invite_code = $2, updated_at = now() where id = $1`, [
    booking.id,
    randomId('inv', 16),
  ]);
  await tx.query(`insert into booking_members (booking_id, user_id) values ($1, $2) on conflict do nothing`, [booking.id, booking.user_id]);
  return { result: 'paid', ...ids };
}

async function settleFailure(tx: Queryable, booking: BookingRow): Promise<Outcome> {
  const ids = { bookingId: booking.id, dateId: booking.date_id };
  if (booking.status !== 'held') return { result: 'unchanged', ...ids };
  await tx.query(`update bookings set status = 'released', updated_at = now() where id = $1`, [booking.id]);
  return { result: 'released', ...ids };
}
