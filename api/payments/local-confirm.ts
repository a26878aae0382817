/**
 * The local provider's card confirmation: the customer's test card is decided here, and a card that
 * succeeds is settled through the same path as a Stripe success event.
 */
import type * as v from 'valibot';
import type { localConfirmSchema } from '../../shared/contract/requests.ts';
import { findPayable, type LocalPaymentAnswer } from './purposes.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { localCardOutcome } from './local.ts';
import { settlePayment, type Settlement } from './settle.ts';

export type LocalConfirmation = v.InferOutput<typeof localConfirmSchema>;

/**
 * Pays the caller's payment named by its client secret with a test card (a hold's, a gift card's:
 * its purpose finds it), and answers what it paid for; an operator (asked of the identity service)
 * may pay a hold they took for a customer. A declined card (402) keeps the payment open, so the
 * customer may try another card; a hold that ended, or a payment refunded instead of booked, is
 * refused (409) with the reason.
 */
export async function confirmLocalPayment(
  settlement: Settlement,
  caller: Caller,
  confirmation: LocalConfirmation,
  isOperator: (uid: string) => Promise<boolean> = async () => false,
): Promise<LocalPaymentAnswer> {
  const payable = await findPayable(settlement.db, confirmation.clientSecret);
  if (!payable) throw new DomainError('not-found', 'Payment session not found. Please start checkout again.');
  const payingForCustomer = payable.operatorMayPay && (await isOperator(caller.uid));
  if (payable.payerUid !== caller.uid && !payingForCustomer) throw new DomainError('forbidden', 'This payment belongs to another account.');
  if (payable.ended) throw new DomainError('conflict', payable.ended);
  const card = localCardOutcome(confirmation.cardNumber, confirmation.expiry);
  if (!card.ok) throw new DomainError('declined', card.message);
  const outcome = await settlePayment(settlement, {
    eventId: `local:${payable.intentId}:succeeded`,
    type: 'succeeded',
    intentId: payable.intentId,
    amount: payable.amount,
    currency: payable.currency,
    bookingId: payable.bookingId,
  });
  return payable.answer(outcome);
}
