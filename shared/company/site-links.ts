/** Absolute links into the site on a given origin, for what leaves the page: invite links, calendar files, messages. */
import type { CalendarName } from '../contract/requests.ts';

/** The checkout address that lets a friend join the booking with its invite code. */
export function inviteLink(inviteCode: string, siteUrl: string): string {
  const url = new URL('/checkout', siteUrl);
  url.searchParams.set('invite', inviteCode);
  return url.toString();
}

export const siteLink = (path: string, siteUrl: string): string => new URL(path, siteUrl).toString();

/** My Bookings, the safety survey and the waiver: where a customer sees their bookings and does what a trip needs. */
export function accountLinks(siteUrl: string) {
  return {
    home: siteLink('/', siteUrl),
    myBookings: siteLink('/profile', siteUrl),
    survey: siteLink('/profile#survey', siteUrl),
    waiver: siteLink('/waiver', siteUrl),
    cancellationPolicy: siteLink('/cancellation-policy', siteUrl),
  };
}

/** The page where the payer of a booking on a called-off date chooses a full refund or a new date. */
export const CALLED_OFF_PATH = '/booking/called-off';

export function calledOffChoiceLink(bookingId: string, siteUrl: string): string {
  const url = new URL(CALLED_OFF_PATH, siteUrl);
  url.searchParams.set('booking', bookingId);
  return url.toString();
}

/** A member's trailhead pass for one date: what the guide scans, kept on the phone for no signal. */
export const PASS_PATH = '/pass';

export function passLink(dateId: string, siteUrl: string): string {
  const url = new URL(PASS_PATH, siteUrl);
  url.searchParams.set('date', dateId);
  return url.toString();
}

/** Where each calendar's dates are booked. */
export const BOOKING_PAGE_PATHS: Record<CalendarName, string> = {
  'winter-classes': '/booking/avalanche-class',
  'winter-day-tours': '/booking/backcountry-tour',
  'winter-mentorship': '/booking/mentorship',
};

/** Checkout on the seats a waitlist offer holds. */
export function offerCheckoutLink(offerId: string, siteUrl: string): string {
  const url = new URL('/checkout', siteUrl);
  url.searchParams.set('offer', offerId);
  return url.toString();
}
