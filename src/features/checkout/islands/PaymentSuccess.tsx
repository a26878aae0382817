/**
 * /payment-success: 'Payment Successful!' only once the payment is known to
 * have succeeded, with what was booked, its start, the party, what was paid and where the
 * confirmation went; then /profile after 5 seconds, with the cart emptied, opening at the new booking. Stripe returns here with
 * the intent's client secret and the intent's own status decides; the local provider's checkout
 * comes with the booked date, which must be in the signed-in user's bookings. A cold visit is told
 * to look at My Bookings.
 */
import { useEffect, useState } from 'react';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { verifyPayment, type PaymentOutcome } from '../stores/payment-outcome.ts';
import DetailsList from '../../../ui/DetailsList.tsx';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { useReceipt, type Receipt } from './use-receipt.ts';
import { rememberJustBooked } from '../../../lib/just-booked.ts';
import { site } from '../../../../shared/company/site.ts';
import '../../../styles/payment.css';

/** The wait before the redirect to /profile after a successful payment. */
const PROFILE_REDIRECT_MS = 5000;

type View = PaymentOutcome['status'] | 'verifying';

const HEADINGS: Record<View, { heading: string; lead: string }> = {
  verifying: { heading: 'Confirming your payment', lead: 'One moment while we check your payment.' },
  succeeded: { heading: 'Payment Successful!', lead: 'Thank you! Your booking is confirmed and is on its way to your profile.' },
  processing: {
    heading: 'Payment processing',
    lead: 'Your bank is still confirming your payment. There is no need to pay again.',
  },
  failed: { heading: 'Payment not completed', lead: 'Your payment did not go through, and you have not been charged.' },
  none: { heading: 'No payment to confirm', lead: 'We could not find a payment to confirm. Check My Bookings on your profile.' },
  unverified: {
    heading: 'We could not confirm your payment',
    lead: 'We could not check your payment just now. Check My Bookings on your profile before you pay again.',
  },
};

/** The page's way on, as its one button. */
function GoOn({ href, children }: { href: string; children: string }) {
  return (
    <p>
      <a className="button primary" href={href}>
        {children}
      </a>
    </p>
  );
}

const partyWords = (people: number) => (people === 1 ? 'Just you' : `${people} people`);

/** What was bought, when, for how many, and what was paid, and that the confirmation is on its way. */
function PaidFor({ receipt }: { receipt: Receipt | null }) {
  if (!receipt) return null;
  const { party, email } = receipt;
  return (
    <>
      {party && (
        <DetailsList
          className="summary-details payment-receipt"
          details={[
            ['Booked', party.title],
            ['Starts', formatDenverDateTime(Date.parse(party.startsAt))],
            ['Party', partyWords(party.members.length + party.openSpots)],
            ...(party.paid ? [['Paid', formatDollars(party.paid.amount)] as const] : []),
          ]}
        />
      )}
      <p>
        {email
          ? `A confirmation is on its way to ${email}, with the invite link for your party.`
          : 'A confirmation is on its way to you by e-mail.'}
      </p>
    </>
  );
}

export default function PaymentSuccess() {
  const [view, setView] = useState<View>('verifying');
  const [attempt, setAttempt] = useState(0);
  const dateId = useSearchParam('date');
  const receipt = useReceipt(view === 'succeeded', dateId);

  useEffect(() => {
    let live = true;
    verifyPayment(window.location.search)
      .catch((error: unknown): PaymentOutcome => {
        console.error('Could not check the payment', error);
        return { status: 'unverified' };
      })
      .then((outcome) => {
        if (live) setView(outcome.status);
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  useEffect(() => {
    if (view === 'verifying') return;
    document.title = `${HEADINGS[view].heading} | ${site.name}`;
    if (view !== 'succeeded') return;
    // The profile opens at the booking just paid for, marked new.
    rememberJustBooked(dateId);
    const timer = setTimeout(() => window.location.assign('/profile'), PROFILE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [view, dateId]);

  const { heading, lead } = HEADINGS[view];
  return (
    <>
      <header className="page-header payment-success-header">
        <h1>{heading}</h1>
        <p className="lead">{lead}</p>
      </header>
      <div className="island-frame payment-result">
        {view === 'verifying' && (
          <p role="status" className="payment-progress payment-verifying">
            <span className="spinner" aria-hidden="true" /> Checking your payment...
          </p>
        )}
        {view === 'succeeded' && (
          <>
            <PaidFor receipt={receipt} />
            <p role="status">Taking you to your profile in 5 seconds…</p>
            <GoOn href="/profile">See your booking now</GoOn>
          </>
        )}
        {view === 'processing' && (
          <>
            <p>The booking appears in My Bookings on your profile as soon as the payment clears.</p>
            <GoOn href="/profile">Go to My Bookings</GoOn>
          </>
        )}
        {view === 'failed' && (
          <>
            <p role="alert">Your payment did not go through. Go back to checkout to try another card; your order is still in your cart.</p>
            <GoOn href="/checkout">Back to checkout</GoOn>
          </>
        )}
        {view === 'none' && <GoOn href="/profile">Go to My Bookings</GoOn>}
        {view === 'unverified' && (
          <div className="payment-actions">
            <button
              type="button"
              className="button primary"
              onClick={() => {
                setView('verifying');
                setAttempt((count) => count + 1);
              }}
            >
              Try again
            </button>
            <a className="button secondary" href="/profile">
              Go to My Bookings
            </a>
          </div>
        )}
      </div>
    </>
  );
}
