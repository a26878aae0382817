/**
 * The fee of a change of date, paid while the new seats are held: gift cards first (amount cards:
 * a trip voucher pays a seat, not a fee), each looked up when added, the hold made again with them;
 * then the card for the rest, or Change date when the gift cards pay all of it.
 */
import { useState } from 'react';
import { VOUCHER_NOT_FOR_FEES } from '../../../../shared/contract/gift-cards.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { api } from '../../../stores/api.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { payWithLocalCard, type CardInput, type CardState } from '../../card-payment/card.ts';
import CardForm from '../../card-payment/CardForm.tsx';
import GiftCardsField from '../../gift-cards/parts/GiftCardsField.tsx';
import GiftCardSplit from '../../gift-cards/parts/GiftCardSplit.tsx';
import { lookUpGiftCode } from '../../gift-cards/gift-code-lookup.ts';
import type { MoveTarget } from '../../../../shared/contract/answers.ts';

/** The fee's hold, as the API answered it. */
export interface FeeHold {
  bookingId: string;
  clientSecret: string;
  provider: 'local' | 'stripe';
  /** What the card pays. */
  amount: number;
  /** The fee. */
  total: number;
  giftCards: { code: string; amount: number }[];
  expiresAt: string;
  date: MoveTarget;
}

interface Props {
  hold: FeeHold;
  /** The gift cards the hold was made with, as stored. */
  codes: string[];
  /** Holds the new date again with these gift cards; the error to show at the field, or null when it is held. */
  holdAgain: (codes: string[]) => Promise<string | null>;
  /** The fee is paid and the booking moved. */
  onPaid: () => void;
  /** Keeps the date the booking has. */
  keepDate: () => void;
  keeping: boolean;
}

export default function FeePayment({ hold, codes, holdAgain, onPaid, keepDate, keeping }: Props) {
  const [card, setCard] = useState<CardState>({ status: 'idle' });
  const [gift, setGift] = useState<{ busy: boolean; error: string | null; added?: string }>({ busy: false, error: null });
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = card.status === 'processing' || paying || gift.busy || keeping;
  // A hold made again is a new payment: the card starts over.
  async function addCode(typed: string): Promise<boolean> {
    setGift({ busy: true, error: null });
    setCard({ status: 'idle' });
    const found = await lookUpGiftCode(typed, codes, (each) => (each.kind === 'voucher' ? VOUCHER_NOT_FOR_FEES : null));
    const error = 'refused' in found ? found.refused : await holdAgain([...codes, found.code]);
    setGift(error || 'refused' in found ? { busy: false, error } : { busy: false, error: null, added: found.code });
    return error === null;
  }

  async function removeCode(code: string) {
    setGift({ busy: true, error: null });
    setCard({ status: 'idle' });
    setGift({ busy: false, error: await holdAgain(codes.filter((each) => each !== code)) });
  }

  async function payByCard(input: CardInput): Promise<CardState> {
    setCard({ status: 'processing' });
    const state = await payWithLocalCard(hold.clientSecret, input, hold.bookingId);
    setCard(state);
    if (state.status === 'succeeded') onPaid();
    return state;
  }

  async function payByGiftCards() {
    setPaying(true);
    setFailure(null);
    try {
      await api.bookOnGiftCards({ params: { bookingId: hold.bookingId } });
      onPaid();
    } catch (error) {
      setFailure(shownError(error, 'The date could not be changed. Please try again.'));
      setPaying(false);
    }
  }

  return (
    <>
      <p>
        Moving to {formatDenverDateTime(Date.parse(hold.date.startsAt))}: pay the {formatDollars(hold.total)} fee. The seats on the new date
        are held for you until {formatDenverDateTime(Date.parse(hold.expiresAt))}.
      </p>
      {hold.giftCards.length > 0 && <GiftCardSplit giftCards={hold.giftCards} byCard={hold.amount} />}
      <GiftCardsField
        id={`fee-gift-code-${hold.bookingId}`}
        action="/profile"
        codes={codes}
        busy={gift.busy}
        error={gift.error}
        added={gift.added}
        add={addCode}
        remove={(code) => void removeCode(code)}
      />
      {hold.amount > 0 ? (
        <CardForm key={hold.clientSecret} payment={hold} card={card} pay={payByCard} action="/profile" returnPath="/profile" />
      ) : (
        <button type="button" className="button primary" aria-disabled={busy} onClick={() => busy || void payByGiftCards()}>
          {paying ? 'Changing the date...' : 'Change date'}
        </button>
      )}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <div className="booking-change-buttons">
        <button type="button" className="button secondary" aria-disabled={busy} onClick={() => busy || keepDate()}>
          {keeping ? 'Keeping this date...' : 'Keep this date'}
        </button>
      </div>
    </>
  );
}
