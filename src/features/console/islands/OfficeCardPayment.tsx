/**
 * The customer's card, taken by an operator for a booking held for them: the same card form as
 * checkout (the local provider's test form, or Stripe's Payment Element). Loaded only when an
 * operator books by card. The payment books it through the usual outcome path.
 */
import { useState } from 'react';
import type { OpsCardHold } from '../../../../shared/contract/ops-answers.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { opsBookingLink } from '../../../lib/ops-links.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { payWithLocalCard, type CardInput, type CardState } from '../../card-payment/card.ts';
import CardForm from '../../card-payment/CardForm.tsx';

export default function OfficeCardPayment({ hold, onPaid }: { hold: OpsCardHold; onPaid: () => void }) {
  const [card, setCard] = useState<CardState>({ status: 'idle' });

  async function pay(input: CardInput): Promise<CardState> {
    setCard({ status: 'processing' });
    const state = await payWithLocalCard(hold.clientSecret, input, hold.bookingId);
    setCard(state);
    if (state.status === 'succeeded') onPaid();
    return state;
  }

  return (
    <div className="ops-card-payment">
      <p>
        {formatDollars(hold.amount)} by card. The seats are held until {formatDenverDateTime(Date.parse(hold.expiresAt))}.
      </p>
      <CardForm payment={hold} card={card} pay={pay} action="/ops/date" returnPath={opsBookingLink(hold.bookingId)} />
    </div>
  );
}
