/**
 * What is owed to customers that a person may have to see to, as the office reads it: the refunds
 * and intent cancellations of the payment outbox (failing ones first, with their attempts and last
 * error), and the bookings flagged for a person (disputes, partial refunds, payments that did not
 * match their booking, money to give back by hand, refunds and cancellations the provider would not
 * carry out), with how each resolved one was dealt with. Read by `npm run refunds` and the console.
 */
import type { Queryable } from '../db/client.ts';
import type { FlagReason } from '../../shared/contract/office-words.ts';

const ISO = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface OutboxEntry {
  id: string;
  kind: 'refund' | 'cancel';
  /** Cents of a refund of part of the payment; null for the whole payment. */
  amount: number | null;
  currency: string;
  booking_id: string;
  intent_id: string;
  date_id: string;
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
  booking_id: string;
  date_id: string;
  email: string | null;
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
    `select o.id, o.kind, o.amount, b.currency, o.booking_id, o.intent_id, b.date_id, u.email, o.reason, o.status, o.attempts, o.last_error, o.result,
            ${ISO('o.next_attempt_at')} as next_attempt_at, ${ISO('o.created_at')} as created_at, ${ISO('o.done_at')} as done_at,
            ${ISO('o.updated_at')} as updated_at
       from payment_outbox o join bookings b on b.id = o.booking_id left join users u on u.uid = b.user_id
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
    `select f.id, f.booking_id, b.date_id, u.email, b.status as booking_status, f.reason, f.detail,
            ${ISO('f.created_at')} as created_at, ${ISO('f.resolved_at')} as resolved_at, f.resolved_by, f.resolution, f.given_back,
            b.currency
       from booking_flags f join bookings b on b.id = f.booking_id left join users u on u.uid = b.user_id
      where ($1 or f.resolved_at is null) and ($2::text is null or f.id = $2)
      order by f.resolved_at is not null, f.created_at`,
    [all, id],
  );
}
