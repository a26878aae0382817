/**
 * The payment outbox: refunds and intent cancellations owed at the payment provider. A row is
 * written in the same transaction that decides the action, so the decision and the duty to carry
 * it out commit together. The request that wrote it carries it out right after the commit; the
 * worker retries it until the provider confirms.
 */
import type { Queryable } from '../db/client.ts';
import { randomId } from '../http.ts';

export type ActionKind = 'refund' | 'cancel';

/** Why money goes back or an intent is ended, in words an operator reads in the outbox listing. */
export type ActionReason =
  | 'seats taken after the hold lapsed'
  | 'bookings closed before the late payment'
  | 'price changed after the hold lapsed'
  | 'date started or withdrawn'
  | 'promo code no longer valid'
  | 'payment did not match the booking'
  | 'replaced by a newer hold'
  | 'hold ended before its payment was ready'
  | 'hold lapsed'
  | 'account closed while holding seats';

export interface ActionRequest {
  kind: ActionKind;
  bookingId: string;
  intentId: string;
  reason: ActionReason;
}

/** A row someone is about to carry out: its attempt is counted and other workers leave it alone for a while. */
export interface ClaimedAction {
  id: string;
  kind: ActionKind;
  booking_id: string;
  intent_id: string;
  idempotency_key: string;
  attempts: number;
}

/** How long a claimed row is left alone: longer than a provider call with its own retries. */
export const LEASE_SECONDS = 300;

export const CLAIMED_COLUMNS = 'id, kind, booking_id, intent_id, idempotency_key, attempts';

/**
 * Records that an action is owed, claimed by the caller for its first attempt; returns the row, or
 * null when the booking already has an action of that kind. The idempotency key is fixed here, so
 * every attempt sends the provider the same key.
 */
export async function enqueueAction(tx: Queryable, action: ActionRequest): Promise<ClaimedAction | null> {
  const [row] = await tx.query<ClaimedAction & Record<string, unknown>>(
    `insert into payment_outbox (id, kind, booking_id, intent_id, idempotency_key, reason, attempts, next_attempt_at)
     values ($1, $2, $3, $4, $5, $6, 1, now() + make_interval(secs => $7))
     on conflict (booking_id, kind) do nothing
     returning ${CLAIMED_COLUMNS}`,
    [randomId('act'), action.kind, action.bookingId, action.intentId, `${action.kind}-${action.bookingId}`, action.reason, LEASE_SECONDS],
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
            'cancel', id, payment_intent_id, 'cancel-' || id, ${reason}, 1, now() + make_interval(secs => ${lease})
       from ${source} where payment_intent_id is not null
     on conflict (booking_id, kind) do nothing
     returning ${CLAIMED_COLUMNS}`;
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
