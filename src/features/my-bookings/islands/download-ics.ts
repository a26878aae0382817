/** Saves a booking's calendar event as an .ics file; the iCalendar code loads only when asked for. */
import type { BookingCard } from '../../../lib/my-bookings.ts';
import { saveTextFile } from '../../../lib/save-text-file.ts';

export async function downloadBookingIcs(booking: BookingCard): Promise<void> {
  const { bookingIcs, bookingIcsFileName } = await import('../../../lib/booking-ics.ts');
  saveTextFile(bookingIcs(booking), 'text/calendar;charset=utf-8', bookingIcsFileName({ id: booking.bookingId ?? booking.id }));
}
