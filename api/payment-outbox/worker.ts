/**
 * Carries out the payment outbox. Several API instances may run it at once: each claims due rows
 * with `for update skip locked` and leases them while it talks to the provider, so a row is worked
 * on by one instance at a time, and picked up again if that instance dies mid-way. A failure is
 * retried with backoff until the provider refuses it for good or it has been tried
 * GIVE_UP_AFTER_ATTEMPTS times; then the row ends and its booking is flagged for a person (give-up.ts).
 */
import type { Db } from '../db/client.ts';
import { named, queryNamed } from '../db/named-sql.ts';
import { ProviderRefusal, type PaymentProvider } from '../payments/provider.ts';
import { CLAIMED_COLUMNS, LEASE_SECONDS, type ClaimedAction } from './actions.ts';
import { claimDue, retryDelaySeconds } from '../outbox-queue.ts';
import { givesUp, handOver } from './give-up.ts';

const BATCH = 20;

export interface RunSummary {
  done: number;
  /** Failed this time, to be tried again. */
  failed: number;
  /** Handed to a person: the row ended and its booking was flagged. */
  flagged: number;
}

/** One try at an action: the provider's result, or its error and whether the provider refused it for good. */
export interface Attempt {
  action: ClaimedAction;
  result: string | null;
  error: string | null;
  refused: boolean;
}

/** Asks the provider to carry out each claimed row, one after another. Never throws. */
export async function attempt(provider: PaymentProvider, actions: readonly ClaimedAction[]): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  for (const action of actions) {
    try {
      const result =
        action.kind === 'refund'
          ? await provider.refund(action.intent_id, action.idempotency_key, action.amount ?? undefined)
          : await provider.cancelIntent(action.intent_id, action.idempotency_key);
      attempts.push({ action, result, error: null, refused: false });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      attempts.push({ action, result: null, error: message, refused: error instanceof ProviderRefusal });
    }
  }
  return attempts;
}

/**
 * One statement that records attempts on their rows, with the named parameters `{attemptIds}`,
 * `{attemptTokens}`, `{attemptResults}`, `{attemptErrors}` and `{attemptDelays}` (recordParams gives
 * their values): a success marks its row done; a failure keeps the row pending with its error, to be
 * retried later with the same idempotency key. A row no longer held under the attempt's claim (claimed
 * again by another worker after the lease ran out, or ended) is left to whoever holds it. Usable
 * inside a larger statement.
 */
export const RECORD_ATTEMPTS_SQL = `update payment_outbox o
        set status = case when r.error is null then 'done' else o.status end,
            result = coalesce(r.result, o.result),
            last_error = coalesce(r.error, o.last_error),
            done_at = case when r.error is null then app_now() else o.done_at end,
            next_attempt_at = case when r.error is null then app_now() else app_now() + make_interval(secs => r.delay) end,
            updated_at = app_now()
       from unnest({attemptIds}::text[], {attemptTokens}::text[], {attemptResults}::text[], {attemptErrors}::text[], {attemptDelays}::int[])
         as r (id, token, result, error, delay)
      where o.id = r.id and o.status = 'pending' and o.claim_token is not distinct from r.token`;

export type RecordParams = {
  attemptIds: string[];
  attemptTokens: (string | null)[];
  attemptResults: (string | null)[];
  attemptErrors: (string | null)[];
  attemptDelays: number[];
};

/** The values of RECORD_ATTEMPTS_SQL's parameters. */
export function recordParams(attempts: readonly Attempt[]): RecordParams {
  return {
    attemptIds: attempts.map((one) => one.action.id),
    attemptTokens: attempts.map((one) => one.action.claim_token ?? null),
    attemptResults: attempts.map((one) => one.result),
    attemptErrors: attempts.map((one) => one.error),
    attemptDelays: attempts.map((one) => retryDelaySeconds(one.action.attempts)),
  };
}

/** Counts the attempts and logs each failure, as recorded by RECORD_ATTEMPTS_SQL (to be tried again). */
export function summarize(attempts: readonly Attempt[]): RunSummary {
  const summary: RunSummary = { done: 0, failed: 0, flagged: 0 };
  for (const { action, error } of attempts) {
    if (error === null) {
      summary.done += 1;
      continue;
    }
    console.error(`payment provider ${action.kind} failed; retrying in ${retryDelaySeconds(action.attempts)} s`, {
      bookingId: action.booking_id,
      giftCardId: action.gift_card_id,
      attempts: action.attempts,
      error,
    });
    summary.failed += 1;
  }
  return summary;
}

const RECORD_ATTEMPTS = named(RECORD_ATTEMPTS_SQL);

/**
 * Carries out claimed rows. A failure is recorded on its row and retried later with the same
 * idempotency key, or, when it is the row's last try, handed to a person; it is never thrown.
 */
export async function carryOut(db: Db, provider: PaymentProvider, actions: readonly ClaimedAction[]): Promise<RunSummary> {
  if (actions.length === 0) return { done: 0, failed: 0, flagged: 0 };
  const attempts = await attempt(provider, actions);
  const last = attempts.filter(givesUp);
  const again = attempts.filter((one) => !givesUp(one));
  if (again.length > 0) await queryNamed(db, RECORD_ATTEMPTS, recordParams(again));
  return { ...summarize(again), flagged: await handOverLastTries(db, provider, last) };
}

/**
 * Hands to a person each of `attempts` that was its row's last try (givesUp), ending the row and
 * flagging its booking; a row recorded meanwhile as pending (by a statement that records attempts
 * with its own change, as a new hold does) is ended all the same. Returns how many were handed over.
 */
export async function handOverLastTries(db: Db, provider: PaymentProvider, attempts: readonly Attempt[]): Promise<number> {
  let flagged = 0;
  for (const one of attempts.filter(givesUp)) {
    if (!(await handOver(db, provider.name, one))) continue;
    const tries = `${one.action.attempts} ${one.action.attempts === 1 ? 'try' : 'tries'}`;
    console.error(`payment provider ${one.action.kind} handed to an operator after ${tries}`, {
      bookingId: one.action.booking_id,
      giftCardId: one.action.gift_card_id,
      refused: one.refused,
      error: one.error,
    });
    flagged += 1;
  }
  return flagged;
}

/** Runs every due row, batch by batch: at start, on the timer, and from the operator's tests. */
export async function runDueActions(db: Db, provider: PaymentProvider): Promise<RunSummary> {
  const total: RunSummary = { done: 0, failed: 0, flagged: 0 };
  for (;;) {
    const claimed = await claimDue<ClaimedAction & Record<string, unknown>>(db, 'payment_outbox', CLAIMED_COLUMNS, LEASE_SECONDS, BATCH);
    const run = await carryOut(db, provider, claimed);
    total.done += run.done;
    total.failed += run.failed;
    total.flagged += run.flagged;
    if (claimed.length < BATCH) return total;
  }
}
