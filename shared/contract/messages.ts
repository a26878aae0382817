/**
 * The words customers read when a booking step cannot go on, shared by the site and the booking API
 * so that each is written once.
 */

// ---- The order (the payment intent's preconditions, in the order they are checked) ----
export const NO_PRICE_MESSAGE = 'Please select a tour type before proceeding.';
export const NO_USER_PAYMENT_MESSAGE = 'You must be logged in to proceed with payment.';
export const NO_DATE_MESSAGE = 'Please select a valid date for your tour.';
export const NO_PARTY_MESSAGE = 'Please specify a valid party size.';

// ---- Holding the seats ----
/** A payment whose hold ended (it lapsed, or a newer hold replaced it) cannot be paid. */
export const SESSION_ENDED = 'This payment session has ended. Please start checkout again.';
export const INTENT_FAILED_PREFIX = 'Failed to create payment intent: ';
export const MISSING_SECRET_MESSAGE = 'Payment intent creation failed. Missing client secret.';
export const PROVIDER_DOWN_MESSAGE = `${INTENT_FAILED_PREFIX}the payment provider is unavailable. Please try again.`;

// ---- A booking asked for by its id ----
export const BOOKING_NOT_FOUND = 'Booking not found';

// ---- Promo codes ----
export const INVALID_PROMO_MESSAGE = 'Invalid promo code';
export const PROMO_ERROR_MESSAGE = 'An error occurred while applying the promo code.';

// ---- The card ----
export const UNEXPECTED_CARD_MESSAGE = 'An unexpected error occurred.';

/** The console's answer to anyone signed in without the operator role. */
export const NOT_AN_OPERATOR = 'Only operators can use the console.';
