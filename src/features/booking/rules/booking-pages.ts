/** Where each calendar is booked, what its one choice is called there (the class, the activity, the day), and what a visitor chooses on it. */
import type { CalendarName } from '../../../../shared/contract/requests.ts';
import { BOOKING_PAGE_PATHS } from '../../../../shared/company/site-links.ts';

interface BookingPage {
  path: string;
  choice: string;
  /** The price as the visitor chooses it, in words ('a class'); null where the page chooses it (the one kind of mentorship day). */
  price: string | null;
}

export const BOOKING_PAGES: Record<CalendarName, BookingPage> = {
  'winter-classes': { path: BOOKING_PAGE_PATHS['winter-classes'], choice: 'Class', price: 'a class' },
  'winter-day-tours': { path: BOOKING_PAGE_PATHS['winter-day-tours'], choice: 'Activity', price: 'an activity' },
  'winter-mentorship': { path: BOOKING_PAGE_PATHS['winter-mentorship'], choice: 'Day', price: null },
};

/** The booking page of a calendar; the day tours' page when none is chosen yet. */
export function bookingPageOf(calendar: CalendarName | null): BookingPage {
  return BOOKING_PAGES[calendar ?? 'winter-day-tours'];
}

/**
 * What the visitor still has to choose on a booking page before Checkout, naming only what that
 * page asks for: 'Choose a class and a date.' on the class page; null once nothing is missing. (The
 * day tour's party size always shows a choice, one person until another is made.)
 */
export function stillToChoose(calendar: CalendarName, cart: { selectedPriceId: string | null; dateId: string | null }): string | null {
  const price = BOOKING_PAGES[calendar].price;
  const missing = [...(price && !cart.selectedPriceId ? [price] : []), ...(!cart.dateId ? ['a date'] : [])];
  return missing.length === 0 ? null : `Choose ${missing.join(' and ')}.`;
}
