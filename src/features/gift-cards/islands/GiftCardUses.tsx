/** A gift card's uses, as its balance page and My Bookings list them: when, and what was spent or given back. */
import type * as v from 'valibot';
import type { giftBalanceAnswer } from '../../../../shared/contract/gift-cards.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import '../../../styles/gift-cards.css';

type Use = v.InferOutput<typeof giftBalanceAnswer>['uses'][number];

export default function GiftCardUses({ uses }: { uses: readonly Use[] }) {
  return (
    <ul className="gift-balance-uses" aria-label="Uses">
      {uses.map((use) => (
        <li key={`${use.at}-${use.what}-${use.amount}`}>
          <span>{formatDenverDateTime(new Date(use.at))}</span>
          <span>
            {use.what === 'spent' ? 'Spent' : 'Given back'} {formatDollars(use.amount)}
          </span>
        </li>
      ))}
    </ul>
  );
}
