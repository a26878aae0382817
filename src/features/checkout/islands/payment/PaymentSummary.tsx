/**
 * The payment step's order summary: image, date, activity or class, party size, unit price,
 * quantity and the server's total, with promo code entry.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { bookingPageOf } from '../../../booking/rules/booking-pages.ts';
import { formatDenverDate, formatDenverDateTime } from '../../../../../shared/rules/dates.ts';
import { orderFigures } from '../../rules/order.ts';
import { formatDollars } from '../../../../../shared/rules/pricing.ts';
import type { Cart } from '../../../booking/stores/cart.ts';
import { applyPromo } from '../../stores/checkout-order.ts';
import { $intent, $orderTotal } from '../../stores/payment-intent.ts';
import { $promo } from '../../stores/promo.ts';
import { useHydrated } from '../../../../ui/hooks/use-hydrated.ts';
import DetailsList from '../../../../ui/DetailsList.tsx';

export default function PaymentSummary({ cart }: { cart: Cart }) {
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
        ? formatDenverDateTime(cart.startDate)
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
      <DetailsList details={details} className="summary-details payment-details" />
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
