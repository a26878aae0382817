/**
 * Book now: a checkout's hold that gift cards pay all of is booked with no card payment. Like a card
 * payment's settlement, it takes the date's lock, then the hold's; the same call again, once booked,
 * answers the same and changes nothing.
 */
import { NO_DATE_MESSAGE, SESSION_ENDED } from '../../shared/contract/messages.ts';
import type { AfterCommit } from '../commit-effects.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { bookPaid } from './paid.ts';
import { HOLD_LAPSED_SQL } from './seat-sql.ts';
import { lockDate } from './seats.ts';

export interface GiftCardBooking {
  dateId: string;
  /** Booked by this call (false when an earlier one booked it). */
  booked: boolean;
  after: AfterCommit;
}

export async function bookOnGiftCards(db: Db, caller: Caller, bookingId: string, cutoffHours: number): Promise<GiftCardBooking> {
  return db.transaction(async (tx) => {
    const [where] = await tx.query<{ date_id: string }>(`select date_id from bookings where id = $1 and user_id = $2`, [
      bookingId,
      caller.uid,
    ]);
    if (!where) throw new DomainError('not-found', SESSION_ENDED);
    // Lock order everywhere: the date first, then its bookings.
    const date = await lockDate(tx, where.date_id, cutoffHours);
    const [hold] = await tx.query<{
      id: string;
      user_id: string;
      date_id: string;
      status: string;
      paid_by_cards: boolean;
      lapsed: boolean;
    }>(
      `select id, user_id, date_id, status, gift_amount = amount as paid_by_cards, ${HOLD_LAPSED_SQL} as lapsed
         from bookings where id = $1 for update`,
      [bookingId],
    );
    if (!hold) throw new DomainError('not-found', SESSION_ENDED);
    if (hold.status === 'paid' && hold.paid_by_cards) return { dateId: hold.date_id, booked: false, after: {} };
    if (hold.status !== 'held' || hold.lapsed || !hold.paid_by_cards) throw new DomainError('conflict', SESSION_ENDED);
    if (!date?.open) throw new DomainError('invalid', NO_DATE_MESSAGE);
    const told = await bookPaid(tx, hold, date.starts_at);
    return { dateId: hold.date_id, booked: true, after: { ...told, mailWritten: true } };
  });
}
