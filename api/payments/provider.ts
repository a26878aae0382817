/** What the booking flow needs from a card payment provider. */

export interface IntentRequest {
  bookingId: string;
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

/** A payment outcome reported by the provider, identified so that a repeat delivery is recognised. */
export interface PaymentEvent {
  eventId: string;
  type: 'succeeded' | 'failed' | 'canceled';
  intentId: string;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createIntent(request: IntentRequest): Promise<CreatedIntent>;
  refund(intentId: string, bookingId: string): Promise<void>;
}

export interface WebhookProvider extends PaymentProvider {
  /** Checks the signature on the raw body; throws when it is wrong. Returns null for events the API ignores. */
  parseWebhook(rawBody: string, signature: string): PaymentEvent | null;
}
