/** The console's addresses and the words it shows for what it lists. */
import type { OpsBooking, OpsBookingStatus } from './api/ops-types.ts';
import type { GuideDate } from './api/types.ts';
import { formatDollars } from './pricing.ts';

export const opsBookingLink = (bookingId: string) => `/ops/booking?id=${encodeURIComponent(bookingId)}`;
export const opsDateLink = (dateId: string) => `/ops/date?id=${encodeURIComponent(dateId)}`;

export const BOOKING_STATUS_LABELS: Record<OpsBookingStatus, string> = { paid: 'Paid', cancelled: 'Cancelled', refunded: 'Refunded' };

/** "2 paid, 1 held, 3 free of 6" */
export function opsSeats(date: Pick<GuideDate, 'taken' | 'held' | 'free' | 'capacity'>): string {
  return `${date.taken} paid, ${date.held} held, ${date.free} free of ${date.capacity}`;
}

const HOW_PAID: Record<OpsBooking['paidBy'], string> = { card: ' by card', cash: ' in cash', check: ' by check', complimentary: '' };

/** How a booking was paid: "$790 by card with WELCOME10", "$790 in cash", "Complimentary". */
export function paidText(booking: Pick<OpsBooking, 'amount' | 'paidBy'> & { promoCode?: string | null }): string {
  if (booking.paidBy === 'complimentary') return 'Complimentary';
  return `${formatDollars(booking.amount)}${HOW_PAID[booking.paidBy]}${booking.promoCode ? ` with ${booking.promoCode}` : ''}`;
}

/** What the cancel form says of the refund: "Up to the $120 paid. The policy gives $70 today." */
export function refundHint(paid: number, policyRefund: number | null): string {
  const policy = policyRefund === null ? '' : ` The policy gives ${formatDollars(policyRefund)} today.`;
  return `Up to the ${formatDollars(paid)} paid.${policy}`;
}

/** Cents as the refund field shows them: "70", "70.50". */
export function dollarsField(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
