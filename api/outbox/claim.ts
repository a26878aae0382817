/**
 * Claiming due rows of an outbox (the payment outbox, the mail outbox): several API instances may
 * work one at once, so each claims with `for update skip locked`, counts the attempt, and leases
 * the rows (their next attempt pushed past the lease) while it works on them; a row whose worker
 * died is claimed again once its lease is over.
 */
import type { Db, Row } from '../db/client.ts';

export type OutboxTable = 'payment_outbox' | 'mail_outbox';

export function claimDue<T extends Row>(db: Db, table: OutboxTable, columns: string, leaseSeconds: number, batch: number): Promise<T[]> {
  return db.query<T>(
    `update ${table} set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1), updated_at = now()
      where id in (select id from ${table}
                    where status = 'pending' and next_attempt_at <= now()
                    order by next_attempt_at, created_at
                    limit $2
                    for update skip locked)
      returning ${columns}`,
    [leaseSeconds, batch],
  );
}
