/**
 * A week and two days before the day: what the recipient still owes, with direct links, and for the
 * payer each member's state.
 */
import { createElement as h, Fragment } from 'react';
import type { MemberState, ReadinessReminderFacts, RenderedMail } from '../message-types.ts';
import { Layout } from './layout.ts';
import {
  buttonLink,
  memberOwed,
  memberStates,
  owesAnything,
  owedSection,
  owedWords,
  paragraph,
  renderMail,
  subheading,
  tripFacts,
  tripLine,
} from './parts.ts';

/** 'in a week', 'in 2 days', 'tomorrow'. */
function whenWords(daysBefore: number): string {
  if (daysBefore === 7) return 'in a week';
  if (daysBefore === 1) return 'tomorrow';
  return `in ${daysBefore} days`;
}

function partyStates(party: MemberState[]) {
  const othersOwe = party.some((member) => !member.you && owesAnything(memberOwed(member)));
  return h(
    Fragment,
    null,
    subheading('Your party'),
    memberStates(party),
    othersOwe ? paragraph('Members finish their own from My Bookings, signed in with their own account.') : null,
  );
}

function ReadinessReminder(facts: ReadinessReminderFacts) {
  const when = whenWords(facts.daysBefore);
  return h(
    Layout,
    { home: facts.links.home, preview: `${facts.trip.title} is ${when}.`, heading: `Your day out is ${when}` },
    paragraph(`Hi ${facts.recipientName}, ${facts.trip.title} is ${when}.`),
    tripFacts(facts.trip),
    owedSection(facts.owed, facts.links),
    facts.party === null ? null : partyStates(facts.party),
    buttonLink(facts.links.myBookings, 'My Bookings'),
  );
}

export function renderReadinessReminder(facts: ReadinessReminderFacts): Promise<RenderedMail> {
  const when = whenWords(facts.daysBefore);
  const owed = owedWords(facts.owed);
  const subject = `${when.charAt(0).toUpperCase()}${when.slice(1)}: ${tripLine(facts.trip)}${owed === null ? '' : ` (${owed} still to do)`}`;
  return renderMail(subject, h(ReadinessReminder, facts));
}
