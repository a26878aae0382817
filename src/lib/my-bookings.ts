/**
 * My Bookings: which of the season's dates are the customer's, and what each
 * card says. A booking shows only once all three calendars have loaded and its id is among the
 * customer's bookings; its title and image come from the price it was booked at, else its product.
 */
import { meetingArea } from '../../shared/company/meeting-area.ts';
import type { Product } from '../../shared/contract/answers.ts';
import { spotsLeft } from '../../shared/rules/availability.ts';
import type { CalendarDate } from '../../shared/rules/calendar-date.ts';
import { CALENDARS, type CalendarName } from '../../shared/contract/requests.ts';
import { inviteLink as inviteLinkOn } from '../../shared/company/site-links.ts';
import { PUBLIC_SITE_URL } from 'astro:env/client';

/** The calendars My Bookings waits for, in the order it asks for them. */
export const BOOKING_CALENDARS: readonly CalendarName[] = CALENDARS;

/** Shown in My Bookings when a calendar does not load. */
export const calendarFailure = (name: CalendarName) => `Failed to fetch ${name}.`;

/** Shown for a card whose picture is missing or fails to load. */
export const DEFAULT_BOOKING_IMAGE = '/images/hero-poster.svg';

/** The product each calendar sells, by its catalog name: the card's fallback title and image. */
const CALENDAR_PRODUCT: Record<CalendarName, string> = {
  'winter-classes': 'Avalanche Courses',
  'winter-day-tours': 'Backcountry Tours',
  'winter-mentorship': 'Mentorship Program',
};

export interface BookingCard {
  /** The date's id: what the card's QR code holds, and the key of the customer's booking list. */
  id: string;
  /** The booking's own id (its reference, its calendar file); null when the calendar did not say. */
  bookingId: string | null;
  calendar: CalendarName;
  start: Date;
  title: string;
  image: string;
  remainingSpots: number;
  /** The seats the customer's booking paid for (its party's rows); null when the calendar did not say. */
  partySeats: number | null;
  /** The link friends use to join; null when the calendar gave this customer no code, or the party has no open spot. */
  inviteLink: string | null;
  /** Every seat the party paid for is claimed: no invite link is offered, since it could only fail. */
  partyFull: boolean;
  /** Where the party meets, in words. */
  meetingPoint: string;
}

export type LoadedCalendars = Partial<Record<CalendarName, readonly CalendarDate[]>>;

/** The checkout address that lets a friend join the booking with its invite code, on the site's own origin. */
export function inviteLink(inviteCode: string, siteUrl: string = PUBLIC_SITE_URL): string {
  return inviteLinkOn(inviteCode, siteUrl);
}

function priceAndProduct(date: CalendarDate, calendar: CalendarName, products: readonly Product[]) {
  // The price the customer booked (a day tour's activity), else the date's own.
  const priceId = date.booking?.bookedPriceId ?? date.priceId;
  for (const product of products) {
    const price = priceId ? product.prices.find((candidate) => candidate.id === priceId) : undefined;
    if (price) return { price, product };
  }
  return { price: undefined, product: products.find((product) => product.name === CALENDAR_PRODUCT[calendar]) };
}

function cardOf(date: CalendarDate, calendar: CalendarName, products: readonly Product[]): BookingCard {
  const { price, product } = priceAndProduct(date, calendar, products);
  const { booking } = date;
  const partyFull = booking?.partySpotsLeft === 0;
  return {
    id: date.id,
    bookingId: booking?.bookingId ?? null,
    calendar,
    start: date.startsAt,
    title: price?.nickname || date.title || product?.name || CALENDAR_PRODUCT[calendar],
    image: price?.metadata.image || product?.images[0] || DEFAULT_BOOKING_IMAGE,
    // The seats friends can still take with the invite link; the date's own spots when the answer does not say.
    remainingSpots: booking?.partySpotsLeft ?? spotsLeft(date, calendar),
    partySeats: booking?.partySeats ?? null,
    inviteLink: booking?.inviteCode && !partyFull ? inviteLink(booking.inviteCode) : null,
    partyFull,
    meetingPoint: booking?.meetingPoint ?? meetingArea(calendar),
  };
}

/**
 * The customer's booking cards, soonest first; null until every calendar has loaded, so the list
 * never shows some bookings and then grows.
 */
export function myBookingCards(
  bookingIds: readonly string[],
  calendars: LoadedCalendars,
  products: readonly Product[],
): BookingCard[] | null {
  const mine = new Set(bookingIds);
  const cards: BookingCard[] = [];
  for (const calendar of BOOKING_CALENDARS) {
    const dates = calendars[calendar];
    if (!dates) return null;
    for (const date of dates) if (mine.has(date.id)) cards.push(cardOf(date, calendar, products));
  }
  return cards.sort((a, b) => a.start.getTime() - b.start.getTime() || a.id.localeCompare(b.id));
}
