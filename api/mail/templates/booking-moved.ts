/** To every member of a booking that moved to another date: the new day, and the one it replaces; to the payer, the change fee and how it was paid. */
import { createElement as h } from 'react';
import { formatDenverDateTime } from '../../../shared/rules/dates.ts';
import type { BookingMovedFacts, FeePaidBy, RenderedMail } from '../message-types.ts';
import { Layout } from './layout.ts';
import { buttonLink, paragraph, renderMail, tripFacts, tripLine } from './parts.ts';
import { formatMoney } from '../../../shared/rules/pricing.ts';

const FEE_PAID_BY: Record<FeePaidBy, string> = {
  card: 'paid by card',
  'gift card': 'paid by gift card',
  'gift card and card': 'paid by gift card and card',
  cash: 'paid in cash',
  check: 'paid by check',
};

function BookingMoved(facts: BookingMovedFacts) {
  const from = formatDenverDateTime(facts.movedFrom);
  const to = formatDenverDateTime(facts.trip.startsAt);
  return h(
    Layout,
    { home: facts.links.home, preview: `${facts.trip.title} moved to ${to}.`, heading: 'Your booking has a new date' },
    paragraph(
      `Hi ${facts.recipientName}, ${facts.trip.title} moved from ${from} to ${to}. Your party, invite link and QR code stay the same.`,
    ),
    tripFacts(facts.trip),
    facts.fee
      ? paragraph(
          h('strong', null, 'Change fee: '),
          `${formatMoney(facts.fee.amount, facts.fee.currency)} ${FEE_PAID_BY[facts.fee.paidBy]}`,
        )
      : null,
    buttonLink(facts.links.myBookings, 'My Bookings'),
  );
}

export function renderBookingMoved(facts: BookingMovedFacts): Promise<RenderedMail> {
  return renderMail(`New date: ${tripLine(facts.trip)}`, h(BookingMoved, facts));
}
