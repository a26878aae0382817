/**
 * The day before (or the day itself, for a late booking): the start, the meeting point and its map,
 * what to bring, the forecasts and the guides' phone.
 */
import { createElement as h } from 'react';
import { formatDenverDate, formatDenverDateTime } from '../../../shared/rules/dates.ts';
import type { RenderedMail, TripBriefingFacts } from '../message-types.ts';
import { Layout } from './layout.ts';
import { bulletList, buttonLink, paragraph, renderMail, subheading, textLink, trailheadPass, tripFacts, tripLine } from './parts.ts';

const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

function TripBriefing(facts: TripBriefingFacts) {
  const day = facts.day ?? 'tomorrow';
  return h(
    Layout,
    {
      home: facts.links.home,
      preview: `${capitalized(day)}, ${formatDenverDateTime(facts.trip.startsAt)}: what to bring and where to meet.`,
      heading: `See you ${day}`,
    },
    paragraph(`Hi ${facts.recipientName}, here is what you need for ${facts.trip.title} ${day}, ${formatDenverDate(facts.trip.startsAt)}.`),
    tripFacts(facts.trip, { partySize: false }),
    facts.gear.length > 0 ? subheading('What to bring') : null,
    facts.gear.length > 0 ? bulletList(facts.gear) : null,
    facts.forecasts.length > 0 ? subheading('Forecasts') : null,
    facts.forecasts.length > 0
      ? paragraph(day === 'today' ? 'Read them before you set out:' : 'Read them tonight and again in the morning:')
      : null,
    facts.forecasts.length > 0 ? bulletList(facts.forecasts.map((forecast) => textLink(forecast.href, forecast.title))) : null,
    subheading('On the day'),
    paragraph('Running late or lost? Call or text the guides at ', textLink(facts.phone.href, facts.phone.display), '.'),
    trailheadPass(facts.passLink),
    buttonLink(facts.links.myBookings, 'My Bookings'),
  );
}

export function renderTripBriefing(facts: TripBriefingFacts): Promise<RenderedMail> {
  return renderMail(`${capitalized(facts.day ?? 'tomorrow')}: ${tripLine(facts.trip)}`, h(TripBriefing, facts));
}
