/**
 * What was cancelled, by whom and why, and the refund with when to expect it, the credit it became,
 * or that nothing is refunded; to a member who did not pay, who the refund goes to (never its amount).
 */
import { createElement as h } from 'react';
import { formatDenverDateTime } from '../../../shared/rules/dates.ts';
import { feesIncluded } from '../../../shared/rules/called-off.ts';
import { refundRouteAndWhen } from '../../../shared/rules/paid-by.ts';
import type { BookingCancelledFacts, RenderedMail } from '../message-types.ts';
import { Layout } from './layout.ts';
import { buttonLink, paragraph, renderMail, textLink, tripFacts, tripLine } from './parts.ts';
import { formatMoney } from '../../../shared/rules/pricing.ts';

function refundLine(facts: BookingCancelledFacts) {
  if (facts.payerName) return paragraph(`${facts.payerName} paid for this booking, so any refund goes to them.`);
  if ((facts.creditAmount ?? 0) > 0) {
    const credit = formatMoney(facts.creditAmount ?? 0, facts.currency);
    return paragraph(
      h('strong', null, `Kept as credit: a gift card for ${credit}`),
      '. It comes in its own e-mail, is listed in My Bookings, never expires and pays for any of our trips.',
    );
  }
  if (facts.refundAmount <= 0) {
    return paragraph(
      'Nothing is refunded for this cancellation. The terms: ',
      textLink(facts.links.cancellationPolicy, 'Cancellation Policy'),
    );
  }
  const amount = formatMoney(facts.refundAmount, facts.currency);
  const fees = feesIncluded(facts.feesRefunded ?? 0, (cents) => formatMoney(cents, facts.currency));
  return paragraph(h('strong', null, `Refund: ${amount}`), `${fees} ${refundRouteAndWhen(facts.paidBy)}.`);
}

function BookingCancelled(facts: BookingCancelledFacts) {
  const when = formatDenverDateTime(facts.trip.startsAt);
  return h(
    Layout,
    { home: facts.links.home, preview: `${facts.trip.title} on ${when} is cancelled.`, heading: 'Booking cancelled' },
    paragraph(
      facts.cancelledBy === 'you'
        ? `Hi ${facts.recipientName}, you cancelled ${facts.trip.title} on ${when}.`
        : `Hi ${facts.recipientName}, ${facts.trip.title} on ${when} was cancelled by ${facts.cancelledBy}.`,
    ),
    facts.reason === null ? null : paragraph(h('strong', null, 'Reason: '), facts.reason),
    // The day is off: where it would have met is no longer anything to find on a map.
    tripFacts(facts.trip, { map: false }),
    refundLine(facts),
    buttonLink(facts.links.myBookings, 'My Bookings'),
  );
}

export function renderBookingCancelled(facts: BookingCancelledFacts): Promise<RenderedMail> {
  return renderMail(`Cancelled: ${tripLine(facts.trip)}`, h(BookingCancelled, facts));
}
