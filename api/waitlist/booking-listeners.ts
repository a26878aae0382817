/**
 * What the waitlist does when the booking core's facts (../bookings/facts.ts) touch it, in the
 * transaction of the change: a customer who has seats on a date (paid, joined a party, or moved onto
 * it) waits for it no more, a called-off date's waitlist closes, and offers whose time is up lapse
 * with their holds.
 */
import type { FeatureListeners } from '../bookings/facts.ts';
import { closeWaitlist, endWaitsOnBooking, lapseOffers } from './offers.ts';

export const waitlistListeners: FeatureListeners = {
  booked: (tx, { bookingId, payerUid, dateId }) => endWaitsOnBooking(tx, { id: bookingId, user_id: payerUid, date_id: dateId }),
  memberJoined: (tx, { bookingId, memberUid, dateId }) => endWaitsOnBooking(tx, { id: bookingId, user_id: memberUid, date_id: dateId }),
  moved: (tx, { bookingId, payerUid, toDateId }) => endWaitsOnBooking(tx, { id: bookingId, user_id: payerUid, date_id: toDateId }),
  calledOff: async (tx, { dateId }) => {
    const told = await closeWaitlist(tx, dateId);
    return told > 0 ? { mailWritten: true } : {};
  },
  holdsLapsed: (tx) => lapseOffers(tx),
};
