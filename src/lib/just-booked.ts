/**
 * The booking a customer has just paid for, handed from /payment-success to /profile (which opens at
 * it, marked new) through the tab's session storage, so the address stays `/profile`. It is read
 * once: a reload of the profile opens it as usual.
 */
import { handOver, takeHandedOver } from './tab-handover.ts';

const KEY = 'profile:just-booked';

/** Remembers the date just booked; `null` when the payment's return did not say which (the profile opens at My Bookings). */
export const rememberJustBooked = (dateId: string | null): void => handOver(KEY, dateId ?? '');

/** What was just booked, once: the date's id, '' for a booking whose date is not known, null for none. */
export const takeJustBooked = (): string | null => takeHandedOver(KEY);
