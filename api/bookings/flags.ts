/**
 * Bookings an operator must look at: a dispute, a partial refund made in the provider's dashboard, a
 * payment that did not match its booking, or money to give back by hand (a booking paid in cash or
 * by check, cancelled with a refund). Listed by `npm run refunds` until resolved there.
 */
import type { Queryable } from '../db/client.ts';
import { randomId } from '../http.ts';

export type FlagReason = 'dispute' | 'partial_refund' | 'payment_mismatch' | 'refund_by_hand';

export async function flagBooking(tx: Queryable, bookingId: string, reason: FlagReason, detail: string, eventId: string | null) {
  await tx.query(`insert into booking_flags (id, booking_id, reason, detail, event_id) values ($1, $2, $3, $4, $5)`, [
    randomId('flag'),
    bookingId,
    reason,
    detail,
    eventId,
  ]);
}

/**
 * A refund owed on a booking that was not paid through the provider: nothing can send it, so an
 * operator is asked to give it back by hand. Written in the cancellation's own transaction.
 */
export async function flagRefundByHand(tx: Queryable, bookingId: string, amount: number, currency: string, why: string) {
  await flagBooking(tx, bookingId, 'refund_by_hand', `Give back ${money(amount, currency)} by hand: ${why}.`, null);
}

/** Marks a flag handled; false when there is no such open flag. */
export async function resolveFlag(db: Queryable, flagId: string): Promise<boolean> {
  const rows = await db.query(`update booking_flags set resolved_at = now() where id = $1 and resolved_at is null returning id`, [flagId]);
  return rows.length > 0;
}

/** "$225.00 USD" */
export function money(cents: number | null, currency: string | null): string {
  if (cents === null) return 'an unknown amount';
  return `$${(cents / 100).toFixed(2)} ${(currency ?? '?').toUpperCase()}`;
}
