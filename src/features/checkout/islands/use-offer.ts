/**
 * The waitlist offer a checkout came from (`?offer=ID`), read once the customer is signed in (an
 * offer is theirs alone). An open offer becomes the order: its date, price and party, so the usual
 * steps lead to payment on the held seats.
 */
import type { OfferCheckoutAnswer } from '../../../../shared/contract/answers.ts';
import type { CalendarName } from '../../../../shared/contract/requests.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { api } from '../../../stores/api.ts';
import { chooseOffered } from '../../booking/stores/cart.ts';
import { useLoaded } from '../../../islands/shared/use-loaded.ts';

export type OfferState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; offer: OfferCheckoutAnswer }
  /** Not this customer's, or no such offer. */
  | { status: 'not-found' }
  | { status: 'failed' };

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

async function loadOffer(offerId: string, signal: AbortSignal): Promise<OfferCheckoutAnswer> {
  const offer = await api.offer(offerId, signal).catch((error: unknown) => {
    if (!notFound(error) && !signal.aborted) console.warn('Could not read the offer', error);
    throw error;
  });
  if (offer.state === 'open') {
    chooseOffered({ ...offer, calendar: offer.calendar as CalendarName, startsAt: new Date(offer.startsAt) });
  }
  return offer;
}

export function useOffer(offerId: string | null, signedIn: boolean): OfferState {
  const loaded = useLoaded(offerId && signedIn ? offerId : null, (signal) => loadOffer(offerId ?? '', signal));
  if (!offerId) return { status: 'none' };
  if (loaded.status === 'ready') return { status: 'ready', offer: loaded.value };
  if (loaded.status === 'loading') return loaded;
  return { status: notFound(loaded.error) ? 'not-found' : 'failed' };
}
