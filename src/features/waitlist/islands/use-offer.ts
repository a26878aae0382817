/**
 * The waitlist offer a checkout came from (`?offer=ID`), read once the customer is signed in (an
 * offer is theirs alone; not found: not this customer's, or no such offer). An open offer becomes
 * the order: its date, price and party, so the usual steps lead to payment on the held seats.
 */
import type { OfferCheckoutAnswer } from '../../../../shared/contract/waitlist.ts';
import type { CalendarName } from '../../../../shared/contract/requests.ts';
import { readOffer } from '../stores/waitlist.ts';
import { chooseOffered } from '../../booking/stores/cart.ts';
import { useLinked, type Linked } from '../../../ui/hooks/use-linked.ts';

export type OfferState = Linked<{ status: 'ready'; offer: OfferCheckoutAnswer }>;

async function loadOffer(offerId: string, signal: AbortSignal): Promise<OfferCheckoutAnswer> {
  const offer = await readOffer(offerId, signal);
  if (offer.state === 'open') {
    chooseOffered({ ...offer, calendar: offer.calendar as CalendarName, startsAt: new Date(offer.startsAt) });
  }
  return offer;
}

export function useOffer(offerId: string | null, signedIn: boolean): OfferState {
  return useLinked(offerId, {
    load: loadOffer,
    ready: (offer) => ({ status: 'ready', offer }),
    warning: 'Could not read the offer',
    wait: !signedIn,
  });
}
