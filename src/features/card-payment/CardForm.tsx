/**
 * The card form of a payment, by provider: the local provider's test-card form, or Stripe's Payment
 * Element (its code fetched only when one is on screen). Checkout and a change of date both pay
 * through it.
 */
import { lazy, Suspense } from 'react';
import { PUBLIC_STRIPE_PUBLISHABLE_KEY } from 'astro:env/client';
import type { CardInput, CardState } from './card.ts';
import LocalCardForm from './LocalCardForm.tsx';

// If Stripe's code cannot be fetched (offline, a stale chunk after a deploy), the form says so.
const StripeCardForm = lazy(() =>
  import('./StripeCardForm.tsx').catch((error: unknown) => {
    console.error('The Stripe card form could not load', error);
    return { default: StripeUnavailable };
  }),
);

function StripeUnavailable(_props: { clientSecret: string; returnPath?: string; action?: string }) {
  return (
    <p role="alert" className="form-error">
      The card form could not load. Check your connection and reload the page.
    </p>
  );
}

interface Props {
  /** The payment the form pays: its provider, and its intent's client secret (Stripe's form is made for it). */
  payment: { provider: 'local' | 'stripe'; clientSecret: string };
  /** The local form's payment state, and what paying with it does. */
  card: CardState;
  pay: (input: CardInput) => Promise<CardState>;
  /** The page the form belongs to. */
  action: string;
  /** Where Stripe brings the customer back after the payment (and after 3-D Secure). */
  returnPath: string;
}

export default function CardForm({ payment, card, pay, action, returnPath }: Props) {
  if (payment.provider === 'local') return <LocalCardForm card={card} pay={pay} action={action} />;
  if (!PUBLIC_STRIPE_PUBLISHABLE_KEY) {
    return (
      <p role="alert" className="form-error">
        Card payments are not set up on this site yet. Please contact us and we will book you in directly.
      </p>
    );
  }
  return (
    <Suspense
      fallback={
        <p role="status" className="payment-progress">
          <span className="spinner" aria-hidden="true" /> Loading the card form...
        </p>
      }
    >
      <StripeCardForm clientSecret={payment.clientSecret} returnPath={returnPath} action={action} />
    </Suspense>
  );
}
