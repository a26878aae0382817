/**
 * What a payment pays for. Each purpose settles the outcomes of its own payment intents (the seats:
 * a booking's hold or a change of date's fee; a gift card) and is registered in ../features.ts.
 * Recording an outcome stores the event once by its id (a repeated delivery changes nothing), then
 * asks each purpose in turn whether the intent is one of its own, so that a new purpose touches no
 * existing settlement code.
 */
import type { Db, Queryable } from '../db/client.ts';
import type { ClaimedAction, PaymentActionReason } from '../payment-outbox/actions.ts';
import type { PaymentEvent } from './provider.ts';

export type Outcome =
  | { result: 'duplicate' | 'unknown'; actions: ClaimedAction[] }
  | { result: 'paid' | 'released' | 'unchanged' | 'flagged'; bookingId: string; dateId: string; actions: ClaimedAction[] }
  | {
      result: 'refunded';
      bookingId: string;
      dateId: string;
      reason: PaymentActionReason | 'refunded at the provider';
      actions: ClaimedAction[];
    }
  /**
   * A gift card's payment: the card issued (once), or not (a failure, a repeat, a payment that did not
   * match it), or its value taken back for money given back at the provider.
   */
  | { result: 'issued' | 'not issued' | 'taken back'; giftCardId: string; actions: ClaimedAction[] };

/** What the local provider's confirm call answers once a payment is settled: the date booked, or the gift card issued. */
export type LocalPaymentAnswer = { status: 'succeeded'; dateId: string } | { status: 'succeeded'; giftCardId: string };

/** An unpaid payment the local provider's confirm call may pay with a test card, as its purpose finds it by its client secret. */
export interface Payable {
  intentId: string;
  /** Cents, and their currency. */
  amount: number;
  currency: string;
  /** The booking the intent was made for, as a provider's event names it from the intent's metadata. */
  bookingId: string | null;
  /** The customer whose payment it is. */
  payerUid: string;
  /** Whether an operator may pay it for the customer (a booking the office took). */
  operatorMayPay: boolean;
  /** Why it can no longer be paid (its hold ended), or null. */
  ended: string | null;
  /** What the confirm call answers for the settled outcome; throws a DomainError when it did not pay. */
  answer(outcome: Outcome): Promise<LocalPaymentAnswer>;
}

export interface OutcomeSettings {
  /** Bookings close this many hours before a date starts: a payment for a lapsed hold after that is refunded. */
  cutoffHours: number;
}

export interface PaymentPurpose {
  /** What its payments are for. */
  name: string;
  /** Settles `event` in the caller's transaction when its intent is one of this purpose's; null when it is not. */
  settle(tx: Queryable, event: PaymentEvent, settings: OutcomeSettings): Promise<Outcome | null>;
  /** The unpaid payment of `clientSecret` when it is one of this purpose's; null when it is not. */
  payable(db: Db, clientSecret: string): Promise<Payable | null>;
}

const purposes: PaymentPurpose[] = [];

/** Registers a purpose of payment. */
export function payFor(purpose: PaymentPurpose): void {
  purposes.push(purpose);
}

/** The unpaid payment of a client secret, whichever purpose it is of; null when none has it. */
export async function findPayable(db: Db, clientSecret: string): Promise<Payable | null> {
  for (const purpose of purposes) {
    const payable = await purpose.payable(db, clientSecret);
    if (payable) return payable;
  }
  return null;
}

/** Records a payment outcome, in one transaction with what its purpose does of it; `unknown` when no purpose has the intent. */
export async function recordPaymentEvent(db: Db, event: PaymentEvent, settings: OutcomeSettings): Promise<Outcome> {
  if (purposes.length === 0) throw new Error('No purpose of payment is registered: wire them first (api/features.ts).');
  return db.transaction(async (tx) => {
    const fresh = await tx.query(`insert into payment_events (id, type) values ($1, $2) on conflict (id) do nothing returning id`, [
      event.eventId,
      event.type,
    ]);
    if (fresh.length === 0) return { result: 'duplicate', actions: [] };
    for (const purpose of purposes) {
      const outcome = await purpose.settle(tx, event, settings);
      if (outcome) return outcome;
    }
    return { result: 'unknown', actions: [] };
  });
}
