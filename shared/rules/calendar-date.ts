/**
 * A date of a booking calendar as the site reads it. The booking API names its fields otherwise
 * (`CalendarEntry`: `partySize` is the capacity, `users` one placeholder per taken seat, `stripeId`
 * the date's price, `type` the class type); the site reads them here, once, where the answer arrives.
 */
import type { CalendarEntry, Timestamp } from '../contract/answers.ts';

/** The customer's own booking on a date: only a member of that booking is told of it. */
export interface OwnBooking {
  /** The booking's own id (its reference and calendar file are made from it); null when the answer does not say. */
  bookingId: string | null;
  /** The code friends join the booking with. */
  inviteCode: string;
  /** The seats the booking paid for; null when the answer does not say. */
  partySeats: number | null;
  /** Its paid seats nobody has claimed yet; null when the answer does not say. */
  partySpotsLeft: number | null;
  /** The price it was booked at (which activity of the date); null when the answer does not say. */
  bookedPriceId: string | null;
  /** Where the party meets, in words; null when the answer does not say. */
  meetingPoint: string | null;
}

export interface CalendarDate {
  id: string;
  startsAt: Date;
  /** When bookings for this date close; null when the answer does not say (they close at the start). */
  closesAt: Date | null;
  /** The seats the date has. */
  capacity: number;
  /** Seats in paid bookings and live holds. */
  seatsTaken: number;
  /** The price the date is sold at; null when it is chosen with the booking (a day tour's activity). */
  priceId: string | null;
  /** The kind of class (moto, sledski); null for other dates. */
  classType: string | null;
  title: string | null;
  description: string | null;
  /** Present only when the customer is a member of a booking on this date. */
  booking?: OwnBooking;
}

const instantOf = (time: Timestamp): Date => new Date(time._seconds * 1000 + Math.floor(time._nanoseconds / 1e6));

/** A calendar entry as the API answers it, read as a calendar date. Bookings close on the whole second the answer gives. */
export function calendarDateOf(entry: CalendarEntry): CalendarDate {
  const date: CalendarDate = {
    id: entry.id,
    startsAt: instantOf(entry.date),
    closesAt: entry.closesAt ? new Date(entry.closesAt._seconds * 1000) : null,
    capacity: entry.partySize,
    seatsTaken: entry.users.length,
    priceId: entry.stripeId ?? null,
    classType: entry.type ?? null,
    title: entry.title ?? null,
    description: entry.description ?? null,
  };
  if (entry.inviteCode !== undefined) {
    date.booking = {
      bookingId: entry.bookingId ?? null,
      inviteCode: entry.inviteCode,
      partySeats: entry.partySeats ?? null,
      partySpotsLeft: entry.partySpotsLeft ?? null,
      bookedPriceId: entry.bookedPriceId ?? null,
      meetingPoint: entry.meetingPoint ?? null,
    };
  }
  return date;
}
