/**
 * The booking a customer has just paid for, handed from /payment-success to /profile (which opens at
 * it, marked new) through the tab's session storage, so the address stays `/profile`. It is read
 * once: a reload of the profile opens it as usual.
 */
const KEY = 'profile:just-booked';

/** Remembers the date just booked; `null` when the payment's return did not say which (the profile opens at My Bookings). */
export function rememberJustBooked(dateId: string | null): void {
  try {
    sessionStorage.setItem(KEY, dateId ?? '');
  } catch {
    // Storage refused (a private mode): the profile opens as usual.
  }
}

/** What was just booked, once: the date's id, '' for a booking whose date is not known, null for none. */
export function takeJustBooked(): string | null {
  try {
    const dateId = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return dateId;
  } catch {
    return null;
  }
}
