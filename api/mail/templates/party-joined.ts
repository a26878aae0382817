/** To a member who joined a party by its invite link: whose party, the day, and what they still owe. */
import { createElement as h } from 'react';
import type { PartyJoinedFacts, RenderedMail } from '../message-types.ts';
import { Layout } from './layout.ts';
import { buttonLink, owedSection, paragraph, renderMail, tripFacts, tripLine } from './parts.ts';

function PartyJoined(facts: PartyJoinedFacts) {
  return h(
    Layout,
    { home: facts.links.home, preview: `You joined ${facts.payerName}'s party for ${tripLine(facts.trip)}.`, heading: 'You are in' },
    paragraph(`Hi ${facts.recipientName}, you joined ${facts.payerName}'s party for ${facts.trip.title}.`),
    tripFacts(facts.trip),
    owedSection(facts.owed, facts.links),
    buttonLink(facts.links.myBookings, 'My Bookings'),
  );
}

export function renderPartyJoined(facts: PartyJoinedFacts): Promise<RenderedMail> {
  return renderMail(`You joined ${facts.payerName}'s party: ${tripLine(facts.trip)}`, h(PartyJoined, facts));
}
