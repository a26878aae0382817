/** The Order Summary beside a booking form: image, the chosen details, a description and the total, then Checkout. */
import type { ReactNode } from 'react';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import type { CalendarSource } from '../stores/calendars.ts';
import CheckoutButton from './CheckoutButton.tsx';
import DetailsList from '../../../ui/DetailsList.tsx';

interface Props {
  image: { src: string; alt: string } | null;
  details: readonly (readonly [label: string, value: string])[];
  children?: ReactNode;
  /** In cents; null before a price is chosen. */
  total: number | null;
  source: CalendarSource;
}

export default function OrderSummary({ image, details, children, total, source }: Props) {
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order Summary</h2>
      <div className="summary-image">{image && <img src={image.src} alt={image.alt} width="480" height="270" />}</div>
      <DetailsList details={details} className="summary-details" />
      <div className="summary-description">{children}</div>
      <p className="summary-total">
        <span>Total</span> <strong>{total === null ? 'N/A' : formatDollars(total)}</strong>
      </p>
      <CheckoutButton source={source} />
    </section>
  );
}
