/** A booking page's choice of price (an activity or a class), each as "nickname - $price"; disabled until the catalog has loaded. */
import type { Product } from '../../lib/api/types.ts';
import { formatDollars } from '../../lib/pricing.ts';

interface Props {
  id: string;
  label: string;
  product: Product | undefined;
  selectedPriceId: string | null;
  /** The first, unchosen line: what to choose, and what shows while the catalog loads. */
  placeholder: { choose: string; loading: string };
  onChoose: (priceId: string | null) => void;
}

export default function PriceSelect({ id, label, product, selectedPriceId, placeholder, onChoose }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={selectedPriceId ?? ''} disabled={!product} onChange={(event) => onChoose(event.target.value || null)}>
        <option value="" disabled>
          {product ? placeholder.choose : placeholder.loading}
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
