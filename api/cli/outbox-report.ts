/**
 * What an operator needs to see about money: refunds and cancellations still owed at the payment
 * provider (failing ones first, with their attempts and last error), and bookings flagged for a
 * person to look at (disputes, partial refunds, payments that did not match their booking, money to
 * give back by hand, refunds and cancellations the provider would not carry out), with how each
 * resolved one was dealt with.
 */
import type { Queryable } from '../db/client.ts';
import { money } from '../bookings/flags.ts';

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
  reason: string;
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

/** Open flags, oldest first; with `all` the resolved ones too. */
export async function listFlags(db: Queryable, { all = false } = {}): Promise<FlagEntry[]> {
  return db.query<FlagEntry & Record<string, unknown>>(
    `select f.id, f.booking_id, b.date_id, u.email, b.status as booking_status, f.reason, f.detail,
            ${ISO('f.created_at')} as created_at, ${ISO('f.resolved_at')} as resolved_at, f.resolved_by, f.resolution, f.given_back,
            b.currency
       from booking_flags f join bookings b on b.id = f.booking_id left join users u on u.uid = b.user_id
      where $1 or f.resolved_at is null
      order by f.resolved_at is not null, f.created_at`,
    [all],
  );
}

function outboxState(entry: OutboxEntry): string {
  if (entry.status === 'done') return 'DONE';
  if (entry.status === 'failed') return 'GAVE UP';
  return entry.last_error ? 'FAILING' : 'PENDING';
}

function outboxWhen(entry: OutboxEntry): string {
  if (entry.status === 'done') return `done ${entry.done_at ?? '?'} (${entry.result ?? 'done'})`;
  if (entry.status === 'failed') return `gave up ${entry.updated_at}, flagged for an operator`;
  return `next try ${entry.next_attempt_at}`;
}

export function formatReport(outbox: readonly OutboxEntry[], flags: readonly FlagEntry[], { all = false } = {}): string {
  const lines: string[] = [];
  const pending = outbox.filter((entry) => entry.status === 'pending');
  const failing = pending.filter((entry) => entry.last_error);
  const gaveUp = outbox.filter((entry) => entry.status === 'failed');
  lines.push(
    `Payment outbox: ${pending.length} pending (${failing.length} failing)${all ? `, ${gaveUp.length} given up, ${outbox.length - pending.length - gaveUp.length} done` : ''}`,
  );
  for (const entry of outbox) {
    lines.push(
      `  ${outboxState(entry)} ${entry.kind}${entry.amount === null ? '' : ` of ${money(entry.amount, entry.currency)}`} of ${entry.intent_id} for booking ${entry.booking_id} (${entry.date_id}, ${entry.email ?? 'no e-mail'}): ${entry.reason}`,
    );
    lines.push(`    attempts ${entry.attempts}, ${outboxWhen(entry)}, queued ${entry.created_at}`);
    if (entry.last_error) lines.push(`    last error: ${entry.last_error}`);
  }
  const open = flags.filter((flag) => !flag.resolved_at);
  lines.push('', `Flagged bookings: ${open.length} open${all ? `, ${flags.length - open.length} resolved` : ''}`);
  for (const flag of flags) {
    lines.push(
      `  ${flag.resolved_at ? 'RESOLVED' : 'OPEN'} ${flag.id} ${flag.reason} on booking ${flag.booking_id} (${flag.date_id}, ${flag.email ?? 'no e-mail'}, ${flag.booking_status}) at ${flag.created_at}`,
    );
    lines.push(`    ${flag.detail}`);
    if (flag.resolved_at && flag.resolved_by) {
      lines.push(
        `    resolved by ${flag.resolved_by} at ${flag.resolved_at}, gave back ${money(flag.given_back, flag.currency)}: ${flag.resolution ?? ''}`,
      );
    }
  }
  return lines.join('\n');
}
