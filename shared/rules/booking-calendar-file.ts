/**
 * A booking as an iCalendar event (RFC 5545), to add to a phone's calendar and have at the trailhead
 * with no signal: start and end in America/Denver with the zone's VTIMEZONE, the activity, the
 * meeting area, how to reach the company and the booking's reference. The UID is the booking's own,
 * so a second download, and the file attached to its confirmation, update the same event instead of
 * adding another.
 */
import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { bookingReference } from './booking-reference.ts';
import { COMPANY_TIME_ZONE, formatDenverDateTime } from './dates.ts';
import { meetingArea, tripEndsAt } from '../company/meeting-area.ts';
import type { CalendarName } from '../contract/requests.ts';
import { site } from '../company/site.ts';

/** The same UID for the same booking, whoever downloads it and however often. */
export function bookingEventUid(bookingId: string): string {
  return `booking-${bookingId}@${new URL(site.url).hostname.replace(/^www\./, '')}`;
}

/** What a calendar file says of a booking. */
export interface CalendarBooking {
  /** The booking's own id ('bk_...'). */
  id: string;
  title: string;
  start: Date;
  calendar: CalendarName;
  inviteLink: string | null;
  /** Where the party meets, in words, when the date has a meeting point set; else its kind's meeting area. */
  meetingPoint?: string;
}

/** 'kamas-booking-JDAT-QD5R.ics': the file named by the booking's reference. */
export function bookingIcsFileName(booking: Pick<CalendarBooking, 'id'>): string {
  return `kamas-booking-${bookingReference(booking.id)}.ics`;
}

/** The VTIMEZONE block of a zone, which ical-generator puts in the calendar for events in it. */
function vtimezone(zone: string): string | null {
  const [block] = tzlib_get_ical_block(zone);
  return block || null;
}

/** The calendar file of a booking; its link leads to My Bookings on the site at `siteUrl`. */
export function bookingCalendarFile(booking: CalendarBooking, siteUrl: string, now: Date = new Date()): string {
  const calendar = ical({
    name: site.name,
    prodId: { company: site.name, product: 'Bookings', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone, so DTSTAMP stays in UTC as RFC 5545 asks; the generator still writes
    // the VTIMEZONE of every zone an event uses (America/Denver).
    timezone: { name: null, generator: vtimezone },
  });
  const where = booking.meetingPoint ?? meetingArea(booking.calendar);
  const description = [
    `${booking.title}, ${formatDenverDateTime(booking.start)} (Kamas time).`,
    `Meeting area: ${where}.`,
    `Questions on the day: call ${site.phone.display} or e-mail ${site.email}.`,
    ...(booking.inviteLink ? [`Invite friends: ${booking.inviteLink}`] : []),
    `Booking ${bookingReference(booking.id)}`,
  ].join('\n');
  calendar.createEvent({
    id: bookingEventUid(booking.id),
    sequence: 0,
    stamp: now,
    // Dates whose fields read on Kamas time: ical-generator writes them as local times of the TZID.
    start: new TZDate(booking.start.getTime(), COMPANY_TIME_ZONE),
    end: new TZDate(tripEndsAt(booking.start.getTime(), booking.calendar), COMPANY_TIME_ZONE),
    timezone: COMPANY_TIME_ZONE,
    summary: `${booking.title} with ${site.shortName}`,
    location: where,
    description,
    url: new URL('/profile', siteUrl).href,
  });
  return calendar.toString();
}
