/** The Stripe payment provider: PaymentIntents for holds, cancellations, refunds, and signed webhooks. */
import Stripe from 'stripe';
import { ProviderRefusal, type PaymentEvent, type PaymentProvider } from './provider.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** For tests: send API calls to another host, e.g. http://127.0.0.1:12111. */
  apiBase?: string | undefined;
}

const INTENT_EVENTS: Record<string, 'succeeded' | 'failed' | 'canceled'> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
};

/** Stripe's answer when an intent can no longer be cancelled: it already succeeded or was cancelled. */
const NOT_CANCELABLE = 'payment_intent_unexpected_state';
const ALREADY_REFUNDED = 'charge_already_refunded';

const errorCode = (error: unknown) => (error instanceof Stripe.errors.StripeError ? error.code : undefined);

/**
 * Stripe's reason when it refuses a request for good, or null when the error may pass. A 400 or 404
 * (invalid_request_error: the charge is disputed or already refunded, the amount is more than is
 * left, no such intent), a misused idempotency key, or a card error is answered the same way every
 * time. A network failure, Stripe's own 5xx, a rate limit (429), a request still in flight under the
 * same key (409), and an authentication or permission error (the keys are being fixed) may pass.
 */
export function stripeRefusal(error: unknown): string | null {
  const lasting =
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeIdempotencyError ||
    error instanceof Stripe.errors.StripeCardError;
  if (!lasting) return null;
  return error.code ? `${error.message} (${error.code})` : error.message;
}

/** Stripe's lasting refusals as ProviderRefusal; any other error as it is. */
function asRefusal(error: unknown): unknown {
  const reason = stripeRefusal(error);
  return reason === null ? error : new ProviderRefusal(reason, { cause: error });
}

type Fields = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const cents = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
/** A charge or dispute names its intent by id, or by the whole object when expanded. */
const intentIdOf = (value: unknown) => text(value) ?? text((value as Fields | null)?.['id']);

/** The parts of a Stripe event the booking flow acts on, or null for events it ignores. */
export function toPaymentEvent(eventId: string, type: string, object: Fields): PaymentEvent | null {
  const intentEvent = INTENT_EVENTS[type];
  if (intentEvent) {
    const intentId = text(object['id']);
    if (!intentId) return null;
    if (intentEvent !== 'succeeded') return { eventId, type: intentEvent, intentId };
    const metadata = (object['metadata'] ?? {}) as Fields;
    return {
      eventId,
      type: 'succeeded',
      intentId,
      amount: cents(object['amount_received']) ?? cents(object['amount']),
      currency: text(object['currency']),
      bookingId: text(metadata['bookingId']),
    };
  }
  if (type === 'charge.refunded') {
    const intentId = intentIdOf(object['payment_intent']);
    const amount = cents(object['amount']);
    const amountRefunded = cents(object['amount_refunded']);
    if (!intentId || amount === null || amountRefunded === null) return null;
    return { eventId, type: 'refunded', intentId, amount, amountRefunded, currency: text(object['currency']) ?? '' };
  }
  if (type === 'charge.dispute.created') {
    const intentId = intentIdOf(object['payment_intent']);
    if (!intentId) return null;
    return {
      eventId,
      type: 'disputed',
      intentId,
      disputeId: text(object['id']) ?? '',
      amount: cents(object['amount']) ?? 0,
      currency: text(object['currency']) ?? '',
      reason: text(object['reason']) ?? 'unknown',
    };
  }
  return null;
}

export function stripeProvider(options: StripeOptions): PaymentProvider {
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
          metadata: request.metadata,
          automatic_payment_methods: { enabled: true },
          ...(request.email ? { receipt_email: request.email } : {}),
        },
        { idempotencyKey: `hold-${request.payingFor}` },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async refund(intentId, idempotencyKey, amount) {
      try {
        await stripe.refunds.create({ payment_intent: intentId, ...(amount === undefined ? {} : { amount }) }, { idempotencyKey });
        return 'refunded';
      } catch (error) {
        if (errorCode(error) === ALREADY_REFUNDED) return 'already-refunded';
        throw asRefusal(error);
      }
    },
    async cancelIntent(intentId, idempotencyKey) {
      try {
        await stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }, { idempotencyKey });
        return 'canceled';
      } catch (error) {
        // Already paid or already cancelled: nothing left to cancel. A payment that went through is
        // settled by its success event (booked if the seats are free, refunded otherwise).
        if (errorCode(error) === NOT_CANCELABLE) return 'already-final';
        throw asRefusal(error);
      }
    },
    webhooks: {
      parse(rawBody, signature) {
        const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
        const object: unknown = event.data?.object;
        if (typeof object !== 'object' || object === null) return null;
        return toPaymentEvent(event.id, event.type, object as Fields);
      },
    },
  };
}
