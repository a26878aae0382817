/** Saves a booking's calendar event as an .ics file; the iCalendar code loads only when asked for. */
import type { BookingCard } from '../../../lib/my-bookings.ts';

export async function downloadBookingIcs(booking: BookingCard): Promise<void> {
  const { bookingIcs, bookingIcsFileName } = await import('../../../lib/booking-ics.ts');
  const file = new Blob([bookingIcs(booking)], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = bookingIcsFileName({ id: booking.bookingId ?? booking.id });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
