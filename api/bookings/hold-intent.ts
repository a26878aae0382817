/**
 * The payment intent of a hold made outside checkout's statement (a change of date's fee, an
 * operator's card booking): made with the provider, then attached to the hold while it stands.
 * Without an intent nothing can pay the hold, so its seats go back at once; a hold that ended while
 * the intent was made gets the intent cancelled through the outbox, and the caller is told to start again.
 */
import { PROVIDER_DOWN_MESSAGE, SESSION_ENDED } from '../../shared/contract/messages.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { enqueueAction, type PaymentActionReason } from '../payment-outbox/actions.ts';
import { afterCommit } from '../after-commit.ts';
import type { IntentRequest, PaymentProvider } from '../payments/provider.ts';
import { releaseHoldsSql } from './seat-holds.ts';

export async function attachIntentToHold(
  db: Db,
  payments: PaymentProvider,
  request: IntentRequest,
  /** Why the intent is cancelled if the hold ended meanwhile, as the outbox listing says it. */
  endedReason: PaymentActionReason,
): Promise<{ id: string; clientSecret: string }> {
  const holdId = request.payingFor;
  let intent: { id: string; clientSecret: string };
  try {
    intent = await payments.createIntent({ ...request, metadata: { ...request.metadata, bookingId: holdId } });
  } catch (error) {
    await db.query(releaseHoldsSql('id = $1'), [holdId]);
    console.error('payment provider failed to create an intent', { bookingId: holdId, error });
    throw new DomainError('provider-down', PROVIDER_DOWN_MESSAGE);
  }
  const attached = await db.query(
    `update bookings set payment_intent_id = $2, client_secret = $3, updated_at = app_now() where id = $1 and status = 'held' returning id`,
    [holdId, intent.id, intent.clientSecret],
  );
  if (attached.length === 0) {
    const cancel = await db.transaction(async (tx) => {
      await tx.query(`update bookings set payment_intent_id = $2, updated_at = app_now() where id = $1`, [holdId, intent.id]);
      const action = await enqueueAction(tx, { kind: 'cancel', bookingId: holdId, intentId: intent.id, reason: endedReason });
      return action ? [action] : [];
    });
    await afterCommit({ db, payments }, { actions: cancel });
    throw new DomainError('conflict', SESSION_ENDED);
  }
  return intent;
}
