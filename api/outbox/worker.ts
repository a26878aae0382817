/**
 * Carries out the payment outbox. Several API instances may run it at once: each claims due rows
 * with `for update skip locked` and leases them while it talks to the provider, so a row is worked
 * on by one instance at a time, and picked up again if that instance dies mid-way.
 */
import type { Db } from '../db/client.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { CLAIMED_COLUMNS, LEASE_SECONDS, type ClaimedAction } from './actions.ts';

const FIRST_RETRY_SECONDS = 30;
/** Retries back off exponentially up to this gap, and never stop. */
export const MAX_RETRY_SECONDS = 6 * 3600;
const BATCH = 20;

export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));
}

export interface RunSummary {
  done: number;
  failed: number;
}

/**
 * Carries out claimed rows. A failure is recorded on its row and retried later with the same
 * idempotency key; it is never thrown.
 */
export async function carryOut(db: Db, provider: PaymentProvider, actions: readonly ClaimedAction[]): Promise<RunSummary> {
  const summary: RunSummary = { done: 0, failed: 0 };
  for (const action of actions) {
    try {
      const result =
        action.kind === 'refund'
          ? await provider.refund(action.intent_id, action.idempotency_key)
          : await provider.cancelIntent(action.intent_id, action.idempotency_key);
      await db.query(
        `update payment_outbox set status = 'done', result = $2, done_at = now(), next_attempt_at = now(), updated_at = now()
          where id = $1`,
        [action.id, result],
      );
      summary.done += 1;
    } catch (error) {
      const delay = retryDelaySeconds(action.attempts);
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db.query(
        `update payment_outbox set last_error = $2, next_attempt_at = now() + make_interval(secs => $3), updated_at = now()
          where id = $1`,
        [action.id, message, delay],
      );
      console.error(`payment provider ${action.kind} failed; retrying in ${delay} s`, {
        bookingId: action.booking_id,
        attempts: action.attempts,
        error: message,
      });
      summary.failed += 1;
    }
  }
  return summary;
}

/** Claims up to a batch of due rows, counting the attempt and leasing them to this worker. */
async function claimDue(db: Db): Promise<ClaimedAction[]> {
  return db.query<ClaimedAction & Record<string, unknown>>(
    `update payment_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1), updated_at = now()
      where id in (select id from payment_outbox
                    where status = 'pending' and next_attempt_at <= now()
                    order by next_attempt_at, created_at
                    limit $2
                    for update skip locked)
      returning ${CLAIMED_COLUMNS}`,
    [LEASE_SECONDS, BATCH],
  );
}

/** Runs every due row, batch by batch: at start, on the timer, and from the operator's tests. */
export async function runDueActions(db: Db, provider: PaymentProvider): Promise<RunSummary> {
  const total: RunSummary = { done: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDue(db);
    const run = await carryOut(db, provider, claimed);
    total.done += run.done;
    total.failed += run.failed;
    if (claimed.length < BATCH) return total;
  }
}
