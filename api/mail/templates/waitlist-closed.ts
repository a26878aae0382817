/** To everyone on the waitlist of a date we called off: the list is closed, with the dates that still have seats. */
import { createElement as h } from 'react';
import { formatDenverDate, formatDenverDateTime } from '../../../shared/rules/dates.ts';
import type { RenderedMail, WaitlistClosedFacts } from '../message-types.ts';
import { Layout } from './layout.ts';
import { bulletList, buttonLink, paragraph, renderMail } from './parts.ts';
import { people } from '../../../shared/rules/party.ts';

function WaitlistClosed(facts: WaitlistClosedFacts) {
  const when = formatDenverDateTime(facts.startsAt);
  return h(
    Layout,
    {
      home: facts.links.home,
      preview: `We called off ${facts.title} on ${when}, so its waitlist is closed.`,
      heading: 'The waitlist is closed',
    },
    paragraph(
      `Hi ${facts.recipientName}, we called off ${facts.title} on ${when} for conditions, so its waitlist is closed and your place on it has ended.`,
    ),
    paragraph(
      facts.openDates.length > 0
        ? `These dates still have seats for ${people(facts.partySize)}:`
        : 'No other date has seats for your party right now; new dates and freed seats show on the calendar.',
    ),
    facts.openDates.length > 0 ? bulletList(facts.openDates.map((date) => `${formatDenverDateTime(date.startsAt)}: ${date.spots}`)) : null,
    buttonLink(facts.bookingLink, 'Choose another date'),
  );
}

export function renderWaitlistClosed(facts: WaitlistClosedFacts): Promise<RenderedMail> {
  return renderMail(`The waitlist for ${formatDenverDate(facts.startsAt)} is closed`, h(WaitlistClosed, facts));
}
