/**
 * Have a gift card? at checkout: each code is looked up when it is added and can be taken off again;
 * the hold is made again with the codes kept. What each pays is the hold's answer, shown in the order summary.
 */
import { useStore } from '@nanostores/react';
import { applyGiftCard, removeGiftCard } from '../../stores/checkout-order.ts';
import { $giftCards } from '../../stores/gift-cards.ts';
import GiftCardsField from '../../../gift-cards/parts/GiftCardsField.tsx';

export default function GiftCardForm() {
  const cards = useStore($giftCards);
  return (
    <GiftCardsField
      id="payment-gift-code"
      action="/checkout"
      codes={cards.codes}
      busy={cards.status === 'checking'}
      error={cards.status === 'failed' ? cards.message : null}
      added={cards.added}
      add={async (code) => {
        await applyGiftCard(code);
        return $giftCards.get().status === 'idle';
      }}
      remove={(code) => void removeGiftCard(code)}
    />
  );
}
