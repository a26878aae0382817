/**
 * Bookings (and gift cards, for their own payment) an operator must look at: a dispute, a partial
 * refund made in the provider's dashboard, a payment that did not match what it paid for, money to
 * give back by hand (a booking paid in cash or by check, cancelled with a refund), or a refund or
 * intent cancellation the provider would not carry out. Listed by `npm run refunds` and first on the console until an operator resolves one, in
 * either, saying how and what was given back.
 */
import type { Db, Queryable } from '../db/client.ts';
import { randomId } from '../http.ts';
import type { Caller } from '../identity.ts';
import { recordAction } from '../record/operator-actions.ts';
import type { FlagReason } from '../../shared/contract/office-words.ts';
import { formatMoney } from '../../shared/rules/pricing.ts';

/** What a flag is about: a booking, or a gift card whose own payment it concerns. */
export type Flagged = { bookingId: string; giftCardId?: null } | { bookingId?: null; giftCardId: string };

export async function flagBooking(
  tx: Queryable,
  bookingId: string,
  reason: FlagReason,
  detail: string,
  eventId: string | null,
  actionId: string | null = null,
) {
  await flag(tx, { bookingId }, reason, detail, eventId, actionId);
}

/** Flags a booking or a gift card for a person. */
export async function flag(
  tx: Queryable,
  about: Flagged,
  reason: FlagReason,
  detail: string,
  eventId: string | null,
  actionId: string | null = null,
) {
  await tx.query(
    `insert into booking_flags (id, booking_id, gift_card_id, reason, detail, event_id, action_id) values ($1, $2, $3, $4, $5, $6, $7)`,
    [randomId('flag'), about.bookingId ?? null, about.giftCardId ?? null, reason, detail, eventId, actionId],
  );
}

/** A refund or intent cancellation of the payment outbox that its worker gave up on. */
export interface FailedAction {
  actionId: string;
  /** What the payment was for. */
  about: Flagged;
  kind: 'refund' | 'cancel';
  intentId: string;
  /** Cents of the refund. */
  amount: number;
  currency: string;
  /** The provider as an operator knows it: `Stripe`. */
  provider: string;
  tries: number;
  /** True when the provider refused it for good; false when it kept failing. */
  refused: boolean;
  /** The provider's reason, or the last error. */
  error: string;
}

/** What an operator reads about a failed action: what, at which provider, after how many tries, why, and what to do. */
export function failedActionDetail(failed: Omit<FailedAction, 'actionId' | 'about'>): string {
  const what =
    failed.kind === 'refund'
      ? `Refund of ${money(failed.amount, failed.currency)} (${failed.intentId})`
      : `Cancellation of payment intent ${failed.intentId}`;
  const tries = `${failed.tries} ${failed.tries === 1 ? 'try' : 'tries'}`;
  const how = failed.refused ? `refused by ${failed.provider} after ${tries}` : `still failing at ${failed.provider} after ${tries}`;
  const next =
    failed.kind === 'refund'
      ? 'Give it back another way (in the provider’s dashboard, or by hand), then resolve this flag with what was given back.'
      : 'Make sure in the provider’s dashboard that it can no longer be paid, then resolve this flag.';
  return `${what} ${how}: ${failed.error.replace(/\.$/, '')}. ${next}`;
}

/**
 * Flags the booking or gift card of an action the worker gave up on, in the transaction that ends the
 * action's row; one flag per action.
 */
export async function flagFailedAction(tx: Queryable, failed: FailedAction): Promise<void> {
  const reason: FlagReason = failed.kind === 'refund' ? 'refund_failed' : 'cancel_failed';
  await flag(tx, failed.about, reason, failedActionDetail(failed), null, failed.actionId);
}

/**
 * A refund owed on a booking that was not paid through the provider: nothing can send it, so an
 * operator is asked to give it back by hand. Written in the cancellation's own transaction.
 */
export async function flagRefundByHand(tx: Queryable, bookingId: string, amount: number, currency: string, why: string) {
  await flagBooking(tx, bookingId, 'refund_by_hand', `Give back ${money(amount, currency)} by hand: ${why}.`, null);
}

/** How an operator dealt with a flag: who, what was given back (cents, 0 for nothing) and how. */
export interface FlagResolution {
  operator: Caller;
  givenBack: number;
  note: string;
}

/**
 * Marks a flag handled and records who did it, what was given back and how, in one transaction;
 * null (and nothing recorded) when there is no such open flag. Returns the currency of its booking or gift card.
 */
export async function resolveFlag(
  db: Db,
  flagId: string,
  { operator, givenBack, note }: FlagResolution,
): Promise<{ currency: string } | null> {
  return db.transaction(async (tx) => {
    const [flag] = await tx.query<{
      booking_id: string | null;
      date_id: string | null;
      code: string | null;
      reason: FlagReason;
      detail: string;
      currency: string;
    }>(
      `with resolved as (
         update booking_flags set resolved_at = app_now(), resolved_by = $2, resolution = $3, given_back = $4
          where id = $1 and resolved_at is null
          returning booking_id, gift_card_id, reason, detail)
       select r.booking_id, b.date_id, c.code, r.reason, r.detail, coalesce(b.currency, c.currency) as currency
         from resolved r left join bookings b on b.id = r.booking_id left join gift_cards c on c.id = r.gift_card_id`,
      [flagId, operator.email, note, givenBack],
    );
    if (!flag) return null;
    await recordAction(tx, operator, {
      action: 'resolve flag',
      // A gift card's flag is kept with the card's own history.
      subject: flag.code ? `gift card ${flag.code}` : `flag ${flagId}`,
      bookingId: flag.booking_id,
      dateId: flag.date_id,
      reason: note,
      before: { reason: flag.reason, detail: flag.detail, resolved: false },
      after: { resolved: true, givenBack, currency: flag.currency },
    });
    return { currency: flag.currency };
  });
}

/** "$225", "$1,250.50": an amount as the office reads it (one whose currency the provider did not say, in dollars). */
export function money(cents: number | null, currency: string | null): string {
  if (cents === null) return 'an unknown amount';
  return formatMoney(cents, currency ?? 'usd');
}
