/**
 * What a payment pays for. Each purpose settles the outcomes of its own payment intents (the seats:
 * a booking's hold or a change of date's fee; a gift card next) and is registered in ../features.ts.
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
    };

export interface OutcomeSettings {
  /** Bookings close this many hours before a date starts: a payment for a lapsed hold after that is refunded. */
  cutoffHours: number;
}

export interface PaymentPurpose {
  /** What its payments are for. */
  name: string;
  /** Settles `event` in the caller's transaction when its intent is one of this purpose's; null when it is not. */
  settle(tx: Queryable, event: PaymentEvent, settings: OutcomeSettings): Promise<Outcome | null>;
}

const purposes: PaymentPurpose[] = [];

/** Registers a purpose of payment. */
export function payFor(purpose: PaymentPurpose): void {
  purposes.push(purpose);
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
