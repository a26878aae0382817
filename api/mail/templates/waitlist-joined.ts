/** To a party that joined a date's waitlist: where it waits, for how many, and what happens when seats come free. */
import { createElement as h } from 'react';
import { formatDenverDate, formatDenverDateTime } from '../../../shared/rules/dates.ts';
import type { RenderedMail, WaitlistJoinedFacts } from '../message-types.ts';
import { Layout } from './layout.ts';
import { buttonLink, paragraph, renderMail } from './parts.ts';
import { people } from '../../../shared/rules/party.ts';

function WaitlistJoined(facts: WaitlistJoinedFacts) {
  const when = formatDenverDateTime(facts.startsAt);
  return h(
    Layout,
    {
      home: facts.links.home,
      preview: `You are on the waitlist for ${facts.title}, ${when}, for ${people(facts.partySize)}.`,
      heading: 'You are on the waitlist',
    },
    paragraph(
      `Hi ${facts.recipientName}, you are on the waitlist for ${facts.title}, ${when} (Kamas time), for ${people(facts.partySize)}`,
      facts.nearby ? ', and a nearby date of the same week would do too.' : '.',
    ),
    paragraph(
      'When seats come free, we hold them for the first party in line that fits and e-mail you a link to book them. Nothing is charged until you book.',
    ),
    paragraph('Your place in line is on My Bookings, where you can also leave the waitlist.'),
    buttonLink(facts.links.myBookings, 'My Bookings'),
  );
}

export function renderWaitlistJoined(facts: WaitlistJoinedFacts): Promise<RenderedMail> {
  return renderMail(`You are on the waitlist for ${formatDenverDate(facts.startsAt)}`, h(WaitlistJoined, facts));
}
