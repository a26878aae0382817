/**
 * Checkout: disabled until start and end dates, a price and a party size are set, with
 * `CHECKOUT_ALERT` saying so. Before leaving, the chosen date is looked at afresh, so a visitor who left
 * the tab open does not go on with a date that filled meanwhile.
 */
import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { CHECKOUT_ALERT } from '../../lib/cart.ts';
import { $checkoutReady } from '../../stores/cart.ts';
import { confirmChosenDate, type CalendarSource } from '../../stores/calendars.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

export default function CheckoutButton({ source }: { source: CalendarSource }) {
  const hydrated = useHydrated();
  const readyNow = useStore($checkoutReady);
  const ready = hydrated && readyNow;
  const [checking, setChecking] = useState(false);
  const [tried, setTried] = useState(false);
  const hintId = useId();

  async function checkout() {
    if (checking) return;
    if (!ready) {
      setTried(true);
      return;
    }
    setChecking(true);
    if (await confirmChosenDate(source)) {
      window.location.assign('/checkout');
      return;
    }
    setChecking(false);
  }

  return (
    <div className="checkout-action">
      <button
        type="button"
        className="button primary"
        disabled={!hydrated}
        aria-disabled={!ready || checking}
        aria-describedby={ready ? undefined : hintId}
        onClick={() => void checkout()}
      >
        {checking ? 'Checking the date...' : 'Checkout'}
      </button>
      {!ready && (
        <p id={hintId} className={tried ? 'form-error' : 'form-hint'} role={tried ? 'alert' : undefined}>
          {CHECKOUT_ALERT}
        </p>
      )}
    </div>
  );
}
