/** To the payer of a booking on a date the company called off: why, and their three choices, with the deadline. */
import { createElement as h } from 'react';
import { formatDenverDateTime } from '../../../shared/rules/dates.ts';
import { feesIncluded } from '../../../shared/rules/called-off.ts';
import { refundRoute } from '../../../shared/rules/paid-by.ts';
import type { DateCalledOffFacts, RenderedMail } from '../message-types.ts';
import { Layout } from './layout.ts';
import { bulletList, buttonLink, paragraph, renderMail, textLink, tripFacts, tripLine } from './parts.ts';
import { formatMoney } from '../../../shared/rules/pricing.ts';
import { creditOfferWords } from '../../../shared/rules/gift-card-credit.ts';

const lowerFirst = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

function DateCalledOff(facts: DateCalledOffFacts) {
  const when = formatDenverDateTime(facts.trip.startsAt);
  const refund = formatMoney(facts.amountPaid, facts.currency);
  return h(
    Layout,
    {
      home: facts.links.home,
      preview: `We called off ${facts.trip.title} on ${when}. Choose a full refund or a new date.`,
      heading: 'We called off your day',
    },
    paragraph(`Hi ${facts.recipientName}, we are sorry: we called off ${facts.trip.title} on ${when}.`),
    paragraph(h('strong', null, 'Reason: '), facts.reason),
    tripFacts(facts.trip),
    paragraph('Choose what happens to your booking:'),
    bulletList([
      `A full refund of ${refund}${feesIncluded(facts.feesPaid ?? 0, (cents) => formatMoney(cents, facts.currency))} ${refundRoute(facts.paidBy)}.`,
      'A move to another date with seats for your party, at no charge.',
      `Keep it as credit: ${lowerFirst(creditOfferWords(facts.credit))}`,
    ]),
    buttonLink(facts.choiceLink, 'Choose a refund or a new date'),
    paragraph(
      `If you have not chosen by ${formatDenverDateTime(facts.chooseBy)} (Kamas time), we refund you in full. The terms: `,
      textLink(facts.links.cancellationPolicy, 'Cancellation Policy'),
    ),
    paragraph('Your other bookings: ', textLink(facts.links.myBookings, 'My Bookings')),
  );
}

export function renderDateCalledOff(facts: DateCalledOffFacts): Promise<RenderedMail> {
  return renderMail(`Called off: ${tripLine(facts.trip)}`, h(DateCalledOff, facts));
}
