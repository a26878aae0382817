/**
 * Have a gift card? Up to three codes pay the order before the card; each is looked up when it is
 * added and can be taken off again. What each pays is the hold's answer, shown in the order summary.
 */
import { useStore } from '@nanostores/react';
import { MAX_GIFT_CARDS } from '../../../../../shared/rules/gift-card-split.ts';
import { applyGiftCard, removeGiftCard } from '../../stores/checkout-order.ts';
import { $giftCards } from '../../stores/gift-cards.ts';
import CodeForm from '../../../../ui/CodeForm.tsx';
import { GIFT_CODE_FIELD, giftCardName } from '../../../gift-cards/gift-code-field.ts';

export default function GiftCardForm() {
  const cards = useStore($giftCards);
  const full = cards.codes.length >= MAX_GIFT_CARDS;

  return (
    <details className="payment-gift" open={cards.codes.length > 0 || cards.status === 'failed'}>
      <summary>Have a gift card?</summary>
      {cards.codes.length > 0 && (
        <ul className="payment-gift-list" aria-label="Gift cards on this order">
          {cards.codes.map((each) => (
            <li key={each}>
              <span>{giftCardName(each)}</span>
              <button type="button" className="button secondary" onClick={() => void removeGiftCard(each)}>
                Remove<span className="visually-hidden"> {giftCardName(each).toLowerCase()}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && (
        <CodeForm
          id="payment-gift-code"
          action="/checkout"
          {...GIFT_CODE_FIELD}
          button="Use"
          busy={cards.status === 'checking'}
          error={cards.status === 'failed' ? cards.message : null}
          status={cards.status === 'checking' ? 'Checking the gift card...' : cards.added ? `${giftCardName(cards.added)} added.` : ''}
          use={async (code) => {
            await applyGiftCard(code);
            return $giftCards.get().status === 'idle';
          }}
        />
      )}
    </details>
  );
}
