/**
 * Book now: a hold that gift cards pay all of is paid with no card payment: a checkout's hold is
 * booked; a change of date's fee hold moves its booking (./fee-paid.ts). Like a card payment's
 * settlement, it takes the dates' locks, then the hold's; the same call again, once paid, answers the
 * same and changes nothing.
 */
import { NO_DATE_MESSAGE, SESSION_ENDED } from '../../shared/contract/messages.ts';
import type { AfterCommit } from '../commit-effects.ts';
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { bookPaid } from './paid.ts';
import { moveOnFee } from './fee-paid.ts';
import { lockMoveDates, NO_SEATS_FOR_PARTY } from './move.ts';
import { HOLD_LAPSED_SQL } from './seat-sql.ts';
import { lockDate, type LockedDate } from './seats.ts';

export interface GiftCardBooking {
  dateId: string;
  /** Paid by this call (false when an earlier one paid it). */
  booked: boolean;
  after: AfterCommit;
}

interface PaidHold {
  id: string;
  user_id: string;
  date_id: string;
  status: string;
  amount: number;
  gift_amount: number;
  payment_intent_id: string | null;
  moves_booking: string | null;
  paid_by_cards: boolean;
  lapsed: boolean;
}

/** Why a fee's booking cannot move, as the customer reads it. */
const NOT_MOVED = 'Your booking changed meanwhile, so its date was not changed. Open My Bookings again.';

export async function bookOnGiftCards(db: Db, caller: Caller, bookingId: string, cutoffHours: number): Promise<GiftCardBooking> {
  return db.transaction(async (tx) => {
    const [where] = await tx.query<{ date_id: string; moving_from: string | null }>(
      `select b.date_id, o.date_id as moving_from from bookings b left join bookings o on o.id = b.moves_booking
        where b.id = $1 and b.user_id = $2`,
      [bookingId, caller.uid],
    );
    if (!where) throw new DomainError('not-found', SESSION_ENDED);
    // Lock order everywhere: the dates first (both dates of a date change, in id order), then their bookings.
    if (where.moving_from) await lockMoveDates(tx, where.moving_from, where.date_id, cutoffHours);
    const date = await lockDate(tx, where.date_id, cutoffHours);
    const [hold] = await tx.query<PaidHold & Record<string, unknown>>(
      `select id, user_id, date_id, status, amount, gift_amount, payment_intent_id, moves_booking,
              gift_amount = amount as paid_by_cards, ${HOLD_LAPSED_SQL} as lapsed
         from bookings where id = $1 for update`,
      [bookingId],
    );
    if (!hold) throw new DomainError('not-found', SESSION_ENDED);
    const paidAlready = hold.moves_booking ? 'applied' : 'paid';
    if (hold.status === paidAlready && hold.paid_by_cards) return { dateId: hold.date_id, booked: false, after: {} };
    if (hold.status !== 'held' || hold.lapsed || !hold.paid_by_cards) throw new DomainError('conflict', SESSION_ENDED);
    if (!date?.open) throw new DomainError('invalid', NO_DATE_MESSAGE);
    if (hold.moves_booking) return { dateId: hold.date_id, booked: true, after: await feePaid(tx, hold, date, cutoffHours) };
    const told = await bookPaid(tx, hold, date.starts_at);
    return { dateId: hold.date_id, booked: true, after: { ...told, mailWritten: true } };
  });
}

/** A fee hold gift cards pay all of: its booking moves, or the customer is told why not (the hold lapses as any other). */
async function feePaid(tx: Queryable, hold: PaidHold, date: LockedDate, cutoffHours: number): Promise<AfterCommit> {
  const result = await moveOnFee(tx, hold, date, cutoffHours);
  if (!result.moved) {
    throw new DomainError('conflict', result.reason === 'seats taken after the hold lapsed' ? NO_SEATS_FOR_PARTY : NOT_MOVED);
  }
  return { actions: result.actions, seatsChanged: true, mailWritten: true };
}
