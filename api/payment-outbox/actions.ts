/**
 * The payment outbox: refunds and intent cancellations owed at the payment provider. A row is
 * written in the same transaction that decides the action, so the decision and the duty to carry
 * it out commit together. The request that wrote it carries it out right after the commit; the
 * worker retries it until the provider confirms.
 */
import type { Queryable } from '../db/client.ts';
import { randomId } from '../http.ts';

export type ActionKind = 'refund' | 'cancel';

/** Why a payment itself goes back or its intent is ended, in words an operator reads in the outbox listing. */
export type PaymentActionReason =
  | 'seats taken after the hold lapsed'
  | 'bookings closed before the late payment'
  | 'price changed after the hold lapsed'
  | 'date started or withdrawn'
  | 'promo code no longer valid'
  | 'payment did not match the booking'
  | 'replaced by a newer hold'
  | 'hold ended before its payment was ready'
  | 'hold lapsed'
  | 'account closed while holding seats'
  | 'booking changed before the fee was paid'
  | 'fee not taken: the date was called off'
  | 'a gift card no longer has its part';

/** Why money goes back or an intent is ended: the payment's own reasons, or a cancellation of a paid booking. */
export type ActionReason =
  | PaymentActionReason
  | 'cancelled by the customer'
  | 'cancelled by the company'
  | 'date called off by the company'
  | 'change of date given up by the customer'
  | 'waitlist offer declined'
  | 'offer withdrawn: booked another way'
  | 'offer taken back by the office';

/** Why a gift card's payment goes back or its intent is ended. */
export type GiftCardActionReason =
  | 'gift card cancelled by the office'
  | 'gift card never paid for'
  | 'payment came after the gift card was cancelled'
  | 'payment did not match the gift card';

/**
 * What a refund is for: the payment itself (a payment that could not be booked), or a cancellation
 * of a paid booking. A booking owes at most one action per kind and purpose.
 */
export type ActionPurpose = 'payment' | 'cancellation';

export interface ActionRequest {
  kind: ActionKind;
  bookingId: string;
  intentId: string;
  reason: ActionReason;
  /** 'payment' when not given. */
  purpose?: ActionPurpose;
  /** Cents to give back, for part of the payment; the whole payment when not given. */
  amount?: number;
}

/** A row someone is about to carry out: its attempt is counted and other workers leave it alone for a while. */
export interface ClaimedAction {
  id: string;
  kind: ActionKind;
  /** What the payment was for: a booking (or a fee's hold), or else a gift card. */
  booking_id: string | null;
  gift_card_id: string | null;
  intent_id: string;
  idempotency_key: string;
  attempts: number;
  /** Cents to refund; null for the whole payment (and for cancellations). */
  amount: number | null;
  /** The claim the row is held under (claim.ts); null for a row its writer holds from the start. */
  claim_token: string | null;
}

/** How long a claimed row is left alone: longer than a provider call with its own retries. */
export const LEASE_SECONDS = 300;

export const CLAIMED_COLUMNS = 'id, kind, booking_id, gift_card_id, intent_id, idempotency_key, attempts, amount, claim_token';

/**
 * Records that an action is owed, claimed by the caller for its first attempt; returns the row, or
 * null when the booking already has an action of that kind and purpose. The idempotency key is fixed here, so
 * every attempt sends the provider the same key.
 */
export async function enqueueAction(tx: Queryable, action: ActionRequest): Promise<ClaimedAction | null> {
  const purpose = action.purpose ?? 'payment';
  // The payment's own actions keep the key they always had, so rows written before purposes existed match.
  const key = purpose === 'payment' ? `${action.kind}-${action.bookingId}` : `${action.kind}-${action.bookingId}-${purpose}`;
  const [row] = await tx.query<ClaimedAction & Record<string, unknown>>(
    `insert into payment_outbox (id, kind, booking_id, intent_id, idempotency_key, reason, purpose, amount, attempts, next_attempt_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 1, app_now() + make_interval(secs => $9))
     on conflict (booking_id, kind, purpose) do nothing
     returning ${CLAIMED_COLUMNS}`,
    [randomId('act'), action.kind, action.bookingId, action.intentId, key, action.reason, purpose, action.amount ?? null, LEASE_SECONDS],
  );
  return row ?? null;
}

/**
 * Records that a gift card's payment is owed a refund (of `amount` cents, else all of it) or its
 * intent a cancellation, claimed for the first attempt as enqueueAction's are; null when the card
 * already has one of that kind.
 */
export async function enqueueGiftCardAction(
  tx: Queryable,
  action: { kind: ActionKind; giftCardId: string; intentId: string; reason: GiftCardActionReason; amount?: number },
): Promise<ClaimedAction | null> {
  const [row] = await tx.query<ClaimedAction & Record<string, unknown>>(
    `insert into payment_outbox (id, kind, gift_card_id, intent_id, idempotency_key, reason, purpose, amount, attempts, next_attempt_at)
     values ($1, $2, $3, $4, $5, $6, 'payment', $7, 1, app_now() + make_interval(secs => $8))
     on conflict do nothing
     returning ${CLAIMED_COLUMNS}`,
    [
      randomId('act'),
      action.kind,
      action.giftCardId,
      action.intentId,
      `${action.kind}-${action.giftCardId}`,
      action.reason,
      action.amount ?? null,
      LEASE_SECONDS,
    ],
  );
  return row ?? null;
}

/**
 * The same as enqueueAction, as SQL for a statement that decides the actions itself: an insert of
 * one cancellation per row of `source` (a CTE with `id`, the booking, and `payment_intent_id`) that
 * has an intent, for `reason`, leased for `lease` seconds (both SQL, named parameters such as
 * `{reason}` and `{lease}::int`). Returns the claimed rows. Ids are random like randomId's, made by
 * the database.
 */
export function enqueueCancelsSql(source: string, reason: string, lease: string): string {
  return `insert into payment_outbox (id, kind, booking_id, intent_id, idempotency_key, reason, attempts, next_attempt_at)
     select 'act_' || rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '='),
            'cancel', id, payment_intent_id, 'cancel-' || id, ${reason}, 1, app_now() + make_interval(secs => ${lease})
       from ${source} where payment_intent_id is not null
     on conflict (booking_id, kind, purpose) do nothing
     returning ${CLAIMED_COLUMNS}`;
}

/** The cancellations owed for holds just released (each that has an intent), for `reason`, claimed for their first attempt. */
export function enqueueCancels(
  tx: Queryable,
  released: readonly { id: string; payment_intent_id: string | null }[],
  reason: ActionReason,
): Promise<ClaimedAction[]> {
  return enqueueActions(
    tx,
    released.flatMap((hold) =>
      hold.payment_intent_id ? [{ kind: 'cancel' as const, bookingId: hold.id, intentId: hold.payment_intent_id, reason }] : [],
    ),
  );
}

/** The actions just enqueued, for carrying out right after their transaction commits. */
export async function enqueueActions(tx: Queryable, actions: readonly ActionRequest[]): Promise<ClaimedAction[]> {
  const rows: ClaimedAction[] = [];
  for (const action of actions) {
    const row = await enqueueAction(tx, action);
    if (row) rows.push(row);
  }
  return rows;
}
