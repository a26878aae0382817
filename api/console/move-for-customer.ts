/**
 * An operator moves a customer's booking to another date of the same activity and price with seats
 * for the whole party, for a reason: the change fee of the booking's policy waived, or taken by
 * the office (in cash or by check). The move (the same as a customer's: the party is told and its
 * messages follow the new date) and its record are written in one transaction; the same request
 * sent again changes nothing. Moving a booking off a date we called off is its payer's choice of
 * another date, made for them: it settles the choice, and no fee is taken.
 */
import type { AfterCommit } from '../after-commit.ts';
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { moveBooking, moveTargets, type MoveTarget } from '../bookings/move.ts';
import { BOOKING_NOT_FOUND } from '../../shared/contract/messages.ts';
import { policyOf } from '../../shared/rules/cancellation-policy.ts';
import type { OpsMoveRequest } from '../../shared/contract/ops-requests.ts';

/** An operator may move a booking until the new date starts: the customers' cut-off is for online changes. */
const OPERATOR_CUTOFF_HOURS = 0;

interface Row {
  date_id: string;
  party_size: number;
  policy_version: string | null;
}

async function paidBooking(db: Queryable, bookingId: string): Promise<Row> {
  const [booking] = await db.query<Row & Record<string, unknown>>(
    `select b.date_id, b.party_size, b.policy_version from bookings b where b.id = $1 and b.status = 'paid'`,
    [bookingId],
  );
  if (!booking) throw new DomainError('not-found', BOOKING_NOT_FOUND);
  return booking;
}

/** The dates the booking may move to, soonest first, and the change fee of its policy in cents. */
export async function operatorMoveTargets(db: Queryable, bookingId: string): Promise<{ dates: MoveTarget[]; moveFee: number }> {
  const booking = await paidBooking(db, bookingId);
  return {
    dates: await moveTargets(db, { id: bookingId, date_id: booking.date_id, party_size: booking.party_size }, OPERATOR_CUTOFF_HOURS),
    moveFee: policyOf(booking.policy_version).moveFee,
  };
}

export async function moveForCustomer(
  db: Db,
  operator: Caller,
  bookingId: string,
  request: OpsMoveRequest,
): Promise<{ moved: boolean; after: AfterCommit }> {
  return db.transaction(async (tx) => {
    const booking = await paidBooking(tx, bookingId);
    // The same request again (a retry): the booking is already there.
    if (booking.date_id === request.toDateId) return { moved: false, after: {} };
    await moveBooking(tx, {
      bookingId,
      fromDateId: booking.date_id,
      toDateId: request.toDateId,
      cutoffHours: OPERATOR_CUTOFF_HOURS,
      fee: request.fee === 'waived' ? 0 : policyOf(booking.policy_version).moveFee,
      ...(request.fee === 'waived' ? {} : { feePaidBy: request.fee }),
      reason: request.reason,
      by: { operator },
    });
    return { moved: true, after: { seatsChanged: true, mailWritten: true, freedDates: [booking.date_id] } };
  });
}
