/**
 * What is owed to customers that a person may have to see to, as the office reads it: the refunds
 * and intent cancellations of the payment outbox (failing ones first, with their attempts and last
 * error), and the bookings flagged for a person (disputes, partial refunds, payments that did not
 * match their booking, money to give back by hand, refunds and cancellations the provider would not
 * carry out), with how each resolved one was dealt with. Read by `npm run refunds` and the console.
 */
import type { Queryable } from '../db/client.ts';
import { iso } from '../db/instant.ts';
import type { OpsPaymentLine } from '../../shared/contract/ops-answers.ts';
import type { Flagged } from './flags.ts';
import type { FlagReason } from '../../shared/contract/office-words.ts';

/** Rows of the outbox (`o`) or the flags (`f`) with the booking `b` and its payer `u`, or the gift card `c`, they are about. */
const PAID_FOR = (alias: 'o' | 'f') =>
  `${alias === 'o' ? 'payment_outbox' : 'booking_flags'} ${alias} left join bookings b on b.id = ${alias}.booking_id
     left join users u on u.uid = b.user_id left join gift_cards c on c.id = ${alias}.gift_card_id`;

const ISO = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface OutboxEntry {
  id: string;
  kind: 'refund' | 'cancel';
  /** Cents of a refund of part of the payment; null for the whole payment. */
  amount: number | null;
  currency: string;
  /** What the payment was for: a booking (with its date), or else a gift card (by its code). */
  booking_id: string | null;
  date_id: string | null;
  gift_card_id: string | null;
  gift_card_code: string | null;
  intent_id: string;
  /** The booking's payer, or the gift card's buyer. */
  email: string | null;
  reason: string;
  /** `failed`: given up and flagged for a person. */
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  last_error: string | null;
  result: string | null;
  next_attempt_at: string;
  created_at: string;
  done_at: string | null;
  updated_at: string;
}

export interface FlagEntry {
  id: string;
  /** What the flag is about: a booking (with its date), or else a gift card (by its code). */
  booking_id: string | null;
  date_id: string | null;
  gift_card_id: string | null;
  gift_card_code: string | null;
  /** The booking's payer, or the gift card's buyer. */
  email: string | null;
  /** The booking's status, or the gift card's. */
  booking_status: string;
  reason: FlagReason;
  detail: string;
  created_at: string;
  resolved_at: string | null;
  /** Who resolved it (an operator's e-mail), how, and the cents given back. */
  resolved_by: string | null;
  resolution: string | null;
  given_back: number | null;
  currency: string;
}

/** Pending rows (failing ones first), then with `all` those given up and the done ones, newest first. */
export async function listOutbox(db: Queryable, { all = false } = {}): Promise<OutboxEntry[]> {
  return db.query<OutboxEntry & Record<string, unknown>>(
    `select o.id, o.kind, o.amount, coalesce(b.currency, c.currency) as currency, o.booking_id, b.date_id, o.gift_card_id,
            c.code as gift_card_code, o.intent_id, coalesce(u.email, c.buyer_email) as email, o.reason, o.status, o.attempts,
            o.last_error, o.result, ${ISO('o.next_attempt_at')} as next_attempt_at, ${ISO('o.created_at')} as created_at,
            ${ISO('o.done_at')} as done_at, ${ISO('o.updated_at')} as updated_at
       from ${PAID_FOR('o')}
      where $1 or o.status = 'pending'
      order by o.status = 'done', o.last_error is null, o.created_at desc`,
    [all],
  );
}

/** Open flags, oldest first; with `all` the resolved ones too; with `id` that flag alone. */
export async function listFlags(
  db: Queryable,
  { all = false, id = null }: { all?: boolean; id?: string | null } = {},
): Promise<FlagEntry[]> {
  return db.query<FlagEntry & Record<string, unknown>>(
    `select f.id, f.booking_id, b.date_id, f.gift_card_id, c.code as gift_card_code, coalesce(u.email, c.buyer_email) as email,
            coalesce(b.status, c.status) as booking_status, f.reason, f.detail, ${ISO('f.created_at')} as created_at,
            ${ISO('f.resolved_at')} as resolved_at, f.resolved_by, f.resolution, f.given_back, coalesce(b.currency, c.currency) as currency
       from ${PAID_FOR('f')}
      where ($1 or f.resolved_at is null) and ($2::text is null or f.id = $2)
      order by f.resolved_at is not null, f.created_at`,
    [all, id],
  );
}

/** The column of the outbox and the flags that names what `about` is. */
const column = (about: Flagged) => (about.bookingId ? 'booking_id' : 'gift_card_id');

/** The refunds and intent cancellations owed on one booking's or gift card's payment, oldest first, as the console lists them. */
export async function paymentActionsOf(q: Queryable, about: Flagged): Promise<OpsPaymentLine[]> {
  const rows = await q.query<{
    kind: 'refund' | 'cancel';
    amount: number | null;
    status: string;
    reason: string;
    created_at: Date | string;
    last_error: string | null;
  }>(
    `select kind, amount, status, reason, created_at, last_error from payment_outbox where ${column(about)} = $1 order by created_at, id`,
    [about.bookingId ?? about.giftCardId],
  );
  return rows.map((action) => ({
    kind: action.kind,
    amount: action.amount,
    status: action.status,
    reason: action.reason,
    at: iso(action.created_at),
    lastError: action.last_error,
  }));
}

/** What the open flags on one booking or gift card say, oldest first. */
export async function openFlagsOf(q: Queryable, about: Flagged): Promise<string[]> {
  const rows = await q.query<{ detail: string }>(
    `select detail from booking_flags where ${column(about)} = $1 and resolved_at is null order by created_at, id`,
    [about.bookingId ?? about.giftCardId],
  );
  return rows.map((flag) => flag.detail);
}
