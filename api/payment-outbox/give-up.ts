/**
 * When a refund or an intent cancellation stops being the worker's and becomes a person's: at once
 * when the provider refused it for good (a disputed charge, more than is left to refund), and after
 * GIVE_UP_AFTER_ATTEMPTS tries when it keeps failing otherwise. The row then ends as `failed` and
 * its booking or gift card is flagged with the provider's reason, both in one transaction, and only by the worker
 * that still holds the row's claim: two instances never flag a row twice.
 */
import type { Db } from '../db/client.ts';
import { flagFailedAction, type Flagged } from '../bookings/flags.ts';
import type { ClaimedAction } from './actions.ts';

/**
 * Tries before a failure that may pass is handed to a person: with the worker's backoff (30 s,
 * doubling up to 6 hours) the last one comes some 14 hours after the first, so an outage of the
 * provider over a night is waited out, and a refund still failing the next morning is on the
 * office's list.
 */
export const GIVE_UP_AFTER_ATTEMPTS = 12;

/** One try that failed: the row as claimed, the provider's message, and whether the provider refused it for good. */
export interface FailedTry {
  action: Pick<ClaimedAction, 'attempts'>;
  error: string | null;
  refused: boolean;
}

/** Whether this failed try is the row's last: refused for good, or the last try allowed. */
export function givesUp(attempt: FailedTry): boolean {
  return attempt.error !== null && (attempt.refused || attempt.action.attempts >= GIVE_UP_AFTER_ATTEMPTS);
}

/** The provider as an operator knows it. */
export const providerTitle = (name: 'local' | 'stripe') => (name === 'stripe' ? 'Stripe' : 'the local payment provider');

/** What a row's payment was for: the database holds exactly one of the two. */
const flaggedOf = (action: ClaimedAction): Flagged =>
  action.gift_card_id !== null ? { giftCardId: action.gift_card_id } : { bookingId: String(action.booking_id) };

/**
 * Ends a row whose last try failed and flags its booking or gift card, in one transaction; false (and nothing
 * written) when the row is no longer the caller's: claimed again by another worker after this one's
 * lease ran out, or already ended.
 */
export async function handOver(db: Db, providerName: 'local' | 'stripe', attempt: FailedTry & { action: ClaimedAction }): Promise<boolean> {
  const { action, refused } = attempt;
  const error = attempt.error ?? 'unknown error';
  return db.transaction(async (tx) => {
    const [ended] = await tx.query<{ amount: number; currency: string }>(
      `with ended as (
         update payment_outbox set status = 'failed', last_error = $3, updated_at = app_now()
          where id = $1 and status = 'pending' and claim_token is not distinct from $2
          returning booking_id, gift_card_id, amount)
       select coalesce(e.amount, b.amount - b.gift_amount, c.value) as amount, coalesce(b.currency, c.currency) as currency
         from ended e left join bookings b on b.id = e.booking_id left join gift_cards c on c.id = e.gift_card_id`,
      [action.id, action.claim_token, error],
    );
    if (!ended) return false;
    await flagFailedAction(tx, {
      actionId: action.id,
      about: flaggedOf(action),
      kind: action.kind,
      intentId: action.intent_id,
      amount: ended.amount,
      currency: ended.currency,
      provider: providerTitle(providerName),
      tries: action.attempts,
      refused,
      error,
    });
    return true;
  });
}
