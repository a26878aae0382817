/**
 * The one place the features are wired to the booking core: which of them hear its facts
 * (./bookings/facts.ts), in this order, what payments pay for (./payments/purposes.ts), and who
 * hears of seats freed once a change has committed (./after-commit.ts). Every process that changes
 * bookings wires them first: the API (./app.ts) and the operator command that calls off dates.
 */
import { listen } from './bookings/facts.ts';
import { bookingPayments, dateChangeFees } from './bookings/outcomes.ts';
import { payFor } from './payments/purposes.ts';
import { onSeatsFreed } from './after-commit.ts';
import { offerFreedSeatsNow } from './waitlist/freed-seats.ts';
import { mailListeners } from './mail/booking-listeners.ts';
import { waitlistListeners } from './waitlist/booking-listeners.ts';
import { giftCardPurchases } from './gift-cards/purchase.ts';

let wired = false;

export function wireFeatures(): void {
  if (wired) return;
  wired = true;
  listen(mailListeners);
  listen(waitlistListeners);
  payFor(bookingPayments);
  payFor(dateChangeFees);
  payFor(giftCardPurchases);
  onSeatsFreed(offerFreedSeatsNow);
}
