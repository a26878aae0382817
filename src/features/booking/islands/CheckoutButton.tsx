/**
 * Checkout: disabled until start and end dates, a price and a party size are set. Until then a hint
 * names what the page still asks for ('Choose a class and a date.'), and a click anyway shows
 * `CHECKOUT_ALERT`. Before leaving, the chosen date is looked at afresh, so a visitor who left
 * the tab open does not go on with a date that filled meanwhile.
 */
import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { stillToChoose } from '../rules/booking-pages.ts';
import { CHECKOUT_ALERT } from '../rules/cart.ts';
import { $cart, $checkoutReady } from '../stores/cart.ts';
import { confirmChosenDate, type CalendarSource } from '../stores/calendars.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';

const NOTHING_CHOSEN = { selectedPriceId: null, dateId: null };

export default function CheckoutButton({ source }: { source: CalendarSource }) {
  const hydrated = useHydrated();
  const readyNow = useStore($checkoutReady);
  const cart = useStore($cart);
  const ready = hydrated && readyNow;
  const hint = stillToChoose(source.name, hydrated ? cart : NOTHING_CHOSEN) ?? CHECKOUT_ALERT;
  const [checking, setChecking] = useState(false);
  /** The hint when the visitor clicked anyway: the alert answers that click until they choose something else. */
  const [triedAt, setTriedAt] = useState<string | null>(null);
  const tried = triedAt === hint;
  const hintId = useId();

  async function checkout() {
    if (checking) return;
    if (!ready) {
      setTriedAt(hint);
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
          {tried ? CHECKOUT_ALERT : hint}
        </p>
      )}
    </div>
  );
}
