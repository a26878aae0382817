/**
 * An operator books for a customer who called or came to the shop: the customer is found by e-mail
 * (an account is made for one new to the site), then a date with seats, a party size and an
 * activity, paid in cash, by check or complimentary, with a reason. The date's row is locked as a
 * customer's hold locks it, so the last seat goes to exactly one of them. The booking, the payer's
 * place in the party, the confirmation with its invite link (the mail outbox) and the record of the
 * action are written in one transaction; the same request sent again answers with the same booking.
 */
import type { Db, Queryable } from '../db/client.ts';
import { HttpError, randomId } from '../http.ts';
import type { Caller, Identity } from '../identity.ts';
import { enqueueBookingPaid } from '../mail/outbox.ts';
import { lockDate, takenSeats } from '../bookings/seats.ts';
import { ensureUser } from '../users/store.ts';
import { CURRENT_POLICY } from '../../src/lib/cancellation-policy.ts';
import { CHOOSE_ACTIVITY, type OpsBookRequest } from '../../src/lib/ops-schemas.ts';
import { orderTotal } from '../../src/lib/pricing.ts';
import { seatsLeft } from '../../src/lib/seat-rules.ts';
import { DATE_NOT_FOUND } from './date-overview.ts';
import { recordAction } from './record.ts';

export const DATE_NOT_OPEN = 'This date is not open for booking: it has started, or it was withdrawn or called off.';
export const notEnoughSeats = (left: number) =>
  left === 0 ? 'This date has no seats left.' : `This date has only ${left} ${left === 1 ? 'seat' : 'seats'} left.`;

export interface OfficeBooking {
  bookingId: string;
  /** False when this request had already booked. */
  booked: boolean;
}

interface PriceRow {
  id: string;
  unit_amount: number;
  currency: string;
}

export async function bookForCustomer(
  db: Db,
  identity: Pick<Identity, 'customerAccount'>,
  operator: Caller,
  request: OpsBookRequest,
): Promise<OfficeBooking> {
  const done = await bookedBy(db, request.requestId);
  if (done) return { bookingId: done, booked: false };
  const account = await identity.customerAccount(request.email, request.name || null);
  return db.transaction(async (tx) => {
    await ensureUser(tx, { uid: account.uid, email: account.email, name: account.displayName, picture: null });
    // Lock order everywhere: the date first, then its bookings.
    const date = await lockDate(tx, request.dateId);
    if (!date) throw new HttpError(404, DATE_NOT_FOUND);
    // The same request, sent again while the first was waiting for the lock.
    const again = await bookedBy(tx, request.requestId);
    if (again) return { bookingId: again, booked: false };
    // An operator may book until the date starts: the customers' cut-off is for online bookings.
    if (!date.active || date.started) throw new HttpError(409, DATE_NOT_OPEN);
    const price = await priceFor(tx, date, request.priceId);
    const left = seatsLeft(date, await takenSeats(tx, date.id));
    if (left < request.partySize) throw new HttpError(409, notEnoughSeats(left));

    const bookingId = randomId('bk');
    const amount = request.paidBy === 'complimentary' ? 0 : orderTotal(price.unit_amount, request.partySize);
    await tx.query(
      `insert into bookings (id, date_id, user_id, price_id, party_size, quantity, amount, currency, status, provider, paid_by,
                             office_request, invite_code, policy_version, hold_expires_at, paid_at)
       values ($1, $2, $3, $4, $5, $5, $6, $7, 'paid', 'office', $8, $9, $10, $11, now(), now())`,
      [
        bookingId,
        date.id,
        account.uid,
        price.id,
        request.partySize,
        amount,
        price.currency,
        request.paidBy,
        request.requestId,
        randomId('inv', 16),
        CURRENT_POLICY.version,
      ],
    );
    await tx.query(`insert into booking_members (booking_id, user_id) values ($1, $2)`, [bookingId, account.uid]);
    await enqueueBookingPaid(tx, bookingId);
    await recordAction(tx, operator, {
      action: 'book for customer',
      subject: `booking ${bookingId}`,
      bookingId,
      dateId: date.id,
      reason: request.reason,
      after: {
        customer: account.email,
        newAccount: account.created,
        partySize: request.partySize,
        priceId: price.id,
        paidBy: request.paidBy,
        amount,
      },
    });
    return { bookingId, booked: true };
  });
}

async function bookedBy(db: Queryable, requestId: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(`select id from bookings where office_request = $1`, [requestId]);
  return row?.id ?? null;
}

/** The date's own price, or the one asked for among its activity's prices (a day tour offers several). */
async function priceFor(
  tx: Queryable,
  date: { product_id: string; price_id: string | null },
  asked: string | undefined,
): Promise<PriceRow> {
  const prices = await tx.query<PriceRow & Record<string, unknown>>(
    `select id, unit_amount, currency from prices where product_id = $1 and active and ($2::text is null or id = $2) order by sort, id`,
    [date.product_id, date.price_id],
  );
  const price = asked ? prices.find((candidate) => candidate.id === asked) : prices.length === 1 ? prices[0] : undefined;
  if (!price) throw new HttpError(400, CHOOSE_ACTIVITY);
  return price;
}
