/**
 * The waitlist offer a checkout came from (`?offer=ID`), read once the customer is signed in (an
 * offer is theirs alone). An open offer becomes the order: its date, price and party, so the usual
 * steps lead to payment on the held seats.
 */
import { useEffect, useState } from 'react';
import type { OfferCheckoutAnswer } from '../../../../shared/contract/answers.ts';
import type { CalendarName } from '../../../../shared/contract/requests.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { api } from '../../../stores/api.ts';
import { chooseOffered } from '../../booking/stores/cart.ts';

export type OfferState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; offer: OfferCheckoutAnswer }
  /** Not this customer's, or no such offer. */
  | { status: 'not-found' }
  | { status: 'failed' };

export function useOffer(offerId: string | null, signedIn: boolean): OfferState {
  const [answer, setAnswer] = useState<{ id: string; state: OfferState } | null>(null);
  useEffect(() => {
    if (!offerId || !signedIn) return;
    const abort = new AbortController();
    api.offer(offerId, abort.signal).then(
      (offer) => {
        if (offer.state === 'open') {
          chooseOffered({ ...offer, calendar: offer.calendar as CalendarName, dateId: offer.dateId, startsAt: new Date(offer.startsAt) });
        }
        setAnswer({ id: offerId, state: { status: 'ready', offer } });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const notFound = error instanceof ApiError && error.status === 404;
        if (!notFound) console.warn('Could not read the offer', error);
        setAnswer({ id: offerId, state: { status: notFound ? 'not-found' : 'failed' } });
      },
    );
    return () => abort.abort();
  }, [offerId, signedIn]);
  if (!offerId) return { status: 'none' };
  return answer?.id === offerId ? answer.state : { status: 'loading' };
}
