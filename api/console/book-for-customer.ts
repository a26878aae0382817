/**
 * An operator books for a customer who called or came to the shop: the customer is found by e-mail
 * (an account is made for one new to the site), then a date with seats, a party size and an
 * activity, and how it is paid. The date's row is locked as a customer's hold locks it, so the last
 * seat goes to exactly one of them; the same request sent again answers with the same booking, and
 * its id sent asking for anything else is refused (office-request.ts).
 *
 * The booking is the account's with that e-mail, but when that account never proved the address and
 * can sign in, it waits for whoever controls the address before the account sees it
 * (bookings/address-owner.ts).
 *
 * Paid in cash, by check or complimentary: the booking, the payer's place in the party, the
 * confirmation with its invite link (the mail outbox) and the record are written in one transaction.
 * Paid by card: the seats are held and a payment intent made, as at checkout; the operator takes
 * the customer's card in the same card form, and the payment books it through the usual outcome
 * path (confirmation included), or the hold lapses and the seats return.
 */
import type { AfterCommit } from '../after-commit.ts';
import type { Db, Queryable } from '../db/client.ts';
import { randomId } from '../http.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller, CustomerAccount, Identity } from '../identity.ts';
import { announce } from '../bookings/facts.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { lockDate, takenSeats, type LockedDate } from '../bookings/seats.ts';
import { ensureUser } from '../users/store.ts';
import { CURRENT_POLICY } from '../../shared/rules/cancellation-policy.ts';
import { CHOOSE_ACTIVITY, type OpsBookRequest } from '../../shared/contract/ops-requests.ts';
import type { OfficePayment } from '../../shared/rules/paid-by.ts';
import type { OpsCardHold } from '../../shared/contract/ops-answers.ts';
import { orderTotal } from '../../shared/rules/pricing.ts';
import { seatsLeft } from '../../shared/rules/seat-rules.ts';
import { DATE_NOT_FOUND } from './date-overview.ts';
import { recordBookingAction } from '../record/operator-actions.ts';
import { attachIntentToHold } from '../bookings/hold-intent.ts';
import { PAYMENT_FOR } from '../bookings/outcomes.ts';
import { holdFor, insertHoldSql, insertPaidSql, isoInstantSql } from '../bookings/seat-holds.ts';
import { bookingOfRequest, termsOf } from './office-request.ts';
import { addressToProve } from '../bookings/address-owner.ts';

export const DATE_NOT_OPEN = 'This date is not open for booking: it has started, or it was withdrawn or called off.';
export const notEnoughSeats = (left: number) =>
  left === 0 ? 'This date has no seats left.' : `This date has only ${left} ${left === 1 ? 'seat' : 'seats'} left.`;

export interface OfficeBooking {
  bookingId: string;
  /** False when this request had already booked. */
  booked: boolean;
  after: AfterCommit;
}

/** The booking this request made (`booked`) or had already made. */
const officeBooking = (bookingId: string, booked: boolean): OfficeBooking => ({
  bookingId,
  booked,
  after: { seatsChanged: booked, mailWritten: booked },
});

interface PriceRow {
  id: string;
  unit_amount: number;
  currency: string;
  nickname: string;
}

/** What the locked date allows for the request: the price, or a refusal. */
interface Decided {
  date: LockedDate;
  price: PriceRow;
  account: CustomerAccount;
}

/** The date's own price, or the one asked for among its activity's prices (a day tour offers several). */
async function priceFor(
  tx: Queryable,
  date: { product_id: string; price_id: string | null },
  asked: string | undefined,
): Promise<PriceRow> {
  const prices = await tx.query<PriceRow & Record<string, unknown>>(
    `select id, unit_amount, currency, nickname from prices
      where product_id = $1 and active and ($2::text is null or id = $2) order by sort, id`,
    [date.product_id, date.price_id],
  );
  const price = asked ? prices.find((candidate) => candidate.id === asked) : prices.length === 1 ? prices[0] : undefined;
  if (!price) throw new DomainError('invalid', CHOOSE_ACTIVITY);
  return price;
}

/**
 * Inside the caller's transaction: saves the customer, locks the date, and decides. Null when the
 * same request was already made (it answers with that booking); otherwise the price, or a refusal:
 * the date is missing, not open (an operator may book until it starts: the customers' cut-off is
 * for online bookings), without the activity asked for, or without seats for the party.
 */
async function decide(tx: Queryable, account: CustomerAccount, request: OpsBookRequest): Promise<Decided | string> {
  await ensureUser(tx, { uid: account.uid, email: account.email, name: account.displayName, picture: null });
  // Lock order everywhere: the date first, then its bookings.
  const date = await lockDate(tx, request.dateId);
  if (!date) throw new DomainError('not-found', DATE_NOT_FOUND);
  // The same request, sent again while the first was waiting for the lock.
  const again = await bookingOfRequest(tx, request);
  if (again) return again;
  if (!date.active || date.started) throw new DomainError('conflict', DATE_NOT_OPEN);
  const price = await priceFor(tx, date, request.priceId);
  const left = seatsLeft(date, await takenSeats(tx, date.id));
  if (left < request.partySize) throw new DomainError('conflict', notEnoughSeats(left));
  return { date, price, account };
}

/**
 * The booking a request sent at the same time made, when this one's insert found its id taken: both
 * named other dates, so neither waited for the other's lock. Refused when it asked for something else.
 */
async function madeMeanwhile(tx: Queryable, request: OpsBookRequest): Promise<string> {
  const made = await bookingOfRequest(tx, request);
  if (!made) throw new Error(`No booking holds the request id ${request.requestId}`);
  return made;
}

const recordOf = ({ account, price }: Decided, request: OpsBookRequest, amount: number) => ({
  customer: account.email,
  newAccount: account.created,
  partySize: request.partySize,
  priceId: price.id,
  paidBy: request.paidBy,
  amount,
  ...(addressToProve(account) ? { untilAddressProved: true } : {}),
});

/** The columns of a booking the office makes, as its two statements' first seven values give them. */
const officeBookingColumns = {
  id: '$1',
  date_id: '$2',
  user_id: '$3',
  price_id: '$4',
  party_size: '$5',
  quantity: '$5',
  amount: '$6',
  currency: '$7',
};

/** Books a party paid in cash, by check or complimentary. */
export async function bookForCustomer(
  db: Db,
  identity: Pick<Identity, 'customerAccount'>,
  operator: Caller,
  request: OpsBookRequest & { paidBy: OfficePayment },
): Promise<OfficeBooking> {
  const done = await bookingOfRequest(db, request);
  if (done) return officeBooking(done, false);
  const account = await identity.customerAccount(request.email, request.name || null);
  return db.transaction(async (tx) => {
    const decided = await decide(tx, account, request);
    if (typeof decided === 'string') return officeBooking(decided, false);
    const { date, price } = decided;
    const bookingId = randomId('bk');
    const amount = request.paidBy === 'complimentary' ? 0 : orderTotal(price.unit_amount, request.partySize);
    const inserted = await tx.query(
      insertPaidSql(
        {
          ...officeBookingColumns,
          provider: `'office'`,
          paid_by: '$8',
          office_request: '$9',
          invite_code: '$10',
          policy_version: '$11',
          office_request_terms: '$12::jsonb',
          awaits_owner: '$13',
        },
        'on conflict (office_request) do nothing returning id',
      ),
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
        JSON.stringify(termsOf(request, price.id)),
        addressToProve(account),
      ],
    );
    if (inserted.length === 0) return officeBooking(await madeMeanwhile(tx, request), false);
    await tx.query(`insert into booking_members (booking_id, user_id) values ($1, $2)`, [bookingId, account.uid]);
    await announce(tx, { kind: 'booked', bookingId, payerUid: account.uid, dateId: date.id, startsAt: date.starts_at });
    await recordBookingAction(
      tx,
      operator,
      { id: bookingId, dateId: date.id },
      {
        action: 'book for customer',
        reason: request.reason,
        after: recordOf(decided, request, amount),
      },
    );
    return officeBooking(bookingId, true);
  });
}

const HOLD_COLUMNS = `id as "bookingId", client_secret as "clientSecret", amount, currency, status, ${isoInstantSql()} as "expiresAt"`;

type HoldRow = Pick<OpsCardHold, 'bookingId' | 'clientSecret' | 'amount' | 'currency' | 'expiresAt'> & { status: string };

/**
 * Holds the seats for a party the customer pays by card now, and makes the payment intent the
 * operator's card form pays. The same request again answers with the same hold.
 */
export async function holdForCard(
  db: Db,
  identity: Pick<Identity, 'customerAccount'>,
  provider: PaymentProvider,
  operator: Caller,
  request: OpsBookRequest,
  holdSeconds: number,
): Promise<OpsCardHold> {
  const standing = async (): Promise<OpsCardHold | null> => {
    const bookingId = await bookingOfRequest(db, request);
    if (!bookingId) return null;
    const [row] = await db.query<HoldRow & Record<string, unknown>>(`select ${HOLD_COLUMNS} from bookings where id = $1`, [bookingId]);
    if (!row) return null;
    if (row.status !== 'held' || !row.clientSecret) throw new DomainError('conflict', `This booking is already ${row.status}.`);
    return {
      bookingId: row.bookingId,
      clientSecret: row.clientSecret,
      amount: row.amount,
      currency: row.currency,
      expiresAt: row.expiresAt,
      provider: provider.name,
    };
  };
  const done = await standing();
  if (done) return done;
  const account = await identity.customerAccount(request.email, request.name || null);
  const held = await db.transaction(async (tx) => {
    const decided = await decide(tx, account, request);
    if (typeof decided === 'string') return null;
    const bookingId = randomId('bk');
    const amount = orderTotal(decided.price.unit_amount, request.partySize);
    const inserted = await tx.query(
      insertHoldSql(
        {
          ...officeBookingColumns,
          provider: '$8',
          office_request: '$9',
          until: holdFor('$10'),
          office_request_terms: '$11::jsonb',
          awaits_owner: '$12',
        },
        undefined,
        'on conflict (office_request) do nothing returning id',
      ),
      [
        bookingId,
        decided.date.id,
        account.uid,
        decided.price.id,
        request.partySize,
        amount,
        decided.price.currency,
        provider.name,
        request.requestId,
        holdSeconds,
        JSON.stringify(termsOf(request, decided.price.id)),
        addressToProve(account),
      ],
    );
    if (inserted.length === 0) {
      await madeMeanwhile(tx, request);
      return null;
    }
    await recordBookingAction(
      tx,
      operator,
      { id: bookingId, dateId: decided.date.id },
      {
        action: 'book for customer',
        reason: request.reason,
        after: { ...recordOf(decided, request, amount), status: 'held until paid' },
      },
    );
    return {
      bookingId,
      amount,
      currency: decided.price.currency,
      description: `${decided.price.nickname} x ${request.partySize}`,
      dateId: decided.date.id,
    };
  });
  if (!held) return (await standing()) as OpsCardHold;
  await attachIntentToHold(
    db,
    provider,
    {
      payingFor: held.bookingId,
      amount: held.amount,
      currency: held.currency,
      description: held.description,
      email: account.email,
      metadata: {
        paysFor: PAYMENT_FOR.booking,
        userId: account.uid,
        dateId: held.dateId,
        partySize: String(request.partySize),
        bookedBy: operator.uid,
      },
    },
    'hold ended before its payment was ready',
  );
  return (await standing()) as OpsCardHold;
}
