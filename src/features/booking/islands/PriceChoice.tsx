/**
 * A booking page's choice of price (an activity or a class): one large radio per price with its name
 * and price, each whole at any width (the summary says what the chosen one is). Disabled, and saying what loads, until the
 * catalog has loaded and the cart is this page's; the room of `rows` choices is kept meanwhile, so
 * nothing below moves.
 */
import { useStore } from '@nanostores/react';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { $chosenPriceId, choosePrice } from '../stores/cart.ts';
import { $productsFailed } from '../../../stores/products.ts';
import type { BookingPage } from './use-booking-page.ts';

interface Props {
  id: string;
  label: string;
  page: BookingPage;
  /** What shows while the catalog loads. */
  loading: string;
  /** How many choices the page usually offers: their room is kept while the catalog loads. */
  rows: number;
  /** Choosing another price lets go of the chosen date (a class's dates are its own). */
  resetsDate?: boolean;
}

export default function PriceChoice({ id, label, page, loading, rows, resetsDate = false }: Props) {
  const { product, cart } = page;
  const chosen = useStore($chosenPriceId);
  // A catalog that failed to load is said above the choices (CatalogProblem), with a way to try again.
  const failed = useStore($productsFailed) && page.hydrated;
  // Live once the cart is this page's (a choice made before would be let go as the page's booking starts).
  const live = product !== undefined && cart.productId === product.id;
  return (
    <fieldset className="price-choice" disabled={!live} style={{ ['--rows' as string]: rows }}>
      <legend>{label}</legend>
      {!product && !failed && (
        <p className="form-hint price-choice-loading" role="status">
          {loading}
        </p>
      )}
      {product?.prices.map((option) => (
        <label key={option.id} className="price-option">
          <input
            type="radio"
            name={id}
            value={option.id}
            checked={chosen === option.id}
            onChange={() => choosePrice(option.id, { resetsDate })}
            aria-label={`${option.nickname}, ${formatDollars(option.unit_amount)}`}
          />
          <span className="price-option-name">{option.nickname}</span>
          <span className="price-option-amount">{formatDollars(option.unit_amount)}</span>
        </label>
      ))}
    </fieldset>
  );
}
