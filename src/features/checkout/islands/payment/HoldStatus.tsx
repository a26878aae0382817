/** What the payment step says about the hold on the seats: its countdown, its end, or why it could not be made. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { describeTimeLeft, formatTimeLeft, msLeft } from '../../rules/countdown.ts';
import { removePromo } from '../../stores/checkout-order.ts';
import { createIntent, holdAgain } from '../../stores/payment-intent.ts';
import { $promo } from '../../stores/promo.ts';

/** What the customer can do next, and always: choose another date. */
function NextSteps({ bookingPage, children }: { bookingPage: string; children: ReactNode }) {
  return (
    <div className="payment-actions">
      {children}
      <a className="button secondary" href={bookingPage}>
        Choose another date
      </a>
    </div>
  );
}

/** The hold could not be made: the reason, and trying again (without the promo code, when it was the code). */
export function IntentFailed({ message, bookingPage }: { message: string; bookingPage: string }) {
  const promo = useStore($promo);
  return (
    <div className="payment-problem">
      <p role="alert" className="form-error">
        {message}
      </p>
      <NextSteps bookingPage={bookingPage}>
        <button type="button" className="button primary" onClick={() => void createIntent({ force: true })}>
          Try again
        </button>
        {promo.status === 'accepted' && (
          <button type="button" className="button secondary" onClick={() => void removePromo()}>
            Continue without the promo code
          </button>
        )}
      </NextSteps>
    </div>
  );
}

/** The hold ran out: say so and offer to hold the seats again. */
export function HoldEnded({ reason, bookingPage }: { reason: string | null; bookingPage: string }) {
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
      <NextSteps bookingPage={bookingPage}>
        <button ref={button} type="button" className="button primary" onClick={() => void holdAgain()}>
          Hold my seats again
        </button>
      </NextSteps>
    </div>
  );
}

/** Announced once at each of these marks; the timer itself is not read out every second. */
const MARKS = [
  { ms: 60_000, text: 'Less than a minute is left on the hold on your seats.' },
  { ms: 5 * 60_000, text: 'Less than 5 minutes are left on the hold on your seats.' },
];

/** The time left on the hold, as a live countdown; the store turns the intent `expired` at zero. */
export function HoldTimer({ expiresAt }: { expiresAt: string }) {
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
