/** Settling a payment outcome, whichever way it arrived: a provider's webhook or the local confirm call. */
import type { PublicCache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { recordPaymentEvent, type Outcome } from './purposes.ts';
import { afterCommit, type Aftermath } from '../after-commit.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';

/** What settling an outcome touches: the bookings, the provider for refunds, and the public answers. */
export interface Settlement {
  db: Db;
  payments: PaymentProvider;
  cache: PublicCache;
  /** Bookings close this many hours before a date starts. */
  bookingCutoffHours: number;
  /** The mail worker, woken for the messages an outcome wrote (named by the one thing it is asked, as after-commit names it). */
  mailer?: Aftermath['mailer'];
}

/**
 * Records an outcome, then carries out the refunds and cancellations it decided while the caller
 * waits, and starts sending the messages it wrote. An outcome that changed a booking drops the public answers, whose seats it may have moved.
 */
export async function settlePayment(
  { db, payments, cache, bookingCutoffHours, mailer }: Settlement,
  event: PaymentEvent,
): Promise<Outcome> {
  const outcome = await recordPaymentEvent(db, event, { cutoffHours: bookingCutoffHours });
  // Messages the outcome wrote (a confirmation, a cancellation) go out now, after the answer.
  const changed = outcome.result !== 'duplicate' && outcome.result !== 'unknown';
  await afterCommit({ db, payments, cache, mailer }, { actions: outcome.actions, seatsChanged: changed, mailWritten: changed });
  return outcome;
}
