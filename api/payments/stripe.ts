/** The Stripe payment provider: PaymentIntents for holds, refunds, and signed webhooks. */
import Stripe from 'stripe';
import type { PaymentEvent, WebhookProvider } from './provider.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** For tests: send API calls to another host, e.g. http://127.0.0.1:12111. */
  apiBase?: string | undefined;
}

const EVENT_TYPES: Record<string, PaymentEvent['type']> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
};

export function stripeProvider(options: StripeOptions): WebhookProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  return {
    name: 'stripe',
    async createIntent(request) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency,
          description: request.description,
          metadata: { ...request.metadata, bookingId: request.bookingId },
          automatic_payment_methods: { enabled: true },
          ...(request.email ? { receipt_email: request.email } : {}),
        },
        { idempotencyKey: `hold-${request.bookingId}` },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async refund(intentId, bookingId) {
      await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${bookingId}` });
    },
    parseWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      const type = EVENT_TYPES[event.type];
      if (!type) return null;
      const intent = event.data.object as { id?: unknown };
      if (typeof intent.id !== 'string') return null;
      return { eventId: event.id, type, intentId: intent.id };
    },
  };
}
