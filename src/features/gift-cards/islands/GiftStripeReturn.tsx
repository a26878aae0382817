/**
 * Back on /gift-cards from Stripe (after 3-D Secure or another bank's step): the payment intent's own
 * status says whether the gift is paid.
 */
import { useEffect, useState } from 'react';
import { stripeIntentStatus } from '../../card-payment/stripe-loader.ts';
import type { GiftWhen } from '../rules/gift-purchase.ts';
import GiftPaid from './GiftPaid.tsx';

type Seen = 'checking' | 'paid' | 'processing' | 'failed' | 'unknown';

const WORDS: Record<Exclude<Seen, 'paid'>, string> = {
  checking: 'Checking your payment...',
  processing: 'Your bank is still confirming the payment. There is no need to pay again: your receipt comes by e-mail once it is done.',
  failed: 'The payment did not go through, and nothing was charged.',
  unknown: 'Your payment could not be checked just now. Look for your receipt in your inbox before paying again.',
};

function seenOf(status: string | null): Seen {
  if (status === 'succeeded') return 'paid';
  if (status === 'processing' || status === 'requires_capture') return 'processing';
  return status === null ? 'unknown' : 'failed';
}

export default function GiftStripeReturn({ clientSecret, when }: { clientSecret: string; when: GiftWhen }) {
  const [seen, setSeen] = useState<Seen>('checking');
  useEffect(() => {
    let live = true;
    stripeIntentStatus(clientSecret).then(
      (status) => live && setSeen(seenOf(status)),
      (error: unknown) => {
        console.error('The gift card payment could not be checked', error);
        if (live) setSeen('unknown');
      },
    );
    return () => {
      live = false;
    };
  }, [clientSecret]);

  if (seen === 'paid') return <GiftPaid when={when} />;
  return (
    <div className="gift-paid">
      <p role={seen === 'failed' ? 'alert' : 'status'}>{WORDS[seen]}</p>
      {seen === 'failed' && (
        <p>
          <a className="button primary" href="/gift-cards">
            Try again
          </a>
        </p>
      )}
    </div>
  );
}
