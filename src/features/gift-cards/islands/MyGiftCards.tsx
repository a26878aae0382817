/**
 * My Bookings' gift cards: the cards the customer kept on their account (from the balance page), each
 * with its code to use at checkout, what is left and each use. Nothing shows when there are none.
 */
import { useId } from 'react';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { api } from '../../../stores/api.ts';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';
import { giftCardName } from '../gift-code-field.ts';
import GiftCardUses from './GiftCardUses.tsx';

export default function MyGiftCards({ uid }: { uid: string }) {
  const id = useId();
  const cards = useLoaded(uid, (signal) => api.keptGiftCards({ signal }), 'Could not load the gift cards');
  if (cards.status === 'loading' || (cards.status === 'ready' && cards.value.length === 0)) return null;

  return (
    <section className="my-gift-cards" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Gift cards</h3>
      {cards.status === 'failed' ? (
        <p className="form-error" role="alert">
          {shownError(cards.error, 'Your gift cards could not be loaded.')}
        </p>
      ) : (
        <ul className="booking-grid">
          {cards.value.map((card) => (
            <li key={card.code}>
              <article className="booking-card" aria-labelledby={`${id}-${card.code}`}>
                <div className="booking-body">
                  <h4 id={`${id}-${card.code}`}>{giftCardName(card.code)}</h4>
                  <p className="gift-card-code">{card.code}</p>
                  <p>
                    <strong>{formatDollars(card.balance)} left</strong>
                  </p>
                  {card.uses.length > 0 && <GiftCardUses uses={card.uses} />}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
