/**
 * The API paying through the fake Stripe (fake-stripe.ts) with a test file's own keys, and the
 * signature Stripe puts on the webhooks it sends.
 */
import Stripe from 'stripe';
import { stripeProvider } from '../../api/payments/stripe.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { harness, type Harness, type HarnessOptions } from './harness.ts';

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

/** Starts the fake Stripe and an API that pays through it with `keys`; close `fake` after the tests. */
export async function harnessWithStripe(keys: StripeKeys, options: Omit<HarnessOptions, 'payments'> = {}) {
  const fake: FakeStripe = await startFakeStripe();
  const h: Harness = await harness({ payments: stripeProvider({ ...keys, apiBase: fake.url }), ...options });
  return { fake, h };
}

/** The `Stripe-Signature` header of a webhook carrying `payload`, signed with `secret`. */
export const stripeSignature = (payload: string, secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
