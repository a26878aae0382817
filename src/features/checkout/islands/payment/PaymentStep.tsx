/**
 * Checkout step 4, payment: 'Your Cart is Empty' without a price or a date; otherwise the order summary with promo code entry, the hold on the seats with its countdown,
 * and the card form titled Checkout. The amounts shown are the server's: the promo answer's total,
 * then the payment intent's amount, which is what the card is charged.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { bookingPageOf } from '../../../booking/rules/booking-pages.ts';
import { cartIsEmpty } from '../../rules/order.ts';
import { startAuth } from '../../../../stores/auth.ts';
import type { CardInput, CardState } from '../../../card-payment/card.ts';
import { $card, bookOnGiftCards, confirmLocalCard, localSuccessPath } from '../../stores/checkout-card.ts';
import { $cart } from '../../../booking/stores/cart.ts';
import { followOrder } from '../../stores/checkout-order.ts';
import { $intent } from '../../stores/payment-intent.ts';
import { useHydrated } from '../../../../ui/hooks/use-hydrated.ts';
import { HoldEnded, HoldTimer, IntentFailed } from './HoldStatus.tsx';
import CardForm from '../../../card-payment/CardForm.tsx';
import PaymentSummary from './PaymentSummary.tsx';
import '../../../../styles/payment.css';

interface Props {
  /** Sent with the payment intent's metadata when the checkout came from an invite link. */
  inviteCode?: string | null;
  /** The waitlist offer whose held seats are paid, when the checkout came from its link. */
  offerId?: string | null;
}

/** A paid local checkout goes to /payment-success, which checks the booking with the API. */
async function payCheckout(input: CardInput): Promise<CardState> {
  const result = await confirmLocalCard(input);
  if (result.status === 'succeeded') window.location.assign(localSuccessPath(result.bookingId, result.dateId));
  return result;
}

/** Gift cards pay it all: no card is asked for, and Book now books it. */
function BookOnGiftCards() {
  const card = useStore($card);
  const busy = card.status === 'processing';
  return (
    <div className="payment-card-form">
      <p>Your gift cards pay for the whole order: no card is needed.</p>
      {(card.status === 'failed' || card.status === 'declined') && (
        <p className="form-error" role="alert">
          {card.message}
        </p>
      )}
      <button
        type="button"
        className="button primary"
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          void bookOnGiftCards().then((result) => {
            if (result.status === 'succeeded') window.location.assign(localSuccessPath(result.bookingId, result.dateId));
          });
        }}
      >
        {busy ? 'Booking...' : 'Book now'}
      </button>
    </div>
  );
}

export default function PaymentStep({ inviteCode = null, offerId = null }: Props) {
  const hydrated = useHydrated();
  const cart = useStore($cart);
  const intent = useStore($intent);
  const card = useStore($card);
  const empty = cartIsEmpty(cart);

  useEffect(() => {
    void startAuth();
  }, []);

  // The payment intent follows the order while this step is on screen.
  useEffect(() => followOrder(inviteCode, offerId), [inviteCode, offerId]);

  if (card.status === 'succeeded') {
    return (
      <div className="payment panes">
        <p role="status" className="payment-progress">
          <span className="spinner" aria-hidden="true" /> Payment received. Taking you to your confirmation...
        </p>
      </div>
    );
  }

  if (!hydrated) {
    return (
      <div className="payment panes">
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
    <div className="payment panes">
      <PaymentSummary cart={cart} />
      <section className="payment-panel payment-checkout" aria-labelledby="payment-checkout-title">
        <h3 id="payment-checkout-title">Checkout</h3>
        {(intent.status === 'idle' || intent.status === 'creating') && (
          <p role="status" className="payment-progress">
            <span className="spinner" aria-hidden="true" /> Holding your seats...
          </p>
        )}
        {intent.status === 'failed' && <IntentFailed message={intent.message} bookingPage={bookingPageOf(cart.calendar).path} />}
        {intent.status === 'expired' && <HoldEnded reason={intent.reason} bookingPage={bookingPageOf(cart.calendar).path} />}
        {intent.status === 'ready' && intent.clientSecret === null && (
          <>
            <HoldTimer expiresAt={intent.expiresAt} />
            <BookOnGiftCards />
          </>
        )}
        {intent.status === 'ready' && intent.clientSecret !== null && (
          <>
            <HoldTimer expiresAt={intent.expiresAt} />
            <CardForm
              payment={{ ...intent, clientSecret: intent.clientSecret }}
              card={card}
              pay={payCheckout}
              action="/checkout"
              returnPath={`/payment-success?${new URLSearchParams({ date: cart.dateId ?? '' }).toString()}`}
            />
          </>
        )}
      </section>
    </div>
  );
}
