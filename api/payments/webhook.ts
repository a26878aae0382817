/** A provider's signed event delivery: checked, then settled like any payment outcome. */
import { DomainError } from '../domain-error.ts';
import type { PaymentEvent } from './provider.ts';
import { settlePayment, type Settlement } from './settle.ts';

/**
 * Settles the event a webhook delivery carries; events the API ignores change nothing. A provider
 * that reports no outcomes by webhook has no such address (404), and a delivery without a valid
 * signature is refused (400).
 */
export async function receiveWebhook(settlement: Settlement, rawBody: string, signature: string | undefined): Promise<void> {
  const { webhooks } = settlement.payments;
  if (!webhooks) throw new DomainError('not-found', 'Not found');
  let event: PaymentEvent | null;
  try {
    if (!signature) throw new Error('missing signature');
    event = webhooks.parse(rawBody, signature);
  } catch {
    throw new DomainError('invalid', 'Webhook signature verification failed');
  }
  if (event) await settlePayment(settlement, event);
}
