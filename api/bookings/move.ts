/**
 * Moving a paid booking to another date: of the same activity and price, still open for booking,
 * with seats for the whole party. The booking keeps its id, members, invite code and payment; the
 * move is recorded, and the party's messages before the trip follow the new date.
 *
 * Moving a booking off a date we called off is its payer's `move` choice, whoever makes it (the
 * payer on the choice page, a change of date's fee paid late, an operator): the choice is settled
 * in the same transaction, and no fee is taken for it. An operator's move is in the record of
 * operator actions, written in the move's transaction.
 */
import { recordBookingAction } from '../record/operator-actions.ts';
import type { Queryable } from '../db/client.ts';
import type { Caller } from '../identity.ts';
import { randomId } from '../http.ts';
import { DomainError } from '../domain-error.ts';
import { announce } from './facts.ts';
import { cutoffSeconds, seatsLeft } from '../../shared/rules/seat-rules.ts';
import { bookingsOpenSql, seatsTakenSql } from './seat-sql.ts';
import { lockDate, takenSeats } from './seats.ts';
import type { MoveTarget } from '../../shared/contract/answers.ts';
import { iso } from '../db/instant.ts';

export const DATE_NOT_OFFERED = 'That date cannot be chosen for this booking.';
export const NO_SEATS_FOR_PARTY = 'That date no longer has seats for your whole party.';

export type { MoveTarget };

interface MovableBooking {
  id: string;
  date_id: string;
  party_size: number;
}

interface CandidateRow {
  id: string;
  starts_at: Date | string;
  calendar: string;
  capacity: number;
  taken: number;
}

/** The dates of the same activity and price as the booking's own, open for booking, and not its own (all SQL). */
const SAME_KIND_OPEN = (cutoff: string) => `d.product_id = cur.product_id and d.calendar = cur.calendar
        and d.price_id is not distinct from cur.price_id and d.id <> cur.id and d.active
        and ${bookingsOpenSql('d.starts_at', cutoff)}`;

/** Where `booking` may move: each date that fits, soonest first, with its seats left. */
export async function moveTargets(db: Queryable, booking: MovableBooking, cutoffHours: number): Promise<MoveTarget[]> {
  const rows = await db.query<CandidateRow & Record<string, unknown>>(
    `select d.id, d.starts_at, d.calendar, d.capacity, ${seatsTakenSql('d.id')} as taken
       from calendar_dates d join calendar_dates cur on cur.id = $1
      where ${SAME_KIND_OPEN('$2')}
      order by d.starts_at, d.id`,
    [booking.date_id, cutoffSeconds(cutoffHours)],
  );
  return rows
    .map((row) => ({ id: row.id, startsAt: iso(row.starts_at), seatsLeft: seatsLeft(row, row.taken) }))
    .filter((target) => target.seatsLeft >= booking.party_size);
}

/** How a change of date's fee was paid: online (by card, gift cards paying part of it; or by gift cards alone), or to the office. */
export type FeePayment = 'card' | 'gift card' | 'cash' | 'check';

export interface MoveRequest {
  bookingId: string;
  /** The date the booking is on as the caller read it: a booking moved meanwhile is not moved again. */
  fromDateId: string;
  toDateId: string;
  cutoffHours: number;
  /** Cents paid for the move (0 when the company moves it). */
  fee: number;
  /** How the fee was paid, when there is one; online, `exceptBookingId` is the fee's payment. */
  feePaidBy?: FeePayment;
  reason: string;
  /** Who moves it: the payer (on the choice page, or by paying a fee) or an operator (for `reason`). */
  by: 'customer' | { operator: Caller };
  /** A hold whose seats on the new date are the ones the booking takes (its date-change fee), left out of the count. */
  exceptBookingId?: string;
}

export interface Moved {
  moveId: string;
  /** The booking left a date we called off: its choice is settled, and no fee was taken. */
  offCalledOffDate: boolean;
}

/** Locks both dates of a move, in id order, so two moves between the same dates never wait on each other. */
export async function lockMoveDates(tx: Queryable, fromDateId: string, toDateId: string, cutoffHours: number): Promise<void> {
  for (const dateId of [fromDateId, toDateId].sort()) await lockDate(tx, dateId, cutoffHours);
}

/**
 * Refuses (409) a move of a party of `partySize` from one date to another that is not of the same
 * activity and price, not open for booking, or without seats for the whole party. Both dates are
 * locked by the caller.
 */
export async function assertMoveTarget(
  tx: Queryable,
  move: Pick<MoveRequest, 'fromDateId' | 'toDateId' | 'cutoffHours' | 'exceptBookingId'> & { partySize: number },
): Promise<void> {
  const [target] = await tx.query<CandidateRow & Record<string, unknown>>(
    `select d.id, d.starts_at, d.calendar, d.capacity, 0 as taken
       from calendar_dates d join calendar_dates cur on cur.id = $1
      where d.id = $2 and ${SAME_KIND_OPEN('$3')}`,
    [move.fromDateId, move.toDateId, cutoffSeconds(move.cutoffHours)],
  );
  if (!target) throw new DomainError('conflict', DATE_NOT_OFFERED);
  if (seatsLeft(target, await takenSeats(tx, move.toDateId, move.exceptBookingId)) < move.partySize) {
    throw new DomainError('conflict', NO_SEATS_FOR_PARTY);
  }
}

/**
 * Moves the booking inside the caller's transaction: both dates are locked, then the booking;
 * refused with 409 when the date is not one it may move to or has no seats left for the party.
 */
export async function moveBooking(tx: Queryable, move: MoveRequest): Promise<Moved> {
  const byOperator = typeof move.by === 'object';
  await lockMoveDates(tx, move.fromDateId, move.toDateId, move.cutoffHours);
  const [booking] = await tx.query<MovableBooking & { user_id: string; called_off: boolean } & Record<string, unknown>>(
    `select b.id, b.date_id, b.user_id, b.party_size, d.called_off_at is not null as called_off
       from bookings b join calendar_dates d on d.id = b.date_id where b.id = $1 and b.status = 'paid' for update of b`,
    [move.bookingId],
  );
  if (!booking || booking.date_id !== move.fromDateId) throw new DomainError('conflict', DATE_NOT_OFFERED);
  await assertMoveTarget(tx, { ...move, partySize: booking.party_size });
  await tx.query(`update bookings set date_id = $2, updated_at = app_now() where id = $1`, [move.bookingId, move.toDateId]);
  await tx.query(
    `update called_off_bookings set choice = 'move', chosen_by = $3, chosen_at = app_now(), moved_to = $4
      where booking_id = $1 and date_id = $2 and choice is null`,
    [move.bookingId, move.fromDateId, byOperator ? 'operator' : 'customer', move.toDateId],
  );
  const fee = booking.called_off ? 0 : move.fee;
  const moveId = randomId('mv');
  await tx.query(
    `insert into booking_moves (id, booking_id, from_date, to_date, fee, fee_paid_by, fee_booking, reason, by_operator)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      moveId,
      move.bookingId,
      move.fromDateId,
      move.toDateId,
      fee,
      fee > 0 ? (move.feePaidBy ?? null) : null,
      fee > 0 && (move.feePaidBy === 'card' || move.feePaidBy === 'gift card') ? (move.exceptBookingId ?? null) : null,
      move.reason,
      byOperator,
    ],
  );
  if (typeof move.by === 'object') {
    await recordBookingAction(
      tx,
      move.by.operator,
      { id: move.bookingId, dateId: move.toDateId },
      {
        action: 'move booking',
        reason: move.reason,
        before: { dateId: move.fromDateId, ...(booking.called_off ? { calledOff: true } : {}) },
        after: { dateId: move.toDateId, fee, feePaid: fee > 0 ? move.feePaidBy : 'waived' },
      },
    );
  }
  // The payer has the new date now: the party is told, and the payer's waits for it end (an offer's hold
  // left is cancelled by the payment outbox's worker).
  await announce(tx, { kind: 'moved', bookingId: move.bookingId, payerUid: booking.user_id, moveId, toDateId: move.toDateId });
  return { moveId, offCalledOffDate: booking.called_off };
}
