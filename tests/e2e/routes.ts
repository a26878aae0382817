/** Every route of the site with the heading it is served with. */
export const ROUTES = [
  ['/', 'Backcountry days in the Uintas, guided from Kamas'],
  ['/services', 'Adventures'],
  ['/about', 'About us'],
  ['/contact', 'Contact us'],
  ['/resources', 'Resources'],
  ['/sign-in', 'Login'],
  ['/jobs', 'Jobs'],
  ['/profile', 'Profile'],
  ['/waiver', 'Safety Waiver'],
  ['/waiver/copy', 'Your Signed Waiver'],
  ['/payment-success', 'No payment to confirm'],
  ['/cancellation-policy', 'Cancellation Policy'],
  ['/booking/backcountry-tour', 'Book a Day Tour'],
  ['/booking/avalanche-class', 'Book an Avalanche Class'],
  ['/booking/faq', 'Booking FAQ'],
  ['/booking/called-off', 'Your Called-Off Day'],
  ['/checkout', 'Checkout'],
  ['/guide', "Guides' Roster"],
  ['/guide/roster', 'Roster'],
  ['/ops', 'Operations'],
  ['/ops/booking', 'Booking'],
  ['/ops/activity', 'Operator actions'],
] as const;

/** The account pages a signed-out visitor is sent on from, once the page has checked who they are. */
export const SIGNED_OUT_REDIRECTS: Partial<Record<(typeof ROUTES)[number][0], string>> = {
  '/profile': '/',
  '/waiver': '/sign-in',
  '/waiver/copy': '/sign-in',
  '/booking/called-off': '/sign-in',
  '/guide': '/sign-in',
  '/guide/roster': '/sign-in',
  '/ops': '/sign-in',
  '/ops/booking': '/sign-in',
  '/ops/activity': '/sign-in',
};
