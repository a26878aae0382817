/** A booking on My Bookings as a calendar file, linking back to this site (./booking-calendar-file.ts writes it). */
import { PUBLIC_SITE_URL } from 'astro:env/client';
import { bookingCalendarFile } from '../../shared/rules/booking-calendar-file.ts';
import type { BookingCard } from './my-bookings.ts';

export { bookingEventUid, bookingIcsFileName } from '../../shared/rules/booking-calendar-file.ts';

/** The card's booking as the calendar file its confirmation carries too: the same UID, so one event. */
export function bookingIcs(booking: BookingCard, now: Date = new Date()): string {
  return bookingCalendarFile({ ...booking, id: booking.bookingId ?? booking.id }, PUBLIC_SITE_URL, now);
}
