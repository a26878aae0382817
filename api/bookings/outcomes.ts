/**
 * The outcomes of the seats' payments, whether they come from a Stripe webhook or the local
 * provider's confirm call (../payments/purposes.ts stores each event once and hands it here). A
 * refund decided here is written to the payment outbox in the same transaction; the caller runs the
 * returned outbox rows once the transaction has committed.
 */
import type { Queryable } from '../db/client.ts';
import type { PaymentEvent } from '../payments/provider.ts';
import type { Outcome, OutcomeSettings, PaymentPurpose } from '../payments/purposes.ts';
import { enqueueActions, type PaymentActionReason } from '../payment-outbox/actions.ts';
import { flagBooking, money } from './flags.ts';
import { announce } from './facts.ts';
import { site } from '../../shared/company/site.ts';
import { honouredDiscount } from './promo.ts';
import { orderTotal, type Discount } from '../../shared/rules/pricing.ts';
import { lockDate, takenSeats, type LockedDate } from './seats.ts';
import { lockMoveDates } from './move.ts';
import { moveOnFee } from './fee-paid.ts';
import { seatsLeft, type BookingStatus } from '../../shared/rules/seat-rules.ts';
import { HOLD_LAPSED_SQL } from './seat-sql.ts';
import { releaseHoldsSql } from './seat-holds.ts';
import { payableHold } from './payable-holds.ts';
import { bookPaid } from './paid.ts';
import { refundToCards, spendGivenBack } from '../gift-cards/spend.ts';

interface BookingRow {
  id: string;
  date_id: string;
  user_id: string;
  price_id: string;
  party_size: number;
  quantity: number;
  amount: number;
  /** Of `amount`, the cents gift cards paid or hold. */
  gift_amount: number;
  currency: string;
  promo_code: string | null;
  payment_intent_id: string;
  status: BookingStatus;
  /** Cents given back when the booking was cancelled; null otherwise. */
  refund_amount: number | null;
  /** For the fee of a date change: the booking that moves once it is paid. */
  moves_booking: string | null;
  expired: boolean;
}

type Settled = Extract<Outcome, { bookingId: string }>;

/** What a payment intent's metadata names it for, as each purpose of the seats' payments is named. */
export const PAYMENT_FOR = { booking: 'a booking', dateChangeFee: 'the fee of a change of date' } as const;

/**
 * A booking's payment, as a purpose of payment (../payments/purposes.ts): a hold paid at checkout, on
 * a waitlist offer or by the office's card. Settles an event whose intent is one of theirs, in the
 * caller's transaction; null when no such booking has the intent.
 */
export const bookingPayments: PaymentPurpose = {
  name: PAYMENT_FOR.booking,
  settle: (tx, event, settings) => settleSeats(tx, event, settings, 'moves_booking is null'),
  payable: (db, clientSecret) => payableHold(db, clientSecret, 'moves_booking is null'),
};

/** The fee of a change of date, as a purpose of payment: a hold on the new date that moves the booking once it is paid. */
export const dateChangeFees: PaymentPurpose = {
  name: PAYMENT_FOR.dateChangeFee,
  settle: (tx, event, settings) => settleSeats(tx, event, settings, 'moves_booking is not null'),
  payable: (db, clientSecret) => payableHold(db, clientSecret, 'moves_booking is not null'),
};

/** Settles an event for the hold that `which` (a condition on the hold) says is this purpose's; null when there is none. */
async function settleSeats(tx: Queryable, event: PaymentEvent, settings: OutcomeSettings, which: string): Promise<Outcome | null> {
  const [found] = await tx.query<{ date_id: string; moving_from: string | null }>(
    `select b.date_id, o.date_id as moving_from from bookings b left join bookings o on o.id = b.moves_booking
      where b.payment_intent_id = $1 and b.${which}`,
    [event.intentId],
  );
  if (!found) return null;
  // Lock order everywhere: the date first (both dates of a date change, in id order), then its bookings.
  if (found.moving_from) await lockMoveDates(tx, found.moving_from, found.date_id, settings.cutoffHours);
  const date = await lockDate(tx, found.date_id, settings.cutoffHours);
  const [booking] = await tx.query<BookingRow & Record<string, unknown>>(
    `select id, date_id, user_id, price_id, party_size, quantity, amount, gift_amount, currency, promo_code, payment_intent_id, status,
            refund_amount, moves_booking, ${HOLD_LAPSED_SQL} as expired
       from bookings where payment_intent_id = $1 for update`,
    [event.intentId],
  );
  if (!booking) return null;
  switch (event.type) {
    case 'succeeded':
      return settleSuccess(tx, booking, date, event, settings);
    case 'failed':
      // A declined card keeps the hold until it expires: the customer may try another card.
      return settled('unchanged', booking);
    case 'canceled':
      return settleCancel(tx, booking);
    case 'refunded':
      return settleRefund(tx, booking, event);
    case 'disputed':
      await flagBooking(
        tx,
        booking.id,
        'dispute',
        `Dispute ${event.disputeId} (${event.reason}) for ${money(event.amount, event.currency)}; the seats stay booked.`,
        event.eventId,
      );
      return settled('flagged', booking);
  }
}

const settled = (result: 'paid' | 'released' | 'unchanged' | 'flagged', booking: BookingRow): Settled => ({
  result,
  bookingId: booking.id,
  dateId: booking.date_id,
  actions: [],
});

/** What does not match between a successful payment and its booking, or null when all does. */
function mismatch(booking: BookingRow, event: Extract<PaymentEvent, { type: 'succeeded' }>): string | null {
  const problems: string[] = [];
  // The card pays what the booking's gift cards do not.
  const byCard = booking.amount - booking.gift_amount;
  if (event.amount !== byCard || event.currency?.toLowerCase() !== booking.currency.toLowerCase()) {
    problems.push(`charged ${money(event.amount, event.currency)} for a booking of ${money(byCard, booking.currency)}`);
  }
  if (event.bookingId !== booking.id) problems.push(`the payment names booking ${event.bookingId ?? '(none)'}`);
  return problems.length > 0 ? `Payment ${event.intentId}: ${problems.join('; ')}. Refunded, not booked.` : null;
}

async function settleSuccess(
  tx: Queryable,
  booking: BookingRow,
  date: LockedDate | undefined,
  event: Extract<PaymentEvent, { type: 'succeeded' }>,
  settings: OutcomeSettings,
): Promise<Settled> {
  if (booking.status !== 'held' && booking.status !== 'released') return settled('unchanged', booking);
  const wrong = mismatch(booking, event);
  if (wrong) {
    await flagBooking(tx, booking.id, 'payment_mismatch', wrong, event.eventId);
    return refund(tx, booking, 'payment did not match the booking');
  }
  if (!date?.active || date.started) return refund(tx, booking, 'date started or withdrawn');
  if (booking.moves_booking) return settleDateChange(tx, booking, date, event, settings);
  const holdStands = booking.status === 'held' && !booking.expired;
  if (!holdStands) {
    // Paid after the hold lapsed or was replaced: booked only on the terms a new hold would get now,
    // and with its gift cards' parts, given back when the hold ended, taken again.
    const refusal = (await lateTermsRefused(tx, booking, date)) ?? (await spendGivenBack(tx, booking.id, `payment:${event.intentId}`));
    if (refusal) return refund(tx, booking, refusal);
  }
  // Other offers' holds its listeners release are cancelled by the payment outbox's worker.
  await bookPaid(tx, booking, date.starts_at);
  return settled('paid', booking);
}

/**
 * The fee of a date change is paid by card: the booking moves (./fee-paid.ts). A fee paid late is
 * still taken while the date is open and has the seats, with its gift cards' parts, given back when
 * the hold ended, taken again; otherwise, or when the booking changed meanwhile, the fee is refunded
 * and the booking stays where it was.
 */
async function settleDateChange(
  tx: Queryable,
  fee: BookingRow,
  date: LockedDate,
  event: PaymentEvent,
  settings: OutcomeSettings,
): Promise<Settled> {
  const takenAgain = fee.status === 'released' && fee.gift_amount > 0;
  if (takenAgain) {
    const refusal = await spendGivenBack(tx, fee.id, `payment:${event.intentId}`);
    if (refusal) return refund(tx, fee, refusal);
  }
  const result = await moveOnFee(tx, fee, date, settings.cutoffHours);
  if (result.moved) return { ...settled('paid', fee), actions: result.actions };
  // The gift cards' parts taken again go back with the card's.
  if (takenAgain) await refundToCards(tx, fee.id, fee.gift_amount, result.reason, result.reason);
  return refund(tx, fee, result.reason);
}

/**
 * Why a payment for a hold that no longer stands cannot be booked, or null when it can: the date is
 * still open for booking (before its cut-off), its seats are free, and the promo code and the price
 * still give the amount paid.
 */
async function lateTermsRefused(tx: Queryable, booking: BookingRow, date: LockedDate): Promise<PaymentActionReason | null> {
  if (!date.open) return 'bookings closed before the late payment';
  const left = seatsLeft(date, await takenSeats(tx, booking.date_id, booking.id));
  if (left < booking.party_size) return 'seats taken after the hold lapsed';
  let discount: Discount | null = null;
  if (booking.promo_code) {
    discount = await honouredDiscount(tx, booking.promo_code, booking.price_id);
    if (!discount) return 'promo code no longer valid';
  }
  const [price] = await tx.query<{ unit_amount: number }>(`select unit_amount from prices where id = $1 and active`, [booking.price_id]);
  if (!price || orderTotal(price.unit_amount, booking.quantity, discount) !== booking.amount) return 'price changed after the hold lapsed';
  return null;
}

/** The booking gives its seats back and the payment is refunded through the outbox. */
async function refund(tx: Queryable, booking: BookingRow, reason: PaymentActionReason): Promise<Settled> {
  await tx.query(`update bookings set status = 'refunded', updated_at = app_now() where id = $1`, [booking.id]);
  const actions = await enqueueActions(tx, [{ kind: 'refund', bookingId: booking.id, intentId: booking.payment_intent_id, reason }]);
  return { result: 'refunded', bookingId: booking.id, dateId: booking.date_id, reason, actions };
}

async function settleCancel(tx: Queryable, booking: BookingRow): Promise<Settled> {
  if (booking.status !== 'held') return settled('unchanged', booking);
  // The intent was cancelled at the provider: nothing is left to cancel.
  await tx.query(releaseHoldsSql('id = $1'), [booking.id]);
  return settled('released', booking);
}

const PROVIDER_REFUND = 'refunded at the provider';

/** Money given back at the provider (its dashboard): a full refund frees the seats, a partial one is for an operator. */
async function settleRefund(tx: Queryable, booking: BookingRow, event: Extract<PaymentEvent, { type: 'refunded' }>): Promise<Settled> {
  // The refund of a cancellation this API decided: nothing more to do when it is the amount decided.
  if (booking.status === 'cancelled' && event.amountRefunded === booking.refund_amount) return settled('unchanged', booking);
  if (event.amountRefunded < event.amount) {
    await flagBooking(
      tx,
      booking.id,
      'partial_refund',
      `${money(event.amountRefunded, event.currency)} of ${money(event.amount, event.currency)} refunded at the provider; the booking is still ${booking.status}.`,
      event.eventId,
    );
    return settled('flagged', booking);
  }
  if (booking.status === 'refunded') return settled('unchanged', booking);
  await tx.query(`update bookings set status = 'refunded', updated_at = app_now() where id = $1`, [booking.id]);
  if (booking.status === 'paid') {
    // All the card paid came back: what gift cards paid goes back onto them too, or the booking's price would be lost.
    const toGiftCards = await refundToCards(
      tx,
      booking.id,
      booking.gift_amount,
      PROVIDER_REFUND,
      'given back: the card payment was refunded in full',
    );
    await announce(tx, {
      kind: 'cancelled',
      bookingId: booking.id,
      told: {
        cancelledBy: site.name,
        reason: null,
        refundAmount: event.amountRefunded + toGiftCards,
        currency: event.currency ?? booking.currency,
      },
    });
  }
  return { result: 'refunded', bookingId: booking.id, dateId: booking.date_id, reason: 'refunded at the provider', actions: [] };
}
