/** A booking page's choice of price (an activity or a class), each as "nickname - $price"; disabled until the catalog has loaded. */
import { formatDollars } from '../../lib/pricing.ts';
import { choosePrice } from '../../stores/cart.ts';
import type { BookingPage } from './use-booking-page.ts';

interface Props {
  id: string;
  label: string;
  page: BookingPage;
  /** The first, unchosen line: what to choose, and what shows while the catalog loads. */
  says: { choose: string; loading: string };
  /** Choosing another price lets go of the chosen date (a class's dates are its own). */
  resetsDate?: boolean;
}

export default function PriceSelect({ id, label, page, says, resetsDate = false }: Props) {
  const { product, cart } = page;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={cart.selectedPriceId ?? ''}
        disabled={!product}
        onChange={(event) => choosePrice(event.target.value || null, { resetsDate })}
      >
        <option value="" disabled>
          {product ? says.choose : says.loading}
        </option>
        {product?.prices.map((option) => (
          <option key={option.id} value={option.id}>
            {option.nickname} - {formatDollars(option.unit_amount)}
          </option>
        ))}
      </select>
    </div>
  );
}
