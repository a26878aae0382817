/** What My Bookings says of a cancellation quote, and of a booking once cancelled. */
import type { CancellationQuote } from '../../shared/contract/answers.ts';
import { formatDenverDate } from '../../shared/rules/dates.ts';
import { refundBreakdown } from '../../shared/rules/cancellation-policy.ts';
import { refundRoute, refundRouteAndWhen, type BookingPayment } from '../../shared/rules/paid-by.ts';
import { formatDollars } from '../../shared/rules/pricing.ts';

/** 'Cancelling now, with 45 days' notice: $395 paid, less the $50 cancellation fee, gives $345 back to the card you paid with.' */
export function quoteSummary(quote: CancellationQuote): string {
  const { toGiftCards } = quote;
  const rest = quote.refund - toGiftCards;
  if (toGiftCards === 0) return refundBreakdown(quote, refundRoute(quote.paidBy));
  const toCards = `${formatDollars(toGiftCards)} back to your gift card`;
  return refundBreakdown(quote, '', rest > 0 ? `${formatDollars(rest)} back ${refundRoute(quote.paidBy)} and ${toCards}` : toCards);
}

/** 'This quote holds through Tue, Nov 24 (Kamas time).': the last Kamas day it stands. */
export function quoteHolds(quote: CancellationQuote): string {
  return `This quote holds through ${formatDenverDate(Date.parse(quote.goodUntil) - 1)} (Kamas time).`;
}

/** What the card says once the booking is cancelled. */
export function cancelledNotice(refund: number, paidBy: BookingPayment, toGiftCards = 0, credit = 0): string {
  if (credit > 0)
    return `Booking cancelled. A gift card for ${formatDollars(credit)} is on its way by e-mail and listed below. Your party has been told.`;
  if (refund <= 0) return 'Booking cancelled. Nothing is refunded; your party has been told.';
  const rest = refund - toGiftCards;
  const back = [
    ...(rest > 0 ? [`${formatDollars(rest)} goes back ${refundRouteAndWhen(paidBy)}`] : []),
    ...(toGiftCards > 0 ? [`${formatDollars(toGiftCards)} is back on your gift card now`] : []),
  ];
  return `Booking cancelled. ${back.join(', and ')}. Your party has been told.`;
}

export const LEFT_NOTICE = 'You left this party. Your spot is open again for the person who booked.';
export const QUOTE_CHANGED_NOTICE = 'The terms changed since you opened this. Here is the new quote.';
