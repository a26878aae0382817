/** The gift is paid: said where the eye is (the focus moves to it), with what happens next and the way to My Bookings. */
import { useEffect, useRef } from 'react';
import { whatHappensNext, type GiftWhen } from '../rules/gift-purchase.ts';

interface Props {
  /** When the gift was to arrive. */
  when: GiftWhen;
  /** What was bought, when known ('Gift card: $150 for Sam Ridge'). */
  what?: string | undefined;
  /** Starts another gift, where the page still has the form. */
  onAnother?: (() => void) | undefined;
}

export default function GiftPaid({ when, what, onAnother }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="gift-paid" aria-labelledby="gift-paid-title">
      <h2 id="gift-paid-title" ref={heading} tabIndex={-1}>
        Your gift is paid.
      </h2>
      {what && <p>{what}</p>}
      <p>{whatHappensNext(when)}</p>
      <div className="button-row">
        <a className="button primary" href="/profile">
          My Bookings
        </a>
        {onAnother && (
          <button type="button" className="button secondary" onClick={onAnother}>
            Give another gift
          </button>
        )}
      </div>
    </section>
  );
}
