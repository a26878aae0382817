/** How a booking was paid, and so how money refunded reaches its payer. */

/** How the office takes a booking that is not paid by card. */
export const OFFICE_PAYMENTS = ['cash', 'check', 'complimentary'] as const;
export type OfficePayment = (typeof OFFICE_PAYMENTS)[number];
/** Every way a booking is paid: by card (checkout, or the office's card form), or as the office took it. */
export const BOOKING_PAYMENTS = ['card', ...OFFICE_PAYMENTS] as const;
export type BookingPayment = (typeof BOOKING_PAYMENTS)[number];

const ROUTES: Record<BookingPayment, string> = {
  card: 'to the card you paid with',
  cash: 'in cash from our office',
  check: 'by check from our office',
  complimentary: 'from our office',
};

/** Where a refund goes: 'to the card you paid with', 'in cash from our office'. */
export const refundRoute = (paidBy: BookingPayment): string => ROUTES[paidBy];

/** Where a refund goes and when: a card's refund arrives by itself, the office's is arranged with the customer. */
export function refundRouteAndWhen(paidBy: BookingPayment): string {
  const when = paidBy === 'card' ? 'usually within 5 to 10 business days' : 'and we will contact you to arrange it';
  return `${refundRoute(paidBy)}, ${when}`;
}
