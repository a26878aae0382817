/**
 * My Bookings' gifts you gave: each gift bought, for whom, what, and when it goes (or went); its code
 * once it went, or at once for one to print. A gift not sent yet can be sent to another address, at
 * another time, or now (./GiftDeliveryChange.tsx). Nothing shows when there are none.
 */
import { useId, useState } from 'react';
import type * as v from 'valibot';
import type { givenGiftCardAnswer } from '../../../../shared/contract/gift-cards.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { api } from '../../../stores/api.ts';
import { useLoaded } from '../../../ui/hooks/use-loaded.ts';
import GiftDeliveryChange from './GiftDeliveryChange.tsx';

export type GivenGift = v.InferOutput<typeof givenGiftCardAnswer>;

const when = (iso: string) => formatDenverDateTime(Date.parse(iso));

/** Where the gift is: e-mailed, waiting for its time, or the buyer's to print. */
export function givenGiftState(gift: GivenGift): string {
  if (gift.delivery === 'print') return 'To print: the card is in your receipt e-mail.';
  if (gift.deliveredAt) return `E-mailed to ${gift.recipientEmail ?? gift.recipientName} on ${when(gift.deliveredAt)}.`;
  return `Goes to ${gift.recipientEmail ?? gift.recipientName} on ${gift.deliverAt ? when(gift.deliverAt) : 'its day'} (Kamas time).`;
}

function Gift({ initial }: { initial: GivenGift }) {
  const id = useId();
  const [gift, setGift] = useState(initial);
  const [saved, setSaved] = useState(false);
  const waiting = gift.delivery === 'email' && !gift.deliveredAt;
  return (
    <article className="booking-card" aria-labelledby={`${id}-title`}>
      <div className="booking-body">
        <h4 id={`${id}-title`}>For {gift.recipientName}</h4>
        <p>{gift.kind === 'voucher' ? `Trip voucher: ${gift.activity ?? 'one seat'}` : `Gift card: ${formatDollars(gift.value)}`}</p>
        <p role={saved ? 'status' : undefined}>{givenGiftState(gift)}</p>
        {gift.code && <p className="gift-card-code">{gift.code}</p>}
        {waiting && (
          <GiftDeliveryChange
            gift={gift}
            onChanged={(changed) => {
              setGift(changed);
              setSaved(true);
            }}
          />
        )}
      </div>
    </article>
  );
}

export default function GivenGifts({ uid }: { uid: string }) {
  const id = useId();
  const gifts = useLoaded(uid, (signal) => api.givenGiftCards({ signal }), 'Could not load the gifts you gave');
  if (gifts.status === 'loading' || (gifts.status === 'ready' && gifts.value.length === 0)) return null;
  return (
    <section className="my-gift-cards" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Gifts you gave</h3>
      {gifts.status === 'failed' ? (
        <p className="form-error" role="alert">
          {shownError(gifts.error, 'The gifts you gave could not be loaded.')}
        </p>
      ) : (
        <ul className="booking-grid">
          {gifts.value.map((gift) => (
            <li key={gift.id}>
              <Gift initial={gift} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
