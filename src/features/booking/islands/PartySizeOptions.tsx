/** The choices of a party size, from one person to the largest party a date takes. */
import { PARTY_SIZES } from '../../../../shared/contract/requests.ts';

export default function PartySizeOptions() {
  return PARTY_SIZES.map((size) => (
    <option key={size} value={size}>
      {size}
    </option>
  ));
}
