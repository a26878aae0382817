/**
 * Cancelling a booking, by its payer on the policy's terms or by an operator for a reason: one
 * function for both. The payer's quote comes first (what comes back and until when the quote holds);
 * confirming names the quote, and is refused with the new quote when the day or the booking changed
 * since. An operator gives back the policy's refund or another amount up to what was paid (by hand,
 * flagged for the office, when it was not paid by card). The booking, its seats, the refund owed (the
 * payment outbox), the messages to the party (the mail outbox) and, for an operator, the record of the
 * action change in one transaction; the same request sent twice changes nothing the second time.
 */
import { createHash } from 'node:crypto';
import { cancellationTerms, policyOf, type CancellationTerms } from '../../shared/rules/cancellation-policy.ts';
import { memberName } from '../../shared/rules/party.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';
import { site } from '../../shared/company/site.ts';
import type { AfterCommit } from '../commit-effects.ts';
import { recordBookingAction } from '../record/operator-actions.ts';
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { announce } from './facts.ts';
import type { ClaimedAction } from '../payment-outbox/actions.ts';
import { shownToCustomer } from './address-owner.ts';
import { giveBack } from './give-back.ts';
import { lockDate } from './seats.ts';
import type { BookingStatus } from '../../shared/rules/seat-rules.ts';
import type { CancellationQuote } from '../../shared/contract/answers.ts';
import { BOOKING_NOT_FOUND } from '../../shared/contract/messages.ts';
import type { OfficePayment } from '../../shared/rules/paid-by.ts';
import { iso } from '../db/instant.ts';
import { refundSplit } from '../../shared/rules/gift-card-split.ts';
import { creditOfferFor, DEFAULT_CREDIT_TERMS, type CreditTerms } from '../../shared/rules/gift-card-credit.ts';
import { issueCredit } from '../gift-cards/credit.ts';
import { clockNow } from '../clock.ts';

export type { CancellationQuote };

export const ONLY_THE_PAYER = 'Only the person who paid for this booking can cancel it.';
export const ALREADY_CANCELLED = 'This booking is already cancelled.';
export const TRIP_STARTED = 'This trip has already started.';
export const DATE_CALLED_OFF = 'We called off this date: choose a full refund or a new date on the page our message links to.';
export const QUOTE_CHANGED = 'The terms of this cancellation have changed. Please read the new quote.';
export const refundTooHigh = (paid: number) => `A refund can be at most what was paid (${formatDollars(paid)}).`;
export const CALLED_OFF_CHOICE_PENDING = 'This date was called off: its payer chooses a full refund or another date.';

/** Who cancels: the payer, confirming a quote, or an operator, for a reason, giving back `refund` cents. */
export type Canceller =
  { payer: string; quoteId: string; credit?: { terms: CreditTerms } } | { operator: Caller; reason: string; refund: number };

export type Cancellation =
  | {
      outcome: 'cancelled';
      bookingId: string;
      dateId: string;
      refund: number;
      /** Cents on the gift card the refund became, when the payer took it as credit; 0 otherwise. */
      credit: number;
      currency: string;
      changed: boolean;
      after: AfterCommit;
    }
  | { outcome: 'stale'; quote: CancellationQuote; after: AfterCommit };

interface BookingRow {
  id: string;
  /** What was booked, as My Bookings titles it. */
  title: string;
  date_id: string;
  user_id: string;
  status: BookingStatus;
  amount: number;
  /** Of `amount`, the cents gift cards paid. */
  gift_amount: number;
  currency: string;
  party_size: number;
  price_id: string;
  payment_intent_id: string | null;
  paid_by: OfficePayment | null;
  policy_version: string | null;
  updated_at: Date | string;
  starts_at: Date | string;
  called_off: boolean;
  choice_pending: boolean;
  cancelled_by: string | null;
  cancel_quote: string | null;
  cancel_reason: string | null;
  refund_amount: number | null;
  payer_name: string | null;
  payer_email: string | null;
}

const BOOKING_COLUMNS = `b.id, b.date_id, b.user_id, b.status, b.amount, b.gift_amount, b.currency, b.party_size, b.price_id, b.payment_intent_id, b.paid_by, b.policy_version,
       b.updated_at, d.starts_at, d.called_off_at is not null as called_off,
       exists (select 1 from called_off_bookings c where c.booking_id = b.id and c.choice is null) as choice_pending,
       b.cancelled_by, b.cancel_quote, b.cancel_reason, b.refund_amount, u.display_name as payer_name, u.email as payer_email,
       (select p.nickname from prices p where p.id = b.price_id) as title`;

/** The booking as its payer (`callerUid`) may see it, or as an operator sees it when `callerUid` is null. */
async function readBooking(db: Queryable, bookingId: string, callerUid: string | null, lock: boolean): Promise<BookingRow> {
  const [booking] = await db.query<BookingRow & Record<string, unknown>>(
    `select ${BOOKING_COLUMNS}
       from bookings b join calendar_dates d on d.id = b.date_id left join users u on u.uid = b.user_id
      where b.id = $1 and b.status in ('paid', 'cancelled', 'refunded') and ($2::text is null or ${shownToCustomer('b', '$2')})
      ${lock ? 'for update of b' : ''}`,
    [bookingId, callerUid],
  );
  if (!booking) throw new DomainError('not-found', BOOKING_NOT_FOUND);
  if (callerUid !== null && booking.user_id !== callerUid) throw new DomainError('forbidden', ONLY_THE_PAYER);
  return booking;
}

/** A quote's id names everything it was computed from: the same booking on the same day gives the same id. */
function quoteIdOf(booking: BookingRow, terms: CancellationTerms): string {
  const facts = [
    booking.id,
    booking.date_id,
    booking.status,
    booking.amount,
    iso(booking.updated_at),
    terms.policyVersion,
    terms.quoteDay,
    terms.refund,
  ];
  return `cq_${createHash('sha256').update(facts.join('\n')).digest('base64url').slice(0, 22)}`;
}

function quoteOf(booking: BookingRow, now: Date, creditTerms = DEFAULT_CREDIT_TERMS): CancellationQuote {
  if (booking.status !== 'paid') throw new DomainError('conflict', ALREADY_CANCELLED);
  if (booking.called_off) throw new DomainError('conflict', DATE_CALLED_OFF);
  if (new Date(booking.starts_at) <= now) throw new DomainError('conflict', TRIP_STARTED);
  const terms = cancellationTerms(policyOf(booking.policy_version), booking.amount, new Date(booking.starts_at), now);
  return {
    quoteId: quoteIdOf(booking, terms),
    bookingId: booking.id,
    policyVersion: terms.policyVersion,
    noticeDays: terms.noticeDays,
    paid: terms.paid,
    refund: terms.refund,
    toGiftCards: refundSplit(terms.refund, booking.amount, booking.gift_amount).toGiftCards,
    credit: terms.refund > 0 ? creditOfferFor(terms.refund, creditTerms, terms.quoteDay) : null,
    currency: booking.currency,
    canMove: terms.canMove,
    moveFee: terms.moveFee,
    quoteDay: terms.quoteDay,
    goodUntil: terms.goodUntil.toISOString(),
    paidBy: booking.paid_by ?? 'card',
  };
}

/**
 * The caller's booking, locked, with the quote it has now: for a change of its date, inside a
 * transaction that has locked its date first.
 */
export async function lockedQuote(tx: Queryable, callerUid: string, bookingId: string, now: Date) {
  const booking = await readBooking(tx, bookingId, callerUid, true);
  return { booking, quote: quoteOf(booking, now) };
}

/** What cancelling the caller's booking would give back now. */
export async function quoteCancellation(
  db: Queryable,
  callerUid: string,
  bookingId: string,
  now = clockNow(),
  creditTerms: CreditTerms = DEFAULT_CREDIT_TERMS,
): Promise<CancellationQuote> {
  return quoteOf(await readBooking(db, bookingId, callerUid, false), now, creditTerms);
}

/** Whether this booking is already cancelled by this very request (the same quote, or the same reason and refund). */
function cancelledAlready(booking: BookingRow, by: Canceller): boolean {
  if (booking.status !== 'cancelled') return false;
  if ('payer' in by) return booking.cancelled_by === 'customer' && booking.cancel_quote === by.quoteId;
  return booking.cancelled_by === 'company' && booking.cancel_reason === by.reason && booking.refund_amount === by.refund;
}

/** The refund an operator's cancellation gives back, once the booking may be cancelled by one. */
function operatorRefund(booking: BookingRow, refund: number): number {
  if (booking.status !== 'paid') throw new DomainError('conflict', ALREADY_CANCELLED);
  if (booking.choice_pending) throw new DomainError('conflict', CALLED_OFF_CHOICE_PENDING);
  if (refund > booking.amount) throw new DomainError('invalid', refundTooHigh(booking.amount));
  return refund;
}

/**
 * Cancels a booking for its payer (on the terms of their quote) or an operator: the seats are free
 * at once, the refund is owed through the payment outbox (carried out after the commit), and every
 * member of the party is told. The same request sent again answers as the first time and changes nothing.
 */
export async function cancelBooking(db: Db, bookingId: string, by: Canceller, now = clockNow()): Promise<Cancellation> {
  return db.transaction(async (tx): Promise<Cancellation> => {
    const [where] = await tx.query<{ date_id: string }>(`select date_id from bookings where id = $1`, [bookingId]);
    if (!where) throw new DomainError('not-found', BOOKING_NOT_FOUND);
    // Lock order everywhere: the date first, then its bookings.
    await lockDate(tx, where.date_id);
    const booking = await readBooking(tx, bookingId, 'payer' in by ? by.payer : null, true);
    const answer = (refund: number, changed: boolean, actions: ClaimedAction[], credit = 0): Cancellation => ({
      outcome: 'cancelled',
      bookingId,
      dateId: booking.date_id,
      refund,
      credit,
      currency: booking.currency,
      changed,
      after: { actions, seatsChanged: changed, mailWritten: changed, freedDates: changed ? [booking.date_id] : [] },
    });
    if (cancelledAlready(booking, by)) return answer(booking.refund_amount ?? 0, false, [], await creditValue(tx, bookingId));
    let refund: number;
    if ('payer' in by) {
      const quote = quoteOf(booking, now);
      if (quote.quoteId !== by.quoteId) return { outcome: 'stale', quote, after: {} };
      refund = quote.refund;
    } else {
      refund = operatorRefund(booking, by.refund);
    }
    const byPayer = 'payer' in by;
    // The payer may keep the refund as credit: a gift card worth more, and nothing goes back.
    const credit =
      byPayer && by.credit && refund > 0
        ? await issueCredit(tx, {
            payerUid: booking.user_id,
            paid: refund,
            terms: by.credit.terms,
            currency: booking.currency,
            title: booking.title,
            startsAt: new Date(booking.starts_at),
            reason: 'credit instead of a refund: cancelled by the customer',
          })
        : null;
    await tx.query(
      `update bookings set status = 'cancelled', cancelled_at = $2, cancelled_by = $3, cancel_quote = $4, cancel_reason = $5, refund_amount = $6,
              credit_card_id = $7, updated_at = app_now()
        where id = $1`,
      [
        bookingId,
        now,
        byPayer ? 'customer' : 'company',
        byPayer ? by.quoteId : null,
        byPayer ? null : by.reason,
        credit ? 0 : refund,
        credit?.cardId ?? null,
      ],
    );
    const why = byPayer ? 'cancelled by the customer' : 'cancelled by the company';
    const paid = { bookingId, intentId: booking.payment_intent_id, currency: booking.currency };
    const given = credit
      ? null
      : await giveBack(tx, { ...paid, split: { amount: booking.amount, giftAmount: booking.gift_amount } }, refund, why);
    const actions = given ? [given] : [];
    // An operator's reason is the company's record; the party is told what was cancelled and what comes back.
    await announce(tx, {
      kind: 'cancelled',
      bookingId,
      told: {
        cancelledBy: byPayer ? memberName(booking.payer_name, booking.payer_email) : site.name,
        ...(byPayer ? { byPayer: true } : {}),
        reason: null,
        refundAmount: credit ? 0 : refund,
        ...(credit ? { creditAmount: credit.value } : {}),
        currency: booking.currency,
      },
    });
    if (!byPayer) {
      await recordBookingAction(
        tx,
        by.operator,
        { id: bookingId, dateId: booking.date_id },
        {
          action: 'cancel booking',
          reason: by.reason,
          before: { status: 'paid', amount: booking.amount },
          after: { status: 'cancelled', refund },
        },
      );
    }
    return credit ? answer(0, true, actions, credit.value) : answer(refund, true, actions);
  });
}

/** Cents on the gift card a cancelled booking's refund became; 0 when it became none. */
async function creditValue(q: Queryable, bookingId: string): Promise<number> {
  const [card] = await q.query<{ value: number }>(
    `select c.value from bookings b join gift_cards c on c.id = b.credit_card_id where b.id = $1`,
    [bookingId],
  );
  return card?.value ?? 0;
}

export const NOT_A_MEMBER = 'You are not a member of this party.';
export const PAYER_CANNOT_LEAVE = 'You paid for this booking: cancel it instead of leaving.';

/**
 * A member who joined by invite leaves the party: their seat is an open spot again and no money
 * moves. Their reminders and briefing are not sent. Leaving twice answers the same.
 */
export async function leaveParty(
  db: Db,
  callerUid: string,
  bookingId: string,
): Promise<{ bookingId: string; dateId: string; left: boolean; after: AfterCommit }> {
  return db.transaction(async (tx) => {
    const [booking] = await tx.query<{ date_id: string; user_id: string; status: BookingStatus } & Record<string, unknown>>(
      `select date_id, user_id, status from bookings where id = $1 and status = 'paid' and ${shownToCustomer('bookings', '$2')} for update`,
      [bookingId, callerUid],
    );
    if (!booking) throw new DomainError('not-found', BOOKING_NOT_FOUND);
    if (booking.user_id === callerUid) throw new DomainError('conflict', PAYER_CANNOT_LEAVE);
    const removed = await tx.query(`delete from booking_members where booking_id = $1 and user_id = $2 returning user_id`, [
      bookingId,
      callerUid,
    ]);
    if (removed.length === 0) {
      const [left] = await tx.query(`select 1 from booking_departures where booking_id = $1 and user_id = $2`, [bookingId, callerUid]);
      if (!left) throw new DomainError('forbidden', NOT_A_MEMBER);
      return { bookingId, dateId: booking.date_id, left: false, after: {} };
    }
    await tx.query(`insert into booking_departures (booking_id, user_id) values ($1, $2) on conflict do nothing`, [bookingId, callerUid]);
    await tx.query(
      `update mail_outbox set status = 'skipped', skipped_reason = 'left the party', updated_at = app_now()
        where booking_id = $1 and recipient_uid = $2 and status = 'pending'`,
      [bookingId, callerUid],
    );
    return { bookingId, dateId: booking.date_id, left: true, after: { seatsChanged: true } };
  });
}
