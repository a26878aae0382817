/** To every member, when the meeting point of their trip changes within 48 hours of the start: where and when to meet now, with its map. */
import { createElement as h } from 'react';
import { formatDenverDate } from '../../../shared/rules/dates.ts';
import type { MeetingPointChangedFacts, RenderedMail } from '../message-types.ts';
import { Layout } from './layout.ts';
import { buttonLink, paragraph, renderMail, trailheadPass, tripFacts, tripLine } from './parts.ts';

function MeetingPointChanged(facts: MeetingPointChangedFacts) {
  const { trip } = facts;
  return h(
    Layout,
    { home: facts.links.home, preview: `Meet at ${trip.meetingArea}.`, heading: 'A new meeting point' },
    paragraph(`Hi ${facts.recipientName}, for ${trip.title} on ${formatDenverDate(trip.startsAt)} we now meet at ${trip.meetingArea}.`),
    tripFacts(trip, { partySize: false }),
    trailheadPass(facts.passLink),
    buttonLink(facts.links.myBookings, 'My Bookings'),
  );
}

export function renderMeetingPointChanged(facts: MeetingPointChangedFacts): Promise<RenderedMail> {
  return renderMail(`New meeting point: ${tripLine(facts.trip)}`, h(MeetingPointChanged, facts));
}
