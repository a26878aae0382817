/**
 * What My Bookings reads, as the signed-in customer: their booking ids and their bookings on a
 * date we called off, waiting for their choice (GET /users/user/{uid}), the three calendars with their own invite codes (GET /calendar/{name}
 * with their token) and the catalog for titles and pictures. A calendar that does not load fails
 * the whole list with 'Failed to fetch {calendar name}.'; a catalog that does not load only costs
 * the cards their titles and pictures, as elsewhere on the site.
 */
import type { CalledOffBooking } from '../../../../shared/contract/answers.ts';
import { BOOKING_CALENDARS, calendarFailure, myBookingCards, type BookingCard, type LoadedCalendars } from '../../../lib/my-bookings.ts';
import { api } from '../../../stores/api.ts';
import { $products, loadProducts } from '../../../stores/products.ts';

export interface MyBookingsList {
  cards: BookingCard[];
  /** The customer's bookings on a date we called off, waiting for their choice; they are not on the calendars. */
  calledOff: CalledOffBooking[];
}

export async function loadMyBookings(uid: string, signal: AbortSignal): Promise<MyBookingsList> {
  const catalog = loadProducts();
  const user = api.account({ params: { uid }, signal });
  // Its failure is met below, after the calendars'; heard now, so it is never a stray rejection meanwhile.
  user.catch(() => undefined);
  const calendars: LoadedCalendars = {};
  await Promise.all(
    BOOKING_CALENDARS.map(async (name) => {
      try {
        calendars[name] = await api.calendar({ params: { name }, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new Error(calendarFailure(name), { cause: error });
      }
    }),
  );
  const { bookings, calledOff } = await user;
  await catalog;
  return { cards: myBookingCards(Array.isArray(bookings) ? bookings : [], calendars, $products.get() ?? []) ?? [], calledOff };
}
