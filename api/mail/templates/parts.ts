/**
 * Pieces several messages show: the trip's facts, what a member still owes with direct links, the
 * party's states, a button, amounts of money, and the rendering of a message to HTML and plain text.
 */
import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { formatDenverDateTime } from '../../../shared/rules/dates.ts';
import { people } from '../../../shared/rules/party.ts';
import type { MemberState, Owed, RenderedMail, SiteLinks, Trip } from '../message-types.ts';
import { styles } from './layout.ts';

/** 'Ski & Splitboard Touring Day, Sat, Dec 5, 8:00 AM': the trip as a subject line names it. */
export function tripLine(trip: Trip): string {
  return `${trip.title}, ${formatDenverDateTime(trip.startsAt)}`;
}

/** '1 open spot', '2 open spots'. */
export function openSpots(count: number): string {
  return count === 1 ? '1 open spot' : `${count} open spots`;
}

export function paragraph(...children: ReactNode[]) {
  return h(Text, { style: styles.text }, ...children);
}

export function subheading(text: string) {
  return h(Heading, { as: 'h2', style: styles.subheading }, text);
}

export function textLink(href: string, text: string) {
  return h(Link, { href, style: styles.link }, text);
}

/** A link that shows its own address (to copy), broken anywhere so it never widens the column. */
export function urlLink(href: string) {
  return h(Link, { href, style: { ...styles.link, wordBreak: 'break-all' } }, href);
}

export function buttonLink(href: string, text: string) {
  return h(Section, { style: { margin: '8px 0 24px' } }, h(Button, { href, style: styles.button }, text));
}

export function bulletList(items: ReactNode[]) {
  return h('ul', { style: styles.list }, ...items.map((item) => h('li', { style: styles.listItem }, item)));
}

/** A labelled fact on its own line: 'When: Sat, Dec 5, 8:00 AM'. */
function fact(label: string, ...value: ReactNode[]) {
  return h(Text, { style: { ...styles.text, margin: '0 0 8px' } }, h('strong', null, `${label}: `), ...value);
}

/** The day out: what, when, where (with its map, unless the day is off) and, where it matters, how many. */
export function tripFacts(trip: Trip, options: { partySize?: boolean; map?: boolean } = {}) {
  return h(
    Section,
    { style: { margin: '0 0 16px' } },
    fact('Activity', trip.title),
    fact('Booking', trip.reference),
    fact('Date and start', formatDenverDateTime(trip.startsAt)),
    fact('Meeting area', trip.meetingArea),
    options.map === false ? null : fact('Map', textLink(trip.mapUrl, 'Open the map')),
    options.partySize === false ? null : fact('Party', people(trip.partySize)),
  );
}

/** The member's trailhead pass: what the guide scans, and it opens with no signal once opened on the phone. */
export function trailheadPass(passLink: string) {
  return paragraph(
    'At the trailhead your guide scans your pass. Open it once on your phone before you leave and it opens with no signal too: ',
    textLink(passLink, 'Your trailhead pass'),
    '.',
  );
}

/** What a member still owes, as words: 'survey and waiver', 'waiver'; null when ready. */
export function owedWords(owed: Owed): string | null {
  const items = [owed.survey ? 'survey' : null, owed.waiver ? 'waiver' : null].filter((item) => item !== null);
  return items.length === 0 ? null : items.join(' and ');
}

export function owesAnything(owed: Owed): boolean {
  return owed.survey || owed.waiver;
}

/** What a member of the party still owes, from their states. */
export function memberOwed(member: MemberState): Owed {
  return { survey: member.survey === 'missing', waiver: member.waiver === 'missing' };
}

/** A member's state as a line: 'Avery Lund (you): ready', 'Sam Ortiz: survey and waiver still to do'. */
export function memberLine(member: MemberState): string {
  const owed = owedWords(memberOwed(member));
  return `${member.name}${member.you ? ' (you)' : ''}: ${owed === null ? 'ready' : `${owed} still to do`}`;
}

export function memberStates(members: MemberState[]) {
  return bulletList(members.map(memberLine));
}

/**
 * What the recipient still owes, each with its direct link; when they are ready, a line saying so,
 * which to a payer whose party still has `openSpots` says the invite link is what is left.
 */
export function owedSection(owed: Owed, links: SiteLinks, openSpots = 0) {
  if (!owesAnything(owed)) {
    return paragraph(
      openSpots > 0
        ? `Your own survey and waiver are done. What is left: send the invite link to fill ${openSpots === 1 ? 'the open spot' : `the ${openSpots} open spots`}.`
        : 'You have nothing left to do before the day.',
    );
  }
  const items = [
    owed.survey ? textLink(links.survey, 'Fill in the pre-trip survey') : null,
    owed.waiver ? textLink(links.waiver, 'Sign the safety waiver') : null,
  ].filter((item) => item !== null);
  return h(Section, null, paragraph('Still to do before the day:'), bulletList(items));
}

/** The message as HTML and as plain text (headings kept in their case, web links written out after their words). */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: {
        selectors: [
          { selector: 'h1', options: { uppercase: false } },
          { selector: 'h2', options: { uppercase: false } },
          { selector: 'a[href^="tel:"]', format: 'anchor', options: { ignoreHref: true } },
          { selector: 'a[href^="mailto:"]', format: 'anchor', options: { ignoreHref: true } },
        ],
      },
    }),
  ]);
  return { subject, html, text };
}
