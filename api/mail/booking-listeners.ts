/**
 * The messages the booking core's facts (../bookings/facts.ts) call for, written to the mail outbox in
 * the transaction of the change: a confirmation and the messages before the trip when a booking is paid,
 * a welcome when a friend joins, word of a move, of a cancellation, and of a called-off date.
 */
import type { FeatureListeners } from '../bookings/facts.ts';
import {
  enqueueBookingCancelled,
  enqueueBookingMoved,
  enqueueBookingPaid,
  enqueueDateCalledOff,
  enqueueMemberJoined,
} from './mail-outbox.ts';

const written = (count: number) => (count > 0 ? { mailWritten: true } : {});

export const mailListeners: FeatureListeners = {
  booked: async (tx, { bookingId, payerUid, startsAt }) => written(await enqueueBookingPaid(tx, { bookingId, payerUid, startsAt })),
  memberJoined: async (tx, { bookingId, memberUid }) => written(await enqueueMemberJoined(tx, bookingId, memberUid)),
  moved: async (tx, { bookingId, moveId, toDateId }) => written(await enqueueBookingMoved(tx, bookingId, moveId, toDateId)),
  cancelled: async (tx, { bookingId, told }) => written(await enqueueBookingCancelled(tx, bookingId, told)),
  calledOff: async (tx, { dateId, bookings, reason, chooseBy }) => {
    let count = 0;
    for (const bookingId of bookings) count += await enqueueDateCalledOff(tx, bookingId, dateId, { reason, chooseBy });
    return written(count);
  },
};
