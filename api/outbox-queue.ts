/**
 * The queue both outboxes (the payment outbox, the mail outbox) are worked as: claiming due rows,
 * and when a failed row is tried again. Several API instances may work one at once, so each claims
 * with `for update skip locked`, counts the attempt, and leases the rows (their next attempt pushed
 * past the lease) while it works on them; a row whose worker died is claimed again once its lease is over.
 *
 * Each claim writes a claim token on its rows. The token says who holds a row now: a worker that
 * paused past its lease finds another instance's token on the row and leaves it alone (it neither
 * carries it out nor records an outcome), so a row is worked on by one instance, not by two.
 */
import type { Queryable, Row } from './db/client.ts';
import { randomId } from './http.ts';

export type OutboxTable = 'payment_outbox' | 'mail_outbox';

const FIRST_RETRY_SECONDS = 30;
/** Retries back off exponentially up to this gap. */
export const MAX_RETRY_SECONDS = 6 * 3600;

/** How long a row that failed its `attempts`-th try waits before the next: 30 s, doubling up to 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));
}

/** Claims up to `batch` due rows for `leaseSeconds`, returning `columns` (the worker names `claim_token` among them to hold on to its claim). */
export function claimDue<T extends Row>(
  db: Queryable,
  table: OutboxTable,
  columns: string,
  leaseSeconds: number,
  batch: number,
): Promise<T[]> {
  return db.query<T>(
    `update ${table} set attempts = attempts + 1, next_attempt_at = app_now() + make_interval(secs => $1), claim_token = $3, updated_at = app_now()
      where id in (select id from ${table}
                    where status = 'pending' and next_attempt_at <= app_now()
                    order by next_attempt_at, created_at
                    limit $2
                    for update skip locked)
      returning ${columns}`,
    [leaseSeconds, batch, randomId('claim')],
  );
}

/**
 * Extends the lease of a row still held under `token` and still pending, so the work about to start
 * (a message handed to the mail server) has a whole lease to finish in; false when the row is no
 * longer the caller's (claimed again by another instance, or ended meanwhile).
 */
export async function renewLease(
  db: Queryable,
  table: OutboxTable,
  id: string,
  token: string | null,
  leaseSeconds: number,
): Promise<boolean> {
  const rows = await db.query(
    `update ${table} set next_attempt_at = app_now() + make_interval(secs => $3), updated_at = app_now()
      where id = $1 and claim_token is not distinct from $2 and status = 'pending'
      returning id`,
    [id, token, leaseSeconds],
  );
  return rows.length > 0;
}
