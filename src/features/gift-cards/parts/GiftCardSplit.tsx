/** What each gift card pays of a total, and what is left for the card: the order's last lines wherever gift cards pay. */
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { giftCardName } from '../gift-code-field.ts';
import '../../../styles/payment.css';

interface Props {
  giftCards: readonly { code: string; amount: number }[];
  /** Cents left for the card. */
  byCard: number;
}

export default function GiftCardSplit({ giftCards, byCard }: Props) {
  return (
    <dl className="payment-split">
      {giftCards.map((card) => (
        <div key={card.code}>
          <dt>{giftCardName(card.code)}</dt>
          <dd>-{formatDollars(card.amount)}</dd>
        </div>
      ))}
      <div className="payment-split-rest">
        <dt>To pay by card</dt>
        <dd>{formatDollars(byCard)}</dd>
      </div>
    </dl>
  );
}
