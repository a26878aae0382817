/**
 * The seat rules, shared by the site and the API: which bookings take seats, how many seats a date
 * has left (and so whether it is full), when bookings on a date close, how many uses a promo code
 * has left, and how many friends a party can still bring.
 *
 * A rule the database also decides has a twin in SQL (api/bookings/seat-sql.ts) that must agree with
 * it; tests/api/seat-rules.test.ts checks every pair against each other on real rows.
 */

export type BookingStatus = 'held' | 'paid' | 'released' | 'refunded' | 'cancelled' | 'applied';

/** A booking as the seat rules read it. Instants are milliseconds since the epoch. */
export interface SeatBooking {
  status: BookingStatus;
  partySize: number;
  holdExpiresAt: number;
  promoCode: string | null;
}

// Which bookings take seats.

/** A hold counts until it expires: at the instant it expires it has lapsed, and keeps nobody's seats. */
export function holdLapsed(holdExpiresAt: number, now: number): boolean {
  return holdExpiresAt <= now;
}

/** A hold that has not lapsed. */
export function isLiveHold(booking: Pick<SeatBooking, 'status' | 'holdExpiresAt'>, now: number): boolean {
  return booking.status === 'held' && !holdLapsed(booking.holdExpiresAt, now);
}

/** Paid bookings and live holds take seats; released, refunded and lapsed ones do not. */
export function takesSeats(booking: Pick<SeatBooking, 'status' | 'holdExpiresAt'>, now: number): boolean {
  return booking.status === 'paid' || isLiveHold(booking, now);
}

// The seat sum.

/** The seats taken on a date: the party sizes of its bookings that take seats, added up. */
export function seatsTaken(bookings: Iterable<Pick<SeatBooking, 'status' | 'holdExpiresAt' | 'partySize'>>, now: number): number {
  let taken = 0;
  for (const booking of bookings) if (takesSeats(booking, now)) taken += booking.partySize;
  return taken;
}

// Seats left, and the private day tour.

/** The calendar whose dates are private day tours. */
export const PRIVATE_TOUR_CALENDAR = 'winter-day-tours';

/**
 * The seats a date has left when `taken` seats are taken (by seatsTaken's count); a date with none
 * left is full. A day tour is private: full once anyone holds or paid it, whatever the party size.
 * Other dates fill up to their capacity, and never show fewer than 0 left. Decided in TypeScript
 * only, on the count the database gives (seatsTakenSql).
 */
export function seatsLeft(date: { calendar: string; capacity: number }, taken: number): number {
  if (date.calendar === PRIVATE_TOUR_CALENDAR) return taken > 0 ? 0 : date.capacity;
  return Math.max(0, date.capacity - taken);
}

// The booking cut-off.

/** Bookings close BOOKING_CUTOFF_HOURS before a date starts, counted in whole seconds. */
export function cutoffSeconds(cutoffHours: number): number {
  return Math.round(cutoffHours * 3600);
}

/** When bookings on a date close, in seconds since the epoch: the cut-off before its start (likewise in seconds). */
export function closingTime(startsAt: number, cutoffHours: number): number {
  return startsAt - cutoffSeconds(cutoffHours);
}

/** Bookings are open strictly before they close (`closesAt` and `now` in one unit): at the closing instant they are closed. */
export function bookingsOpen(closesAt: number, now: number): boolean {
  return closesAt > now;
}

// Promo code uses.

/** The uses of a promo code: the bookings with it that take seats (a lapsed or released hold gives its use back). */
export function promoUses(
  bookings: Iterable<Pick<SeatBooking, 'status' | 'holdExpiresAt' | 'promoCode'>>,
  code: string,
  now: number,
): number {
  let used = 0;
  for (const booking of bookings) if (booking.promoCode === code && takesSeats(booking, now)) used += 1;
  return used;
}

/** A code limited to `maxRedemptions` uses has one left while fewer use it; a code without a limit (null) always has. */
export function promoHasUseLeft(maxRedemptions: number | null, used: number): boolean {
  return maxRedemptions === null || used < maxRedemptions;
}

// A party's open spots.

/** The paid seats of a booking nobody has claimed yet (`members` counts the booker too): how many friends can still join. */
export function partySpotsLeft(partySize: number, members: number): number {
  return Math.max(0, partySize - members);
}
