/**
 * Stripe's Payment Element for the held order, loaded only on the payment step.
 * Pay now confirms the payment with /payment-success as the return address; 3-D Secure and other
 * redirects come back there too, and that page reads the intent's status. Errors follow Stripe's
 * documented pattern: the message of a card or validation error, else 'An unexpected error occurred.'
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { Appearance, Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { UNEXPECTED_CARD_MESSAGE } from '../../../shared/contract/messages.ts';
import { loadStripeOnce } from './stripe-loader.ts';
import { stripeErrorMessage } from './card.ts';
import '../../styles/payment.css';

interface Props {
  /** The payment intent's client secret (a new one mounts a new Payment Element). */
  clientSecret: string;
  /** Where Stripe brings the customer back once the payment is confirmed. */
  returnPath?: string;
  /** The page the form belongs to. */
  action?: string;
}

/** The site's colours (global.css) inside Stripe's frame. */
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#1f4d3a',
    colorText: '#1b2730',
    colorDanger: '#9b1c1c',
    colorBackground: '#ffffff',
    borderRadius: '8px',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};

type Load = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

const ERROR_ID = 'stripe-card-error';

export default function StripeCardForm({ clientSecret, returnPath = '/payment-success', action = '/checkout' }: Props) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    loadStripeOnce().then(
      (stripe) => {
        if (live) setLoad(stripe ? { status: 'ready', stripe } : { status: 'failed' });
      },
      (error: unknown) => {
        console.error('Stripe.js could not load', error);
        if (live) setLoad({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  if (load.status === 'loading') {
    return (
      <p role="status" className="payment-progress">
        <span className="spinner" aria-hidden="true" /> Loading the card form...
      </p>
    );
  }
  if (load.status === 'failed') {
    return (
      <div className="payment-problem">
        <p role="alert" className="form-error">
          The card form could not load. Check your connection and try again.
        </p>
        <div className="payment-actions">
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setLoad({ status: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            Try again
          </button>
        </div>
      </div>
    );
  }
  return (
    <Elements key={clientSecret} stripe={load.stripe} options={{ clientSecret, appearance: APPEARANCE }}>
      <StripePaymentForm returnPath={returnPath} action={action} />
    </Elements>
  );
}

function StripePaymentForm({ returnPath, action }: { returnPath: string; action: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [loadError, setLoadError] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || !ready || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: new URL(returnPath, window.location.origin).href },
      });
      // Reached only when the payment could not go on: success leaves for the return address.
      setMessage(stripeErrorMessage(error));
    } catch (error) {
      console.error('Stripe could not confirm the payment', error);
      setMessage(UNEXPECTED_CARD_MESSAGE);
    }
    setBusy(false);
  }

  return (
    <form className="payment-card-form" method="post" action={action} onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <div className="payment-element" aria-describedby={message ? ERROR_ID : undefined}>
        <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} onLoadError={() => setLoadError(true)} />
      </div>
      {!ready && !loadError && (
        <p role="status" className="payment-progress">
          <span className="spinner" aria-hidden="true" /> Loading the card form...
        </p>
      )}
      {loadError && (
        <p role="alert" className="form-error">
          The card form could not load. Reload the page to try again.
        </p>
      )}
      {message && (
        <p id={ERROR_ID} className="form-error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button primary payment-pay" disabled={!stripe || !elements || !ready} aria-disabled={busy}>
        {busy ? 'Processing...' : 'Pay now'}
      </button>
    </form>
  );
}
