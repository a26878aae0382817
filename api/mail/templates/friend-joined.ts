/** To the payer when someone joins their party: who joined, the party's states and the spots still open. */
import { createElement as h } from 'react';
import type { FriendJoinedFacts, RenderedMail } from '../message-types.ts';
import { Layout } from './layout.ts';
import { buttonLink, memberStates, openSpots, paragraph, renderMail, subheading, tripFacts, tripLine } from './parts.ts';

function spotsLine(count: number): string {
  if (count <= 0) return 'Your party is full.';
  return `${openSpots(count)} left: your invite link is on My Bookings.`;
}

function FriendJoined(facts: FriendJoinedFacts) {
  return h(
    Layout,
    {
      home: facts.links.home,
      preview: `${facts.friendName} joined your party for ${tripLine(facts.trip)}.`,
      heading: `${facts.friendName} joined your party`,
    },
    paragraph(`Hi ${facts.recipientName}, ${facts.friendName} joined your party for ${facts.trip.title}.`),
    tripFacts(facts.trip),
    subheading('Your party'),
    memberStates(facts.members),
    paragraph(spotsLine(facts.openSpots)),
    buttonLink(facts.links.myBookings, 'My Bookings'),
  );
}

export function renderFriendJoined(facts: FriendJoinedFacts): Promise<RenderedMail> {
  return renderMail(`${facts.friendName} joined your party: ${tripLine(facts.trip)}`, h(FriendJoined, facts));
}
