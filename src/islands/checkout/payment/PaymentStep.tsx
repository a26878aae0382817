/**
 * Checkout step 4, payment (spec sections 2, 4, 5 and 8): 'Your Cart is Empty' without a price or a
 * date; otherwise the order summary with promo code entry, the hold on the seats with its countdown,
 * and the card form titled Checkout. The amounts shown are the server's: the promo answer's total,
 * then the payment intent's amount, which is what the card is charged.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { PUBLIC_STRIPE_PUBLISHABLE_KEY } from 'astro:env/client';
import { describeTimeLeft, formatTimeLeft, msLeft } from '../../../lib/countdown.ts';
import { formatDenverDate } from '../../../lib/dates.ts';
import { formatDollars } from '../../../lib/pricing.ts';
import { startAuth } from '../../../stores/auth.ts';
import { $cart, type Cart } from '../../../stores/cart.ts';
import { bookingPageOf } from '../../../lib/booking-pages.ts';
import { cartIsEmpty, orderFigures } from '../../../lib/order.ts';
import { $card } from '../../../stores/card.ts';
import { $intent, $orderTotal, applyPromo, createIntent, followOrder, holdAgain, removePromo } from '../../../stores/payment-intent.ts';
import { $promo } from '../../../stores/promo.ts';
import { useHydrated } from '../../shared/use-hydrated.ts';
import LocalCardForm from './LocalCardForm.tsx';
import '../../../styles/payment.css';

interface Props {
  /** Sent with the payment intent's metadata when the checkout came from an invite link. */
  inviteCode?: string | null;
}

// Stripe's code is fetched only when a Stripe payment is on screen.
// If that code cannot be fetched (offline, a stale chunk after a deploy), the form says so.
const StripeCardForm = lazy(() =>
  import('./StripeCardForm.tsx').catch((error: unknown) => {
    console.error('The Stripe card form could not load', error);
    return { default: StripeUnavailable };
  }),
);

function StripeUnavailable(_props: { clientSecret: string }) {
  return (
    <p role="alert" className="form-error">
      The card form could not load. Check your connection and reload the page.
    </p>
  );
}

export default function PaymentStep({ inviteCode = null }: Props) {
  const hydrated = useHydrated();
  const cart = useStore($cart);
  const intent = useStore($intent);
  const card = useStore($card);
  const empty = cartIsEmpty(cart);

  useEffect(() => {
    void startAuth();
  }, []);

  // The payment intent follows the order while this step is on screen.
  useEffect(() => followOrder(inviteCode), [inviteCode]);

  if (card.status === 'succeeded') {
    return (
      <div className="payment">
        <p role="status" className="payment-progress">
          <span className="spinner" aria-hidden="true" /> Payment received. Taking you to your confirmation...
        </p>
      </div>
    );
  }

  if (!hydrated) {
    return (
      <div className="payment">
        <p role="status" className="payment-progress">
          <span className="spinner" aria-hidden="true" /> Loading your order...
        </p>
      </div>
    );
  }

  if (empty) {
    return (
      <div className="payment payment-empty">
        <h3>Your Cart is Empty</h3>
        <p>Choose a tour or a class and a date, then come back here to pay.</p>
        <p>
          <a className="button primary" href="/services">
            Continue Shopping
          </a>
        </p>
      </div>
    );
  }

  return (
    <div className="payment">
      <Summary cart={cart} />
      <section className="payment-panel payment-checkout" aria-labelledby="payment-checkout-title">
        <h3 id="payment-checkout-title">Checkout</h3>
        {(intent.status === 'idle' || intent.status === 'creating') && (
          <p role="status" className="payment-progress">
            <span className="spinner" aria-hidden="true" /> Holding your seats...
          </p>
        )}
        {intent.status === 'failed' && <IntentFailed message={intent.message} bookingPage={bookingPageOf(cart.calendar).path} />}
        {intent.status === 'expired' && <HoldEnded reason={intent.reason} bookingPage={bookingPageOf(cart.calendar).path} />}
        {intent.status === 'ready' && (
          <>
            <HoldTimer expiresAt={intent.expiresAt} />
            {intent.provider === 'local' ? (
              <LocalCardForm />
            ) : PUBLIC_STRIPE_PUBLISHABLE_KEY ? (
              <Suspense
                fallback={
                  <p role="status" className="payment-progress">
                    <span className="spinner" aria-hidden="true" /> Loading the card form...
                  </p>
                }
              >
                <StripeCardForm clientSecret={intent.clientSecret} />
              </Suspense>
            ) : (
              <p role="alert" className="form-error">
                Card payments are not set up on this site yet. Please contact us and we will book you in directly.
              </p>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** The order: image, date, activity or class, party size, unit price, quantity and the server's total, with promo code entry. */
function Summary({ cart }: { cart: Cart }) {
  const total = useStore($orderTotal);
  const intent = useStore($intent);
  const promo = useStore($promo);
  const price = cart.selectedPrice;
  const { days, quantity } = orderFigures(cart);
  const image = price?.metadata.image ?? cart.selectedProduct?.images[0] ?? null;
  const dateText =
    cart.startDate && cart.endDate && days > 1
      ? `${formatDenverDate(cart.startDate)} - ${formatDenverDate(cart.endDate)}`
      : cart.startDate
        ? formatDenverDate(cart.startDate)
        : '';
  const code = intent.status === 'ready' ? intent.promoCode : promo.status === 'accepted' ? promo.code : null;
  const details: [string, string][] = [
    ['Date', dateText],
    [bookingPageOf(cart.calendar).choice, price?.nickname ?? ''],
    ['Party Size', String(cart.partySize ?? '')],
    ['Unit price', price ? formatDollars(price.unit_amount) : 'N/A'],
    ['Quantity', days > 1 ? `${quantity} (${cart.partySize ?? 0} x ${days} days)` : String(quantity)],
  ];
  if (code) details.push(['Promo code', code]);

  return (
    <section className="payment-panel payment-summary" aria-labelledby="payment-summary-title">
      <h3 id="payment-summary-title">Order Summary</h3>
      <div className="payment-summary-image">{image && <img src={image} alt={price?.nickname ?? ''} width="480" height="270" />}</div>
      <dl className="payment-details">
        {details.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="payment-total">
        <span>Total</span> <strong>{formatDollars(total)}</strong>
      </p>
      {intent.status !== 'ready' && promo.status !== 'accepted' && (
        <p className="form-hint">The amount you pay is confirmed when your seats are held.</p>
      )}
      <PromoForm />
    </section>
  );
}

const PROMO_INPUT = 'payment-promo-code';
const PROMO_MESSAGE = 'payment-promo-message';

function PromoForm() {
  const hydrated = useHydrated();
  const promo = useStore($promo);
  const [code, setCode] = useState('');
  const busy = promo.status === 'applying';
  const failed = promo.status === 'failed';

  return (
    <form
      className="payment-promo"
      method="post"
      action="/checkout"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && hydrated) void applyPromo(code);
      }}
      aria-busy={busy}
    >
      <label htmlFor={PROMO_INPUT}>Promo Code</label>
      <div className="payment-promo-row">
        <input
          id={PROMO_INPUT}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={failed}
          {...(failed ? { 'aria-describedby': PROMO_MESSAGE } : {})}
        />
        <button type="submit" className="button secondary" disabled={!hydrated} aria-disabled={busy}>
          Apply
        </button>
      </div>
      {failed && (
        <p id={PROMO_MESSAGE} className="form-error" role="alert">
          {promo.message}
        </p>
      )}
      <p className="form-hint payment-promo-status" role="status">
        {busy ? 'Applying the promo code...' : promo.status === 'accepted' ? `Promo code ${promo.code} applied.` : ''}
      </p>
    </form>
  );
}

function IntentFailed({ message, bookingPage }: { message: string; bookingPage: string }) {
  const promo = useStore($promo);
  return (
    <div className="payment-problem">
      <p role="alert" className="form-error">
        {message}
      </p>
      <div className="payment-actions">
        <button type="button" className="button primary" onClick={() => void createIntent({ force: true })}>
          Try again
        </button>
        {promo.status === 'accepted' && (
          <button type="button" className="button secondary" onClick={() => void removePromo()}>
            Continue without the promo code
          </button>
        )}
        <a className="button secondary" href={bookingPage}>
          Choose another date
        </a>
      </div>
    </div>
  );
}

/** The hold ran out: say so and offer to hold the seats again. */
function HoldEnded({ reason, bookingPage }: { reason: string | null; bookingPage: string }) {
  const button = useRef<HTMLButtonElement>(null);
  // The card form the visitor was using has gone: bring focus to what they can do next.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) button.current?.focus();
  }, []);
  return (
    <div className="payment-expired">
      <p role="alert" className="payment-expired-message">
        <strong>Your hold on these seats has ended.</strong> {reason}
      </p>
      <p>The seats may still be free: hold them again to pay, or choose another date.</p>
      <div className="payment-actions">
        <button ref={button} type="button" className="button primary" onClick={() => void holdAgain()}>
          Hold my seats again
        </button>
        <a className="button secondary" href={bookingPage}>
          Choose another date
        </a>
      </div>
    </div>
  );
}

/** Announced once at each of these marks; the timer itself is not read out every second. */
const MARKS = [
  { ms: 60_000, text: 'Less than a minute is left on the hold on your seats.' },
  { ms: 5 * 60_000, text: 'Less than 5 minutes are left on the hold on your seats.' },
];

/** The time left on the hold, as a live countdown; the store turns the intent `expired` at zero. */
function HoldTimer({ expiresAt }: { expiresAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  const left = msLeft(expiresAt, now);
  const mark = MARKS.find((candidate) => left <= candidate.ms);
  return (
    <div className="payment-hold">
      <p className="payment-hold-time" role="timer" aria-label={`Your seats are held for ${describeTimeLeft(left)}`}>
        Your seats are held for <strong>{formatTimeLeft(left)}</strong>
      </p>
      <p className="form-hint">Pay before the time runs out, or the seats go back on sale.</p>
      <p className="visually-hidden" role="status">
        {mark?.text ?? ''}
      </p>
    </div>
  );
}
