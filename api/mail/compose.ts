/**
 * Writes one message from the outbox as it stands when it is sent: the booking, the trip and the
 * party are read then, so a reminder says what a member still owes at that moment. A message
 * whose moment has gone (a booking that ended, a trip that started, a member with nothing left to
 * do) is skipped with the reason.
 */
import { bookingReference } from '../../shared/rules/booking-reference.ts';
import type { Queryable } from '../db/client.ts';
import { feesPaidFor, feesTotal } from '../bookings/call-off.ts';
import { bookingParty } from '../bookings/party.ts';
import { denverDaysBetween } from '../../shared/rules/dates.ts';
import { meetingMapUrl, meetingPointOf, meetingPointWords } from '../../shared/rules/meeting-point.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import { accountLinks, calledOffChoiceLink, inviteLink, passLink } from '../../shared/company/site-links.ts';
import { forecasts, site } from '../../shared/company/site.ts';
import { gearFor } from '../../shared/company/gear.ts';
import type { MailKind, MemberState, Owed, RenderedMail, Trip } from './message-types.ts';
import * as localTemplates from './templates/index.ts';
import type { Templates } from './mail-thread.ts';
import { closedFacts, joinedFacts, offerFacts } from '../waitlist/messages.ts';
import { invitationFacts } from '../staff/invitation-mail.ts';

/** A row of the outbox, claimed to be sent. */
export interface QueuedMail {
  id: string;
  kind: MailKind;
  recipient_uid: string;
  booking_id: string | null;
  facts: Record<string, unknown>;
}

export type Composed = { send: RenderedMail } | { skip: string };

export interface ComposeSettings {
  siteUrl: string;
  waiverVersion: string;
  /** Bookings close this many hours before a date starts: a closed waitlist's message suggests only open dates. */
  bookingCutoffHours?: number;
  now?: Date;
  /** Where the templates are rendered: on a thread of their own in a running API (./mail-thread.ts); here otherwise. */
  templates?: Templates;
}

interface BookingFacts {
  id: string;
  date_id: string;
  booker: string;
  status: string;
  party_size: number;
  amount: number;
  currency: string;
  promo_code: string | null;
  paid_by: 'cash' | 'check' | 'complimentary' | null;
  invite_code: string | null;
  starts_at: Date | string;
  calendar: CalendarName;
  meeting_trailhead: string | null;
  meets_at: Date | string | null;
  nickname: string;
}

async function bookingFacts(db: Queryable, bookingId: string): Promise<BookingFacts | undefined> {
  const [row] = await db.query<BookingFacts & Record<string, unknown>>(
    `select b.id, b.date_id, b.user_id as booker, b.status, b.party_size, b.amount, b.currency, b.promo_code, b.paid_by, b.invite_code,
            d.starts_at, d.calendar, d.meeting_trailhead, d.meets_at, p.nickname
       from bookings b join calendar_dates d on d.id = b.date_id join prices p on p.id = b.price_id
      where b.id = $1`,
    [bookingId],
  );
  return row;
}

async function nameOf(db: Queryable, uid: string): Promise<string> {
  const [row] = await db.query<{ display_name: string | null; email: string | null }>(
    `select display_name, email from users where uid = $1`,
    [uid],
  );
  return memberName(row?.display_name ?? null, row?.email ?? null);
}

/** When a booking was before the move `moveId`. */
/** A move: the date it left, and the change fee taken for it (cents, 0 when none) and how. */
async function moveOf(db: Queryable, moveId: string): Promise<{ from: Date; fee: number; feePaidBy: 'card' | 'cash' | 'check' }> {
  const [row] = await db.query<{ starts_at: Date | string; fee: number; fee_paid_by: 'card' | 'cash' | 'check' | null }>(
    `select d.starts_at, m.fee, m.fee_paid_by from booking_moves m join calendar_dates d on d.id = m.from_date where m.id = $1`,
    [moveId],
  );
  if (!row) throw new Error(`No move ${moveId}`);
  return { from: new Date(row.starts_at), fee: row.fee, feePaidBy: row.fee_paid_by ?? 'card' };
}

/** The booking's call-off of `dateId` (the date the message named), else of the date it is on. */
async function callOffChoiceOf(db: Queryable, bookingId: string, dateId: unknown) {
  const [row] = await db.query<{ reason: string; choose_by: Date | string; choice: string | null }>(
    `select c.reason, c.choose_by, c.choice from called_off_bookings c join bookings b on b.id = c.booking_id
      where c.booking_id = $1 and c.date_id = coalesce($2::text, b.date_id)`,
    [bookingId, typeof dateId === 'string' ? dateId : null],
  );
  return row;
}

/** A message about a wait (an offer, its reminder, a closed list), composed from the waitlist; null for any other kind. */
async function composeWaitlistMail(db: Queryable, mail: QueuedMail, settings: ComposeSettings, now: Date): Promise<Composed | null> {
  const templates = settings.templates ?? localTemplates;
  const offerKinds = {
    'waitlist-offer': 'open',
    'waitlist-offer-ending': 'open',
    'waitlist-offer-withdrawn': 'withdrawn',
    'waitlist-offer-lapsed': 'lapsed',
  } as const;
  if (!(mail.kind in offerKinds) && mail.kind !== 'waitlist-closed' && mail.kind !== 'waitlist-joined') return null;
  const common = { recipientName: await nameOf(db, mail.recipient_uid), siteUrl: settings.siteUrl, links: accountLinks(settings.siteUrl) };
  if (mail.kind === 'waitlist-joined') {
    const joined = await joinedFacts(db, String(mail.facts['entryId'] ?? ''), common);
    return 'skip' in joined ? joined : { send: await templates.renderWaitlistJoined(joined.facts) };
  }
  if (mail.kind === 'waitlist-closed') {
    const closed = await closedFacts(db, String(mail.facts['entryId'] ?? ''), { ...common, cutoffHours: settings.bookingCutoffHours ?? 0 });
    return 'skip' in closed ? closed : { send: await templates.renderWaitlistClosed(closed.facts) };
  }
  const kind = mail.kind as keyof typeof offerKinds;
  const offer = await offerFacts(db, String(mail.facts['offerId'] ?? ''), { ...common, now }, offerKinds[kind]);
  if ('skip' in offer) return offer;
  const render = {
    'waitlist-offer': templates.renderWaitlistOffer,
    'waitlist-offer-ending': templates.renderWaitlistOfferEnding,
    'waitlist-offer-withdrawn': templates.renderWaitlistOfferWithdrawn,
    'waitlist-offer-lapsed': templates.renderWaitlistOfferLapsed,
  }[kind];
  return { send: await render(offer.facts) };
}

const owedBy = (member: MemberState | undefined): Owed => ({ survey: member?.survey === 'missing', waiver: member?.waiver === 'missing' });
const owesSomething = (member: MemberState) => member.survey === 'missing' || member.waiver === 'missing';

/**
 * Where the recipient of a booking's confirmation, or of an invitation to the staff, chooses a
 * password: when their account has no way to sign in yet, or when the booking waits for them to prove
 * the address (`addressUnconfirmed`), or the invitation does.
 */
export interface PasswordSetup {
  link: string;
  addressUnconfirmed: boolean;
}

export async function composeMail(
  db: Queryable,
  mail: QueuedMail,
  settings: ComposeSettings,
  setup: PasswordSetup | null = null,
): Promise<Composed> {
  const now = settings.now ?? new Date();
  const templates = settings.templates ?? localTemplates;
  const waitlistMail = await composeWaitlistMail(db, mail, settings, now);
  if (waitlistMail) return waitlistMail;
  if (mail.kind === 'staff-invitation') {
    const recipientName = await nameOf(db, mail.recipient_uid);
    const facts = { recipientName, siteUrl: settings.siteUrl, setupLink: setup?.link ?? null };
    const invited = await invitationFacts(db, String(mail.facts['invitationId'] ?? ''), facts);
    return 'skip' in invited ? invited : { send: await templates.renderStaffInvitation(invited.facts) };
  }
  if (!mail.booking_id) return { skip: 'no booking' };
  const booking = await bookingFacts(db, mail.booking_id);
  if (!booking) return { skip: 'booking not found' };
  const startsAt = new Date(booking.starts_at);
  const meeting = meetingPointOf(booking);
  const trip: Trip = {
    title: booking.nickname,
    reference: bookingReference(mail.booking_id),
    calendar: booking.calendar,
    startsAt,
    meetingArea: meetingPointWords(meeting, booking.calendar),
    mapUrl: meetingMapUrl(meeting),
    partySize: booking.party_size,
  };
  const links = accountLinks(settings.siteUrl);
  const recipientName = await nameOf(db, mail.recipient_uid);

  if (mail.kind === 'booking-cancelled') {
    const isPayer = mail.recipient_uid === booking.booker;
    const refundAmount = isPayer ? Number(mail.facts['refundAmount'] ?? 0) : 0;
    return {
      send: await templates.renderBookingCancelled({
        recipientName,
        trip,
        cancelledBy: isPayer && mail.facts['byPayer'] === true ? 'you' : String(mail.facts['cancelledBy'] ?? site.name),
        reason: typeof mail.facts['reason'] === 'string' ? mail.facts['reason'] : null,
        refundAmount,
        feesRefunded: isPayer ? Number(mail.facts['feesRefunded'] ?? 0) : 0,
        currency: String(mail.facts['currency'] ?? booking.currency),
        paidBy: booking.paid_by ?? 'card',
        payerName: isPayer ? null : await nameOf(db, booking.booker),
        links,
      }),
    };
  }

  if (booking.status !== 'paid') return { skip: `booking ${booking.status}` };
  const party = await bookingParty(db, booking, mail.recipient_uid, settings.waiverVersion, now);
  const recipient = party.members.find((member) => member.you);
  if (!recipient) return { skip: 'no longer in the party' };
  const isPayer = mail.recipient_uid === booking.booker;

  switch (mail.kind) {
    case 'booking-confirmed': {
      const invite = party.openSpots > 0 && booking.invite_code ? inviteLink(booking.invite_code, settings.siteUrl) : null;
      return {
        send: await templates.renderBookingConfirmed({
          recipientName,
          trip,
          calendarFile: { bookingId: booking.id, siteUrl: settings.siteUrl },
          amountPaid: booking.amount,
          currency: booking.currency,
          promoCode: booking.promo_code,
          paidBy: booking.paid_by ?? 'card',
          inviteLink: invite,
          passLink: passLink(booking.date_id, settings.siteUrl),
          setupLink: setup?.link ?? null,
          addressUnconfirmed: setup?.addressUnconfirmed ?? false,
          openSpots: party.openSpots,
          members: party.members,
          links,
        }),
      };
    }
    case 'party-joined':
      return {
        send: await templates.renderPartyJoined({
          recipientName,
          trip,
          payerName: await nameOf(db, booking.booker),
          owed: owedBy(recipient),
          links,
        }),
      };
    case 'friend-joined':
      return {
        send: await templates.renderFriendJoined({
          recipientName,
          trip,
          friendName: await nameOf(db, String(mail.facts['friendUid'] ?? '')),
          members: party.members,
          openSpots: party.openSpots,
          links,
        }),
      };
    case 'readiness-reminder': {
      if (startsAt <= now) return { skip: 'trip started' };
      const owed = owedBy(recipient);
      const partyOwes = isPayer && party.members.some(owesSomething);
      if (!owed.survey && !owed.waiver && !partyOwes) return { skip: 'ready' };
      return {
        send: await templates.renderReadinessReminder({
          recipientName,
          trip,
          daysBefore: Number(mail.facts['daysBefore'] ?? 0),
          owed,
          party: isPayer ? party.members : null,
          links,
        }),
      };
    }
    case 'booking-moved': {
      const move = await moveOf(db, String(mail.facts['moveId'] ?? ''));
      return {
        send: await templates.renderBookingMoved({
          recipientName,
          trip,
          movedFrom: move.from,
          // The fee is the payer's to read.
          ...(mail.recipient_uid === booking.booker && move.fee > 0
            ? { fee: { amount: move.fee, currency: booking.currency, paidBy: move.feePaidBy } }
            : {}),
          links,
        }),
      };
    }
    case 'date-called-off': {
      const choice = await callOffChoiceOf(db, booking.id, mail.facts['dateId']);
      if (!choice || choice.choice !== null) return { skip: 'already chosen' };
      const feesPaid = feesTotal(await feesPaidFor(db, booking.id));
      return {
        send: await templates.renderDateCalledOff({
          recipientName,
          trip,
          reason: choice.reason,
          amountPaid: booking.amount + feesPaid,
          feesPaid,
          currency: booking.currency,
          paidBy: booking.paid_by ?? 'card',
          choiceLink: calledOffChoiceLink(booking.id, settings.siteUrl),
          chooseBy: new Date(choice.choose_by),
          links,
        }),
      };
    }
    case 'meeting-point-changed': {
      // A later change supersedes this one: its own message says where to meet.
      const told = String(mail.facts['meetsAt'] ?? '');
      if (!meeting || meeting.trailhead !== mail.facts['trailhead'] || meeting.meetsAt.toISOString() !== told)
        return { skip: 'meeting point changed again' };
      if (startsAt <= now) return { skip: 'trip started' };
      return {
        send: await templates.renderMeetingPointChanged({
          recipientName,
          trip,
          passLink: passLink(booking.date_id, settings.siteUrl),
          links,
        }),
      };
    }
    case 'trip-briefing':
      if (startsAt <= now) return { skip: 'trip started' };
      return {
        send: await templates.renderTripBriefing({
          recipientName,
          trip,
          day: denverDaysBetween(now, startsAt) === 0 ? 'today' : 'tomorrow',
          gear: gearFor(trip),
          forecasts: forecasts.map(({ title, href }) => ({ title, href })),
          phone: site.phone,
          passLink: passLink(booking.date_id, settings.siteUrl),
          links,
        }),
      };
    case 'waitlist-offer':
    case 'waitlist-offer-ending':
    case 'waitlist-closed':
    case 'waitlist-offer-withdrawn':
    case 'waitlist-offer-lapsed':
    case 'waitlist-joined':
      // Composed from the waitlist above.
      return { skip: 'not about a booking' };
  }
}
