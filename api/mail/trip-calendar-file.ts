/** The booking's calendar file, attached to its confirmation: the same file My Bookings' Add to calendar gives. */
import { bookingCalendarFile, bookingIcsFileName } from '../../shared/rules/booking-calendar-file.ts';
import type { Trip } from './message-types.ts';

export function tripCalendarFile(bookingId: string, trip: Trip, siteUrl: string, inviteLink: string | null = null) {
  const content = bookingCalendarFile(
    { id: bookingId, title: trip.title, start: trip.startsAt, calendar: trip.calendar, inviteLink, meetingPoint: trip.meetingArea },
    siteUrl,
  );
  return { filename: bookingIcsFileName({ id: bookingId }), content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}
