/**
 * To the payer once the booking is paid: the day, the meeting area, the party and the amount, the
 * invite link while spots are open, what each member still owes, and the cancellation terms in brief,
 * with the booking's calendar file attached.
 */
import { createElement as h, Fragment } from 'react';
import type { BookingConfirmedFacts, RenderedMail } from '../message-types.ts';
import { Layout } from './layout.ts';
import { termsInBrief } from '../../../shared/rules/cancellation-policy.ts';
import { formatMoney } from '../../../shared/rules/pricing.ts';
import { tripCalendarFile } from '../trip-calendar-file.ts';
import {
  bulletList,
  buttonLink,
  memberOwed,
  memberStates,
  openSpots,
  owesAnything,
  owedSection,
  paragraph,
  renderMail,
  subheading,
  textLink,
  trailheadPass,
  tripFacts,
  tripLine,
  urlLink,
} from './parts.ts';

function invite(facts: BookingConfirmedFacts) {
  if (facts.inviteLink === null || facts.openSpots <= 0) return null;
  return h(
    Fragment,
    null,
    subheading('Invite your party'),
    paragraph(`${openSpots(facts.openSpots)}: send your friends this link.`),
    paragraph(urlLink(facts.inviteLink)),
  );
}

function cancellationTerms(facts: BookingConfirmedFacts) {
  return h(
    Fragment,
    null,
    subheading('If you need to cancel'),
    bulletList(termsInBrief()),
    paragraph('The whole policy: ', textLink(facts.links.cancellationPolicy, 'Cancellation Policy')),
  );
}

/** "Paid: $675 (promo code EARLY10)", "Paid: $675 in cash", "Complimentary: no charge" */
function payment(facts: BookingConfirmedFacts) {
  if (facts.paidBy === 'complimentary') return paragraph(h('strong', null, 'Complimentary: '), 'no charge');
  const how = { card: '', cash: ' in cash', check: ' by check' }[facts.paidBy];
  const promo = facts.promoCode === null ? '' : ` (promo code ${facts.promoCode})`;
  return paragraph(h('strong', null, 'Paid: '), `${formatMoney(facts.amountPaid, facts.currency)}${how}${promo}`);
}

/** For a customer the office booked who has no way to sign in yet, or whose address an account never confirmed: how to choose a password. */
function yourAccount(setupLink: string | null | undefined, addressUnconfirmed: boolean | undefined) {
  if (!setupLink) return null;
  if (addressUnconfirmed) {
    return h(
      Fragment,
      null,
      subheading('See your booking online'),
      paragraph(
        'An account on our site already uses this address, but it has never been confirmed as yours. To keep your booking safe, it shows in that account only after you choose a new password with this button and sign in with it (if you are signed in already, sign out first):',
      ),
      buttonLink(setupLink, 'Choose a password'),
      paragraph(
        'If someone else made that account, they can no longer sign in to it once you choose the password, and they never see your booking. If the button no longer works, call or write to us and we will send you a new one.',
      ),
    );
  }
  return h(
    Fragment,
    null,
    subheading('Your account'),
    paragraph(
      'We made you an account with this address, to see your booking, invite your party and sign the waiver. Choose a password to sign in:',
    ),
    buttonLink(setupLink, 'Choose a password'),
  );
}

function BookingConfirmed(facts: BookingConfirmedFacts) {
  const you = facts.members.find((member) => member.you);
  const othersOwe = facts.members.some((member) => !member.you && owesAnything(memberOwed(member)));
  return h(
    Layout,
    { home: facts.links.home, preview: `Your ${tripLine(facts.trip)} is booked.`, heading: 'You are booked' },
    paragraph(`Hi ${facts.recipientName}, thank you for booking with us. Here is your day out.`),
    tripFacts(facts.trip),
    payment(facts),
    yourAccount(facts.setupLink, facts.addressUnconfirmed),
    invite(facts),
    subheading('Before the day'),
    facts.members.length > 0 ? memberStates(facts.members) : null,
    you ? owedSection(memberOwed(you), facts.links, facts.inviteLink === null ? 0 : facts.openSpots) : null,
    othersOwe ? paragraph('Each member finishes their own from My Bookings, signed in with their own account.') : null,
    trailheadPass(facts.passLink),
    buttonLink(facts.links.myBookings, 'My Bookings'),
    cancellationTerms(facts),
  );
}

export async function renderBookingConfirmed(facts: BookingConfirmedFacts): Promise<RenderedMail> {
  const { bookingId, siteUrl } = facts.calendarFile;
  const rendered = await renderMail(`Booked: ${tripLine(facts.trip)}`, h(BookingConfirmed, facts));
  return { ...rendered, attachments: [tripCalendarFile(bookingId, facts.trip, siteUrl, facts.inviteLink)] };
}
