/** What the API needs from a card payment provider: bookings and gift cards are paid through it. */

export interface IntentRequest {
  /** What the intent pays for (a booking's hold, a gift card): the intent is made once for it, however often asked. */
  payingFor: string;
  amount: number;
  currency: string;
  description: string;
  email: string | null;
  metadata: Record<string, string>;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/**
 * A payment outcome reported by the provider, identified so that a repeat delivery is recognised.
 * `succeeded` carries what was charged, to be checked against the booking before it is marked paid.
 */
export type PaymentEvent =
  | {
      eventId: string;
      type: 'succeeded';
      intentId: string;
      /** Cents charged and their currency, as the provider reports them (null when missing). */
      amount: number | null;
      currency: string | null;
      /** The booking the intent was created for (its metadata), or null when it carries none. */
      bookingId: string | null;
    }
  | { eventId: string; type: 'failed' | 'canceled'; intentId: string }
  | {
      eventId: string;
      /** Money given back outside the booking flow, e.g. from the provider's dashboard. */
      type: 'refunded';
      intentId: string;
      /** Cents charged, and cents refunded so far. */
      amount: number;
      amountRefunded: number;
      currency: string;
    }
  | { eventId: string; type: 'disputed'; intentId: string; disputeId: string; amount: number; currency: string; reason: string };

/** How a cancellation ended: cancelled now, or the intent had already succeeded or been cancelled. */
export type CancelResult = 'canceled' | 'already-final';
/** How a refund ended: refunded now, or the charge had already been refunded. */
export type RefundResult = 'refunded' | 'already-refunded';

/**
 * The provider turned a refund or a cancellation down for good: the same request will never be
 * accepted (a disputed charge, more than is left to refund, an intent it does not know). The message
 * is the provider's own reason. Any other error is taken as passing (the network, the provider's own
 * trouble, too many requests) and the request is tried again.
 */
export class ProviderRefusal extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(reason, options);
    this.name = 'ProviderRefusal';
  }
}

/** Signed event deliveries from a provider that reports payment outcomes by webhook. */
export interface WebhookReceiver {
  /** Checks the signature on the raw body; throws when it is wrong. Returns null for events the API ignores. */
  parse(rawBody: string, signature: string): PaymentEvent | null;
}

export interface PaymentProvider {
  /** `local` takes the test cards itself through the API; `stripe` takes real cards and reports by webhook. */
  readonly name: 'local' | 'stripe';
  createIntent(request: IntentRequest): Promise<CreatedIntent>;
  /** Gives back what an intent charged, or `amount` cents of it. The same idempotency key on every retry refunds once. */
  refund(intentId: string, idempotencyKey: string, amount?: number): Promise<RefundResult>;
  /** Makes an intent unpayable. The same idempotency key on every retry. */
  cancelIntent(intentId: string, idempotencyKey: string): Promise<CancelResult>;
  /** Present when the provider reports outcomes by signed webhook events; without it the API has no webhook. */
  readonly webhooks?: WebhookReceiver;
}
