/**
 * Paying for the gift: what it is, for whom, when it arrives and the total (the server's), then the
 * same card form as checkout. Change goes back to the form; sending it again starts a new purchase.
 */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import CardForm from '../../card-payment/CardForm.tsx';
import DetailsList from '../../../ui/DetailsList.tsx';
import { giftSummary, type GiftRequest, type VoucherTrip } from '../rules/gift-purchase.ts';
import { $giftCard, changeGift, payGift, type GiftPurchase } from '../stores/gift-purchase.ts';

interface Props {
  request: GiftRequest;
  purchase: GiftPurchase;
  trips: readonly VoucherTrip[];
}

export default function GiftPayment({ request, purchase, trips }: Props) {
  const card = useStore($giftCard);
  const heading = useRef<HTMLHeadingElement>(null);
  const summary = giftSummary(request, purchase, trips);
  const paying = card.status === 'processing';

  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="gift-payment">
      <section className="payment-panel gift-summary" aria-labelledby="gift-summary-title">
        <h2 id="gift-summary-title" ref={heading} tabIndex={-1}>
          Your gift
        </h2>
        <DetailsList
          className="summary-details gift-summary-details"
          details={[
            ['Gift', summary.what],
            ['For', summary.to],
            ['Arrives', summary.when],
          ]}
        />
        <p className="payment-total">
          <span>Total</span> <strong>{summary.total}</strong>
        </p>
        <div className="button-row">
          <button type="button" className="button secondary" aria-disabled={paying} onClick={() => paying || changeGift()}>
            Change
          </button>
        </div>
      </section>
      <section className="payment-panel" aria-labelledby="gift-card-title">
        <h2 id="gift-card-title">Pay by card</h2>
        <CardForm
          payment={purchase}
          card={card}
          pay={payGift}
          action="/gift-cards"
          returnPath={`/gift-cards?${new URLSearchParams({ delivery: request.delivery.when }).toString()}`}
        />
      </section>
    </div>
  );
}
