/**
 * The QR code on a customer's My Bookings card holds the id of the booked date (the booking's id
 * in the customer's list of bookings) and nothing else. An operator's scan reads it back and finds
 * the bookings on that date; anything else a camera might see (a web address, another company's
 * ticket) is not one of our cards.
 */
const CARD_CODE = /^[A-Za-z0-9_-]{1,80}$/;

/** The id a scanned code holds, or null when the code is not one of our booking cards. */
export function bookingCardCode(rawValue: string): string | null {
  const value = rawValue.trim();
  return CARD_CODE.test(value) ? value : null;
}
