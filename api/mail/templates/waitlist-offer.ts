/**
 * To a party on the waitlist: seats came free and are held for them until the offer ends, with the
 * link to pay; the reminder before it ends; when it ran out unused, that the place has ended; and,
 * when the office gave the seats to another party before anyone paid, that the party keeps its place.
 */
import { createElement as h } from 'react';
import { formatDenverDate, formatDenverDateTime, formatDenverTime } from '../../../shared/rules/dates.ts';
import type { RenderedMail, WaitlistOfferFacts } from '../message-types.ts';
import { Layout } from './layout.ts';
import { buttonLink, paragraph, renderMail, textLink } from './parts.ts';
import { people } from '../../../shared/rules/party.ts';
import { formatMoney } from '../../../shared/rules/pricing.ts';

function WaitlistOffer({ facts, ending }: { facts: WaitlistOfferFacts; ending: boolean }) {
  const when = formatDenverDateTime(facts.startsAt);
  const ends = `${formatDenverTime(facts.endsAt)} on ${formatDenverDate(facts.endsAt)}`;
  return h(
    Layout,
    {
      home: facts.links.home,
      preview: `${facts.title}, ${when}: seats for ${people(facts.partySize)}, held until ${ends}.`,
      heading: ending ? 'Your offer ends soon' : 'Seats are free for you',
    },
    paragraph(
      `Hi ${facts.recipientName}, seats came free on ${facts.title}, ${when}`,
      facts.waitedFor ? `, a date near the one you waited for (${formatDenverDate(facts.waitedFor)}).` : '.',
      ` We are holding them for your party of ${people(facts.partySize)} until ${ends} (Kamas time).`,
    ),
    paragraph(
      h('strong', null, 'Price: '),
      `${formatMoney(facts.amount, facts.currency)} for your party, as it was when we offered the seats.`,
    ),
    buttonLink(facts.checkoutLink, 'Book these seats'),
    paragraph(
      'If you no longer want them, leave the waitlist on ',
      textLink(facts.links.myBookings, 'My Bookings'),
      ' and they go to the next party in line. If the offer ends unused, they go on too.',
    ),
  );
}

export function renderWaitlistOffer(facts: WaitlistOfferFacts): Promise<RenderedMail> {
  return renderMail(
    `Seats are free for you: ${facts.title}, ${formatDenverDateTime(facts.startsAt)}`,
    h(WaitlistOffer, { facts, ending: false }),
  );
}

function OfferWithdrawn(facts: WaitlistOfferFacts) {
  const when = formatDenverDateTime(facts.startsAt);
  return h(
    Layout,
    {
      home: facts.links.home,
      preview: `The seats we held for you on ${when} went to another party.`,
      heading: 'The seats went to another party',
    },
    paragraph(
      `Hi ${facts.recipientName}, our office gave the seats we were holding for you on ${facts.title}, ${when}, to another party waiting. We are sorry for the change.`,
    ),
    paragraph('You keep your place on the waitlist: when seats come free again, we offer them in order and write to you.'),
    buttonLink(facts.links.myBookings, 'My Bookings'),
  );
}

function OfferLapsed(facts: WaitlistOfferFacts) {
  const when = formatDenverDateTime(facts.startsAt);
  return h(
    Layout,
    {
      home: facts.links.home,
      preview: `The seats we held for you on ${when} went to the next party in line.`,
      heading: 'Your offer has ended',
    },
    paragraph(
      `Hi ${facts.recipientName}, the seats we held for your party on ${facts.title}, ${when}, were not booked by ${formatDenverTime(facts.endsAt)}, so they went to the next party in line, and your place on the waitlist has ended.`,
    ),
    paragraph('If you still want to go, join the waitlist again or choose another date.'),
    buttonLink(facts.bookingLink, 'Choose a date'),
  );
}

export function renderWaitlistOfferLapsed(facts: WaitlistOfferFacts): Promise<RenderedMail> {
  return renderMail(`Your offer for ${formatDenverDate(facts.startsAt)} has ended`, h(OfferLapsed, facts));
}

export function renderWaitlistOfferWithdrawn(facts: WaitlistOfferFacts): Promise<RenderedMail> {
  return renderMail(`The seats held for you on ${formatDenverDate(facts.startsAt)} went to another party`, h(OfferWithdrawn, facts));
}

export function renderWaitlistOfferEnding(facts: WaitlistOfferFacts): Promise<RenderedMail> {
  return renderMail(`Your offer ends at ${formatDenverTime(facts.endsAt)}`, h(WaitlistOffer, { facts, ending: true }));
}
