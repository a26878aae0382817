/**
 * What the office reads for the kinds of things the API keeps: why a booking was flagged for a
 * person, and which message to a customer a row of the mail outbox is. Written once, for the
 * console's pages and the API's answers alike.
 */

/** Why a booking was flagged for a person to look at. */
export const FLAG_REASONS = ['dispute', 'partial_refund', 'payment_mismatch', 'refund_by_hand', 'refund_failed', 'cancel_failed'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export const FLAG_WORDS: Record<FlagReason, string> = {
  dispute: 'Payment disputed',
  partial_refund: 'Part refunded in the provider’s dashboard',
  payment_mismatch: 'Payment did not match what it paid for',
  refund_by_hand: 'Money to give back by hand',
  refund_failed: 'Refund the provider would not make',
  cancel_failed: 'Payment the provider would not cancel',
};

/** What each message to a customer is. */
const MESSAGE_WORDS: Record<string, string> = {
  'booking-confirmed': 'Booking confirmation',
  'party-joined': 'Welcome to the party',
  'friend-joined': 'A friend joined',
  'readiness-reminder': 'Reminder before the day',
  'trip-briefing': 'Trip briefing',
  'booking-cancelled': 'Cancellation',
  'booking-moved': 'Change of date',
  'date-called-off': 'Date called off',
  'meeting-point-changed': 'New meeting point',
  'waitlist-joined': 'On the waitlist',
  'waitlist-offer': 'Seats offered from the waitlist',
  'waitlist-offer-ending': 'Offer of seats ending soon',
  'waitlist-offer-withdrawn': 'Offer of seats taken back',
  'waitlist-offer-lapsed': 'Offer of seats lapsed',
  'waitlist-closed': 'Waitlist closed',
  'staff-invitation': 'Invitation to the staff',
};

/** 'Booking confirmation'; a kind this does not know reads as words too. */
export const messageWords = (kind: string): string => MESSAGE_WORDS[kind] ?? kind.replaceAll('-', ' ');
