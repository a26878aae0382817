/**
 * /payment-success: whether the payment in the address really went through. Stripe returns with
 * `payment_intent_client_secret` and `redirect_status`; the intent's own status decides. The local
 * provider's checkout comes with `provider=local&date=<dateId>`; it succeeded when the signed-in
 * user's bookings hold that date. Success empties the cart.
 */
import { stripeIntentStatus } from '../../card-payment/stripe-loader.ts';
import { api } from '../../../stores/api.ts';
import { $authError, $authUser, startAuth } from '../../../stores/auth.ts';
import { completePayment } from './payment-intent.ts';

export type PaymentOutcome =
  | { status: 'succeeded' }
  /** Stripe is still processing the payment. */
  | { status: 'processing' }
  /** The payment did not go through (Stripe: requires_payment_method, canceled, ...). */
  | { status: 'failed' }
  /** A cold visit: nothing in the address, or no such payment for the visitor. */
  | { status: 'none' }
  /** The payment could not be checked just now (offline, Stripe or sign-in unavailable). */
  | { status: 'unverified' };

export interface VerifyDeps {
  /** The status of a Stripe payment intent; defaults to Stripe.js's retrievePaymentIntent. */
  stripeIntentStatus?: (clientSecret: string) => Promise<string | null>;
}

export async function verifyPayment(search: string, deps: VerifyDeps = {}): Promise<PaymentOutcome> {
  const params = new URLSearchParams(search);
  const clientSecret = params.get('payment_intent_client_secret');
  let outcome: PaymentOutcome;
  if (clientSecret) {
    outcome = await stripeOutcome(clientSecret, deps.stripeIntentStatus ?? stripeIntentStatus);
  } else if (params.get('provider') === 'local' && params.get('date')) {
    outcome = await localOutcome(params.get('date') ?? '');
  } else {
    outcome = { status: 'none' };
  }
  if (outcome.status === 'succeeded') completePayment();
  return outcome;
}

async function stripeOutcome(clientSecret: string, status: (secret: string) => Promise<string | null>): Promise<PaymentOutcome> {
  let value: string | null;
  try {
    value = await status(clientSecret);
  } catch (error) {
    console.error('Could not read the payment intent', error);
    return { status: 'unverified' };
  }
  switch (value) {
    case 'succeeded':
      return { status: 'succeeded' };
    case 'processing':
    case 'requires_capture':
      return { status: 'processing' };
    case null:
      return { status: 'unverified' };
    default:
      return { status: 'failed' };
  }
}

async function localOutcome(dateId: string): Promise<PaymentOutcome> {
  await startAuth();
  const user = $authUser.get();
  if (!user) return { status: $authError.get() ? 'unverified' : 'none' };
  try {
    const { bookings } = await api.account({ params: { uid: user.uid } });
    return { status: bookings.includes(dateId) ? 'succeeded' : 'none' };
  } catch {
    return { status: 'unverified' };
  }
}
