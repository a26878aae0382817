/** Above the steps of a checkout that came from a waitlist offer: the seats held for the party and until when; or that the offer has ended. */
import { formatDenverDateTime, formatDenverDeadline } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { people } from '../../../../shared/rules/party.ts';
import type { OfferState } from './use-offer.ts';

const ENDED: Record<string, string> = {
  accepted: 'You have booked these seats already: the booking is on My Bookings.',
  lapsed: 'This offer has ended, and the seats went to the next party in line.',
  declined: 'You left the waitlist, so these seats went to the next party in line.',
  withdrawn: 'This offer was withdrawn: the date is no longer open, or you booked it another way.',
};

export default function OfferNote({ state }: { state: OfferState }) {
  if (state.status === 'ready') {
    const { offer } = state;
    const ends = new Date(offer.expiresAt);
    if (offer.state !== 'open') {
      return (
        <p className="checkout-invitation checkout-invitation-problem" role="alert">
          {ENDED[offer.state]} <a href="/profile">My Bookings</a>
        </p>
      );
    }
    return (
      <p className="checkout-invitation" role="status">
        <strong>Seats are held for you.</strong> {offer.title}, {formatDenverDateTime(new Date(offer.startsAt))}, for{' '}
        {people(offer.partySize)} at {formatDollars(offer.amount)}, until {formatDenverDeadline(ends)}.
      </p>
    );
  }
  if (state.status === 'not-found') {
    return (
      <p className="checkout-invitation checkout-invitation-problem" role="alert">
        We could not find this offer for your account. Are you logged in with the e-mail the offer was sent to?
      </p>
    );
  }
  return <p className="checkout-invitation-placeholder" role="status" />;
}
