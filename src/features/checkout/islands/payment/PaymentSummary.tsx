/**
 * The payment step's order summary: image, date, activity or class, party size, unit price,
 * quantity and the server's total, with what each gift card pays and what is left for the card;
 * promo code and gift card entry.
 */
import { useStore } from '@nanostores/react';
import { bookingPageOf } from '../../../booking/rules/booking-pages.ts';
import { formatDenverDate, formatDenverDateTime } from '../../../../../shared/rules/dates.ts';
import { orderFigures } from '../../rules/order.ts';
import { formatDollars } from '../../../../../shared/rules/pricing.ts';
import type { Cart } from '../../../booking/stores/cart.ts';
import { applyPromo } from '../../stores/checkout-order.ts';
import { $intent, $orderTotal } from '../../stores/payment-intent.ts';
import { $promo } from '../../stores/promo.ts';
import DetailsList from '../../../../ui/DetailsList.tsx';
import GiftCardForm from './GiftCardForm.tsx';
import GiftCardSplit from '../../../gift-cards/parts/GiftCardSplit.tsx';
import CodeForm from '../../../../ui/CodeForm.tsx';

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
      {intent.status === 'ready' && intent.giftCards.length > 0 && <GiftCardSplit giftCards={intent.giftCards} byCard={intent.amount} />}
      {intent.status !== 'ready' && promo.status !== 'accepted' && (
        <p className="form-hint">The amount you pay is confirmed when your seats are held.</p>
      )}
      <PromoForm />
      <GiftCardForm />
    </section>
  );
}

function PromoForm() {
  const promo = useStore($promo);
  return (
    <CodeForm
      id="payment-promo-code"
      action="/checkout"
      label="Promo Code"
      button="Apply"
      maxLength={40}
      busy={promo.status === 'applying'}
      error={promo.status === 'failed' ? promo.message : null}
      status={
        promo.status === 'applying' ? 'Applying the promo code...' : promo.status === 'accepted' ? `Promo code ${promo.code} applied.` : ''
      }
      use={async (code) => {
        await applyPromo(code);
        return false;
      }}
    />
  );
}
