/**
 * Moving a paid booking to another date: of the same activity and price, still open for booking,
 * with seats for the whole party. The booking keeps its id, members, invite code and payment; the
 * move is recorded, and the party's messages before the trip follow the new date.
 */
import type { Queryable } from '../db/client.ts';
import { HttpError, randomId } from '../http.ts';
import { enqueueBookingMoved } from '../mail/outbox.ts';
import { bookingsOpenSql, cutoffSeconds, seatsLeft, seatsTakenSql } from '../../src/lib/seat-rules.ts';
import { lockDate, takenSeats } from './seats.ts';
import type { MoveTarget } from '../../src/lib/api/types.ts';

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
    .map((row) => ({ id: row.id, startsAt: new Date(row.starts_at).toISOString(), seatsLeft: seatsLeft(row, row.taken) }))
    .filter((target) => target.seatsLeft >= booking.party_size);
}

export interface MoveRequest {
  bookingId: string;
  /** The date the booking is on as the caller read it: a booking moved meanwhile is not moved again. */
  fromDateId: string;
  toDateId: string;
  cutoffHours: number;
  /** Cents paid for the move (0 when the company moves it). */
  fee: number;
  reason: string;
  /** A hold whose seats on the new date are the ones the booking takes (its date-change fee), left out of the count. */
  exceptBookingId?: string;
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
  if (!target) throw new HttpError(409, DATE_NOT_OFFERED);
  if (seatsLeft(target, await takenSeats(tx, move.toDateId, move.exceptBookingId)) < move.partySize) {
    throw new HttpError(409, NO_SEATS_FOR_PARTY);
  }
}

/**
 * Moves the booking inside the caller's transaction: both dates are locked, then the booking;
 * refused with 409 when the date is not one it may move to or has no seats left for the party.
 */
export async function moveBooking(tx: Queryable, move: MoveRequest): Promise<{ moveId: string }> {
  await lockMoveDates(tx, move.fromDateId, move.toDateId, move.cutoffHours);
  const [booking] = await tx.query<MovableBooking & Record<string, unknown>>(
    `select id, date_id, party_size from bookings where id = $1 and status = 'paid' for update`,
    [move.bookingId],
  );
  if (!booking || booking.date_id !== move.fromDateId) throw new HttpError(409, DATE_NOT_OFFERED);
  await assertMoveTarget(tx, { ...move, partySize: booking.party_size });
  await tx.query(`update bookings set date_id = $2, updated_at = now() where id = $1`, [move.bookingId, move.toDateId]);
  const moveId = randomId('mv');
  await tx.query(`insert into booking_moves (id, booking_id, from_date, to_date, fee, reason) values ($1, $2, $3, $4, $5, $6)`, [
    moveId,
    move.bookingId,
    move.fromDateId,
    move.toDateId,
    move.fee,
    move.reason,
  ]);
  await enqueueBookingMoved(tx, move.bookingId, moveId, move.toDateId);
  return { moveId };
}
