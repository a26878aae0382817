/**
 * Every route of the site with the heading a visitor sees first. /profile sends a signed-out visitor
 * home at once, so its page checks are in profile.spec.ts.
 */
export const ROUTES = [
  ['/', 'Backcountry days in the Uintas, guided from Kamas'],
  ['/services', 'Adventures'],
  ['/about', 'About us'],
  ['/contact', 'Contact us'],
  ['/resources', 'Resources'],
  ['/sign-in', 'Login'],
  ['/jobs', 'Jobs'],
  ['/waiver', 'Safety Waiver'],
  ['/payment-success', 'No payment to confirm'],
  ['/cancellation-policy', 'Cancellation Policy'],
  ['/booking/backcountry-tour', 'Book a Day Tour'],
  ['/booking/avalanche-class', 'Book an Avalanche Class'],
  ['/booking/faq', 'Booking FAQ'],
  ['/checkout', 'Checkout'],
] as const;

/** The account pages a signed-out visitor is sent on from, once the page has checked who they are (spec section 2). */
export const SIGNED_OUT_REDIRECTS: Partial<Record<(typeof ROUTES)[number][0], string>> = {
  '/waiver': '/sign-in',
};
