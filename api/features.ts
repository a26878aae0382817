/**
 * The one place the features are wired to the booking core: which of them hear its facts
 * (./bookings/facts.ts), in this order, and what payments pay for (./payments/purposes.ts). Every
 * process that changes bookings wires them first: the API (./app.ts) and the operator command that
 * calls off dates.
 */
import { listen } from './bookings/facts.ts';
import { seatPayments } from './bookings/outcomes.ts';
import { payFor } from './payments/purposes.ts';
import { mailListeners } from './mail/booking-listeners.ts';
import { waitlistListeners } from './waitlist/booking-listeners.ts';

let wired = false;

export function wireFeatures(): void {
  if (wired) return;
  wired = true;
  listen(mailListeners);
  listen(waitlistListeners);
  payFor(seatPayments);
}
