/** Stripe.js, loaded only when a payment needs it. */
import type { Stripe } from '@stripe/stripe-js';
import { PUBLIC_STRIPE_PUBLISHABLE_KEY } from 'astro:env/client';

let stripeLoading: Promise<Stripe | null> | null = null;

/** Stripe.js with the publishable key, loaded once, on first use; null without a key. A failed load is tried again next time. */
export function loadStripeOnce(): Promise<Stripe | null> {
  const key = PUBLIC_STRIPE_PUBLISHABLE_KEY;
  if (!key) return Promise.resolve(null);
  stripeLoading ??= import('@stripe/stripe-js')
    .then(({ loadStripe }) => loadStripe(key))
    .catch((error: unknown) => {
      stripeLoading = null;
      throw error;
    });
  return stripeLoading;
}

/** The status of a Stripe payment intent ('succeeded', 'processing', ...), read with its client secret; null when Stripe cannot tell. */
export async function stripeIntentStatus(clientSecret: string): Promise<string | null> {
  const stripe = await loadStripeOnce();
  if (!stripe) return null;
  const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
  if (error || !paymentIntent) return null;
  return paymentIntent.status;
}
