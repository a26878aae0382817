/**
 * An operator's smaller actions on a booking: a note for the guides, and the confirmation sent
 * again to the payer. Each writes its record in the same transaction; the same request sent twice
 * does it once.
 */
import type { AfterCommit } from '../after-commit.ts';
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { enqueueConfirmationAgain } from '../mail/mail-outbox.ts';
import { BOOKING_NOT_FOUND } from '../../shared/contract/messages.ts';
import { recordBookingAction } from '../record/operator-actions.ts';

export const NOT_PAID = 'Only a paid booking has a confirmation to send.';

async function lockBooking(tx: Queryable, bookingId: string): Promise<{ date_id: string; status: string }> {
  const [booking] = await tx.query<{ date_id: string; status: string }>(
    `select date_id, status from bookings where id = $1 and status in ('paid', 'cancelled', 'refunded') for update`,
    [bookingId],
  );
  if (!booking) throw new DomainError('not-found', BOOKING_NOT_FOUND);
  return booking;
}

/** Adds a note for the guides to the booking; it shows on the booking and counts on the days ahead. */
export async function addNote(db: Db, operator: Caller, bookingId: string, note: string): Promise<void> {
  await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    await tx.query(`insert into booking_notes (booking_id, note, author_uid, author_email) values ($1, $2, $3, $4)`, [
      bookingId,
      note,
      operator.uid,
      operator.email,
    ]);
    await recordBookingAction(
      tx,
      operator,
      { id: bookingId, dateId: booking.date_id },
      {
        action: 'add note',
        reason: note,
        after: { note },
      },
    );
  });
}

/** Sends the payer's confirmation again (a new message, with the booking as it is now); false when this request was already done. */
export async function resendConfirmation(
  db: Db,
  operator: Caller,
  bookingId: string,
  request: { reason: string; requestId: string },
): Promise<{ after: AfterCommit }> {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (booking.status !== 'paid') throw new DomainError('conflict', NOT_PAID);
    const written = await enqueueConfirmationAgain(tx, bookingId, request.requestId);
    if (written === 0) return { after: {} };
    const resent = { action: 'resend confirmation', reason: request.reason };
    await recordBookingAction(tx, operator, { id: bookingId, dateId: booking.date_id }, resent);
    return { after: { mailWritten: true } };
  });
}
