/**
 * A customer changes the date of their booking, with the notice the policy asks for: the seats on
 * the new date are held (a hold of its own, for the fee, like a checkout's) while the fee is paid,
 * by gift cards (amount cards: a trip voucher pays a seat, not a fee) and by card for the rest; only
 * when the payment is recorded does the booking move (bookings/outcomes.ts), or at once when gift
 * cards pay all of it (./gift-card-payment.ts). A
 * declined card, a lapsed hold or a closed page leave the booking as it was; keeping the date gives
 * the held seats back at once.
 */
import { CURRENT_POLICY, policyOf } from '../../shared/rules/cancellation-policy.ts';
import type { CancellationQuote, DateChangeOptions } from '../../shared/contract/answers.ts';
import { BOOKING_NOT_FOUND } from '../../shared/contract/messages.ts';
import { afterCommit, type AfterCommit } from '../after-commit.ts';
import type { Db } from '../db/client.ts';
import { randomId } from '../http.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import type { ClaimedAction } from '../payment-outbox/actions.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { lockedQuote, ONLY_THE_PAYER, quoteCancellation } from './cancellation.ts';
import { assertMoveTarget, lockMoveDates, moveTargets } from './move.ts';
import { attachIntentToHold } from './hold-intent.ts';
import { holdFor, insertHoldSql, releaseHolds } from './seat-holds.ts';
import { PAYMENT_FOR } from './outcomes.ts';
import { BELOW_MINIMUM, MINIMUM_CHARGE } from './holds.ts';
import { giftCodesOf, holdGiftCards, type CardPart } from '../gift-cards/spend.ts';
import { shownToCustomer } from './address-owner.ts';
import { clockNow } from '../clock.ts';

export const NO_DATE_CHANGE = (days = CURRENT_POLICY.fullRefundDays) =>
  `The date can be changed only with ${days} days' notice or more. You can still cancel the booking.`;

/** What the customer is offered: the quote with its fee, and the dates that fit the party. */
export async function dateChangeOptions(
  db: Db,
  callerUid: string,
  bookingId: string,
  cutoffHours: number,
  now = clockNow(),
): Promise<DateChangeOptions> {
  const quote = await quoteCancellation(db, callerUid, bookingId, now);
  const [booking] = await db.query<{ date_id: string; party_size: number; policy_version: string | null }>(
    `select date_id, party_size, policy_version from bookings where id = $1`,
    [bookingId],
  );
  if (!quote.canMove || !booking) throw new DomainError('conflict', NO_DATE_CHANGE(policyOf(booking?.policy_version).fullRefundDays));
  return { quote, dates: await moveTargets(db, { id: bookingId, date_id: booking.date_id, party_size: booking.party_size }, cutoffHours) };
}

export interface DateChangeSettings {
  cutoffHours: number;
  holdSeconds: number;
}

/** The hold for the fee, as checkout's payment intent answer gives it. */
export interface DateChangeHold {
  bookingId: string;
  /** Null when gift cards pay all of the fee: nothing is paid by card. */
  clientSecret: string | null;
  /** What the card pays. */
  amount: number;
  /** The fee, gift cards' parts included. */
  total: number;
  /** What each gift card holds of the fee, in the order given. */
  giftCards: CardPart[];
  currency: string;
  expiresAt: string;
  provider: PaymentProvider['name'];
}

export type DateChangeStart =
  { outcome: 'held'; hold: DateChangeHold; after: AfterCommit } | { outcome: 'stale'; quote: CancellationQuote; after: AfterCommit };

interface Prepared {
  feeHoldId: string;
  fee: number;
  byCard: number;
  giftCards: CardPart[];
  currency: string;
  expiresAt: string;
  cancels: ClaimedAction[];
}

/**
 * Holds the new date's seats for the booking's party and makes the intent for the fee. The quote
 * named must still hold (else the new one comes back); the customer's other holds end, as a new
 * checkout hold ends them. Gift cards named pay first, held with the seats; with nothing left for
 * the card, no intent is made.
 */
export async function startDateChange(
  db: Db,
  payments: PaymentProvider,
  caller: Caller,
  bookingId: string,
  request: { quoteId: string; dateId: string; giftCodes?: string[] | undefined },
  settings: DateChangeSettings,
  now = clockNow(),
): Promise<DateChangeStart> {
  const codes = giftCodesOf(request.giftCodes);
  const prepared = await db.transaction(async (tx): Promise<Prepared | { stale: CancellationQuote }> => {
    const [where] = await tx.query<{ date_id: string }>(`select date_id from bookings where id = $1`, [bookingId]);
    if (!where) throw new DomainError('not-found', BOOKING_NOT_FOUND);
    // Lock order everywhere: the dates first, then their bookings.
    await lockMoveDates(tx, where.date_id, request.dateId, settings.cutoffHours);
    const { booking, quote } = await lockedQuote(tx, caller.uid, bookingId, now);
    if (quote.quoteId !== request.quoteId) return { stale: quote };
    if (!quote.canMove) throw new DomainError('conflict', NO_DATE_CHANGE(policyOf(booking.policy_version).fullRefundDays));
    // One hold at a time: the customer's other holds end, and their intents are cancelled.
    const { cancels } = await releaseHolds(tx, { ofCustomer: caller.uid }, 'replaced by a newer hold');
    await assertMoveTarget(tx, {
      fromDateId: booking.date_id,
      toDateId: request.dateId,
      cutoffHours: settings.cutoffHours,
      partySize: booking.party_size,
    });
    const feeHoldId = randomId('bk');
    const [held] = await tx.query<{ expires_at: Date | string }>(
      insertHoldSql(
        {
          id: '$1',
          date_id: '$2',
          user_id: '$3',
          price_id: '$4',
          party_size: '$5',
          quantity: '1',
          amount: '$6',
          currency: '$7',
          provider: '$8',
          until: holdFor('$9'),
          moves_booking: '$10',
        },
        undefined,
        'returning hold_expires_at as expires_at',
      ),
      [
        feeHoldId,
        request.dateId,
        caller.uid,
        booking.price_id,
        booking.party_size,
        quote.moveFee,
        booking.currency,
        payments.name,
        settings.holdSeconds,
        bookingId,
      ],
    );
    const { parts, byCard } = await holdGiftCards(tx, {
      bookingId: feeHoldId,
      codes,
      total: quote.moveFee,
      seat: null,
      currency: booking.currency,
      minimumCharge: MINIMUM_CHARGE,
      causedBy: `customer:${caller.uid}`,
    });
    if (byCard > 0 && byCard < MINIMUM_CHARGE) throw new DomainError('invalid', BELOW_MINIMUM);
    return {
      feeHoldId,
      fee: quote.moveFee,
      byCard,
      giftCards: parts,
      currency: booking.currency,
      expiresAt: new Date(held?.expires_at ?? now).toISOString(),
      cancels,
    };
  });
  if ('stale' in prepared) return { outcome: 'stale', quote: prepared.stale, after: {} };
  await afterCommit({ db, payments }, { actions: prepared.cancels });

  // A hold replaced by a newer one while the intent was made gets the intent cancelled.
  const intent =
    prepared.byCard > 0
      ? await attachIntentToHold(
          db,
          payments,
          {
            payingFor: prepared.feeHoldId,
            amount: prepared.byCard,
            currency: prepared.currency,
            description: `Date change of booking ${bookingId}`,
            email: caller.email,
            metadata: { paysFor: PAYMENT_FOR.dateChangeFee, userId: caller.uid, dateId: request.dateId, changesBooking: bookingId },
          },
          'replaced by a newer hold',
        )
      : null;
  return {
    outcome: 'held',
    after: { seatsChanged: true },
    hold: {
      bookingId: prepared.feeHoldId,
      clientSecret: intent?.clientSecret ?? null,
      amount: prepared.byCard,
      total: prepared.fee,
      giftCards: prepared.giftCards,
      currency: prepared.currency,
      expiresAt: prepared.expiresAt,
      provider: payments.name,
    },
  };
}

/**
 * The payer keeps the date they have: the fee holds of the booking's change of date end now, their
 * seats free for others, and their intents are cancelled (through the outbox, carried out by the
 * caller after the commit) so no fee can be taken. Keeping it again does no harm.
 */
export async function keepDate(db: Db, callerUid: string, bookingId: string): Promise<{ released: number; after: AfterCommit }> {
  return db.transaction(async (tx) => {
    const [booking] = await tx.query<{ user_id: string }>(
      `select user_id from bookings where id = $1 and status <> 'held' and ${shownToCustomer('bookings', '$2')}`,
      [bookingId, callerUid],
    );
    if (!booking) throw new DomainError('not-found', BOOKING_NOT_FOUND);
    if (booking.user_id !== callerUid) throw new DomainError('forbidden', ONLY_THE_PAYER);
    const { released, cancels: actions } = await releaseHolds(
      tx,
      { movingBooking: bookingId, payer: callerUid },
      'change of date given up by the customer',
    );
    return {
      released: released.length,
      after: { actions, seatsChanged: released.length > 0, freedDates: released.map((hold) => hold.date_id) },
    };
  });
}
