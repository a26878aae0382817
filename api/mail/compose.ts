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
import { denverDay, denverDaysBetween } from '../../shared/rules/dates.ts';
import { meetingMapUrl, meetingPointOf, meetingPointWords } from '../../shared/rules/meeting-point.ts';
import { memberName } from '../../shared/rules/party.ts';
import type { CalendarName } from '../../shared/contract/requests.ts';
import { accountLinks, calledOffChoiceLink, inviteLink, passLink } from '../../shared/company/site-links.ts';
import { forecasts, site } from '../../shared/company/site.ts';
import { gearFor } from '../../shared/company/gear.ts';
import type { FeePaidBy, GiftCardMailKind, MailKind, MemberState, Owed, RenderedMail, Trip, WaitlistOfferFacts } from './message-types.ts';
import * as localTemplates from './templates/index.ts';
import type { Templates } from './mail-thread.ts';
import { closedFacts, joinedFacts, offerFacts } from '../waitlist/messages.ts';
import { invitationFacts } from '../staff/invitation-mail.ts';
import { reminderFacts as reportReminderFacts } from '../reports/reminders.ts';
import { deliveryFacts, receiptFacts, reminderFacts } from '../gift-cards/gift-mail.ts';
import { creditOfferFor, DEFAULT_CREDIT_TERMS, type CreditTerms } from '../../shared/rules/gift-card-credit.ts';
import { clockNow } from '../clock.ts';

/** A row of the outbox, claimed to be sent. */
export interface QueuedMail {
  id: string;
  kind: MailKind;
  /** Null for a gift card's recipient, who has no account here. */
  recipient_uid: string | null;
  booking_id: string | null;
  gift_card_id: string | null;
  facts: Record<string, unknown>;
}

/** A message to an account's holder. */
type AccountMail = QueuedMail & { kind: Exclude<MailKind, GiftCardMailKind>; recipient_uid: string };

/** The message to send, and where to when it is not to an account (a gift's recipient); or why it is not sent. */
export type Composed = { send: RenderedMail; to?: string } | { skip: string };

export interface ComposeSettings {
  siteUrl: string;
  waiverVersion: string;
  /** Bookings close this many hours before a date starts: a closed waitlist's message suggests only open dates. */
  bookingCutoffHours?: number;
  /** What a credit instead of a refund earns (../../shared/rules/gift-card-credit.ts). */
  creditTerms?: CreditTerms;
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
async function moveOf(db: Queryable, moveId: string): Promise<{ from: Date; fee: number; feePaidBy: FeePaidBy }> {
  const [row] = await db.query<{ starts_at: Date | string; fee: number; fee_paid_by: FeePaidBy | null; gift_amount: number | null }>(
    `select d.starts_at, m.fee, m.fee_paid_by, f.gift_amount
       from booking_moves m join calendar_dates d on d.id = m.from_date left join bookings f on f.id = m.fee_booking
      where m.id = $1`,
    [moveId],
  );
  if (!row) throw new Error(`No move ${moveId}`);
  const paidBy = row.fee_paid_by ?? 'card';
  // A fee paid online by card had gift cards pay part of it when its hold says so.
  return {
    from: new Date(row.starts_at),
    fee: row.fee,
    feePaidBy: paidBy === 'card' && (row.gift_amount ?? 0) > 0 ? 'gift card and card' : paidBy,
  };
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

/** What writing any message has to hand. */
interface Writing<Mail extends QueuedMail = AccountMail> {
  db: Queryable;
  mail: Mail;
  settings: ComposeSettings;
  setup: PasswordSetup | null;
  now: Date;
  templates: Templates;
}

/** A message about a booking: its facts, read once, with the trip as messages describe it. */
interface AboutBooking extends Writing {
  booking: BookingFacts;
  trip: Trip;
  startsAt: Date;
  meeting: ReturnType<typeof meetingPointOf>;
  links: ReturnType<typeof accountLinks>;
  recipientName: string;
}

/** A message to a member of a paid booking's party: the party as it stands, and the recipient in it. */
interface ToMember extends AboutBooking {
  party: Awaited<ReturnType<typeof bookingParty>>;
  recipient: MemberState;
  isPayer: boolean;
}

type Composer = (writing: Writing) => Promise<Composed>;

/** A message about a booking, skipped when there is none. */
const aboutBooking =
  (write: (writing: AboutBooking) => Promise<Composed>): Composer =>
  async (writing) => {
    const { db, mail, settings } = writing;
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
    return write({ ...writing, booking, trip, startsAt, meeting, links, recipientName: await nameOf(db, mail.recipient_uid) });
  };

/** A message to a member of a paid booking's party, skipped once the booking is not paid or they left it. */
const toMember = (write: (writing: ToMember) => Promise<Composed>): Composer =>
  aboutBooking(async (writing) => {
    const { db, mail, booking, settings, now } = writing;
    if (booking.status !== 'paid') return { skip: `booking ${booking.status}` };
    const party = await bookingParty(db, booking, mail.recipient_uid, settings.waiverVersion, now);
    const recipient = party.members.find((member) => member.you);
    if (!recipient) return { skip: 'no longer in the party' };
    return write({ ...writing, party, recipient, isPayer: mail.recipient_uid === booking.booker });
  });

/** The messages about a booking, each with what it reads and when it is no longer worth sending. */
const bookingMessages = {
  'booking-cancelled': aboutBooking(async ({ db, mail, booking, trip, links, recipientName, templates }) => {
    const isPayer = mail.recipient_uid === booking.booker;
    return {
      send: await templates.renderBookingCancelled({
        recipientName,
        trip,
        cancelledBy: isPayer && mail.facts['byPayer'] === true ? 'you' : String(mail.facts['cancelledBy'] ?? site.name),
        reason: typeof mail.facts['reason'] === 'string' ? mail.facts['reason'] : null,
        refundAmount: isPayer ? Number(mail.facts['refundAmount'] ?? 0) : 0,
        feesRefunded: isPayer ? Number(mail.facts['feesRefunded'] ?? 0) : 0,
        creditAmount: isPayer ? Number(mail.facts['creditAmount'] ?? 0) : 0,
        currency: String(mail.facts['currency'] ?? booking.currency),
        paidBy: booking.paid_by ?? 'card',
        payerName: isPayer ? null : await nameOf(db, booking.booker),
        links,
      }),
    };
  }),
  'booking-confirmed': toMember(async ({ booking, party, trip, links, recipientName, settings, setup, templates }) => {
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
  }),
  'party-joined': toMember(async ({ db, booking, recipient, trip, links, recipientName, templates }) => ({
    send: await templates.renderPartyJoined({
      recipientName,
      trip,
      payerName: await nameOf(db, booking.booker),
      owed: owedBy(recipient),
      links,
    }),
  })),
  'friend-joined': toMember(async ({ db, mail, party, trip, links, recipientName, templates }) => ({
    send: await templates.renderFriendJoined({
      recipientName,
      trip,
      friendName: await nameOf(db, String(mail.facts['friendUid'] ?? '')),
      members: party.members,
      openSpots: party.openSpots,
      links,
    }),
  })),
  'readiness-reminder': toMember(async ({ mail, party, recipient, isPayer, trip, startsAt, now, links, recipientName, templates }) => {
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
  }),
  'booking-moved': toMember(async ({ db, mail, booking, trip, links, recipientName, templates }) => {
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
  }),
  'date-called-off': toMember(async ({ db, mail, booking, trip, links, recipientName, settings, templates }) => {
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
        credit: creditOfferFor(
          booking.amount + feesPaid,
          settings.creditTerms ?? DEFAULT_CREDIT_TERMS,
          denverDay(settings.now ?? clockNow()),
        ),
        currency: booking.currency,
        paidBy: booking.paid_by ?? 'card',
        choiceLink: calledOffChoiceLink(booking.id, settings.siteUrl),
        chooseBy: new Date(choice.choose_by),
        links,
      }),
    };
  }),
  'meeting-point-changed': toMember(async ({ mail, booking, meeting, trip, startsAt, now, links, recipientName, settings, templates }) => {
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
  }),
  'trip-briefing': toMember(async ({ booking, trip, startsAt, now, links, recipientName, settings, templates }) => {
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
  }),
} satisfies Partial<Record<MailKind, Composer>>;

/** What a message about a wait starts from: its recipient by name, and the site's links. */
const waitCommon = async ({ db, mail, settings }: Writing) => ({
  recipientName: await nameOf(db, mail.recipient_uid),
  siteUrl: settings.siteUrl,
  links: accountLinks(settings.siteUrl),
});

/** A message about an offer of seats, in the state the offer must be in for it to be sent. */
const offerMessage =
  (
    state: 'open' | 'withdrawn' | 'lapsed',
    render: (templates: Templates) => (facts: WaitlistOfferFacts) => Promise<RenderedMail>,
  ): Composer =>
  async (writing) => {
    const offer = await offerFacts(
      writing.db,
      String(writing.mail.facts['offerId'] ?? ''),
      { ...(await waitCommon(writing)), now: writing.now },
      state,
    );
    return 'skip' in offer ? offer : { send: await render(writing.templates)(offer.facts) };
  };

/** The messages about a wait on the waitlist (an offer, its reminder, its end, a closed list, a place taken in line). */
const waitlistMessages = {
  'waitlist-offer': offerMessage('open', (templates) => templates.renderWaitlistOffer),
  'waitlist-offer-ending': offerMessage('open', (templates) => templates.renderWaitlistOfferEnding),
  'waitlist-offer-withdrawn': offerMessage('withdrawn', (templates) => templates.renderWaitlistOfferWithdrawn),
  'waitlist-offer-lapsed': offerMessage('lapsed', (templates) => templates.renderWaitlistOfferLapsed),
  'waitlist-closed': async (writing) => {
    const cutoffHours = writing.settings.bookingCutoffHours ?? 0;
    const closed = await closedFacts(writing.db, String(writing.mail.facts['entryId'] ?? ''), {
      ...(await waitCommon(writing)),
      cutoffHours,
    });
    return 'skip' in closed ? closed : { send: await writing.templates.renderWaitlistClosed(closed.facts) };
  },
  'waitlist-joined': async (writing) => {
    const joined = await joinedFacts(writing.db, String(writing.mail.facts['entryId'] ?? ''), await waitCommon(writing));
    return 'skip' in joined ? joined : { send: await writing.templates.renderWaitlistJoined(joined.facts) };
  },
} satisfies Partial<Record<MailKind, Composer>>;

/** The messages to staff. */
const staffMessages = {
  'staff-invitation': async ({ db, mail, settings, setup, templates }) => {
    const facts = { recipientName: await nameOf(db, mail.recipient_uid), siteUrl: settings.siteUrl, setupLink: setup?.link ?? null };
    const invited = await invitationFacts(db, String(mail.facts['invitationId'] ?? ''), facts);
    return 'skip' in invited ? invited : { send: await templates.renderStaffInvitation(invited.facts) };
  },
  'actual-use-reminder': async ({ db, mail, settings, templates }) => {
    const common = {
      recipientName: await nameOf(db, mail.recipient_uid),
      links: accountLinks(settings.siteUrl),
      siteUrl: settings.siteUrl,
    };
    const reminder = await reportReminderFacts(db, mail.facts, common);
    return 'skip' in reminder ? reminder : { send: await templates.renderActualUseReminder(reminder.facts) };
  },
} satisfies Partial<Record<MailKind, Composer>>;

/** The messages of a gift card, read from the card when they are sent. */
const giftCardMessages: Record<GiftCardMailKind, (writing: Writing<QueuedMail>) => Promise<Composed>> = {
  'gift-card-receipt': async ({ db, mail, settings, templates }) => {
    const receipt = await receiptFacts(db, mail.gift_card_id ?? '', settings.siteUrl);
    return 'skip' in receipt ? receipt : { send: await templates.renderGiftCardReceipt(receipt.facts) };
  },
  'gift-card-delivery': async ({ db, mail, settings, templates }) => {
    const gift = await deliveryFacts(db, mail.gift_card_id ?? '', settings.siteUrl, false);
    return 'skip' in gift ? gift : { send: await templates.renderGiftCardDelivery(gift.facts), ...(gift.to ? { to: gift.to } : {}) };
  },
  'gift-card-delivered': async ({ db, mail, settings, templates }) => {
    const copy = await deliveryFacts(db, mail.gift_card_id ?? '', settings.siteUrl, true);
    return 'skip' in copy ? copy : { send: await templates.renderGiftCardDelivery(copy.facts) };
  },
  'gift-card-reminder': async ({ db, mail, settings, templates }) => {
    const reminder = await reminderFacts(db, mail.gift_card_id ?? '', settings.siteUrl, String(mail.facts['seasonStart'] ?? ''));
    return 'skip' in reminder
      ? reminder
      : { send: await templates.renderGiftCardReminder(reminder.facts), ...(reminder.to ? { to: reminder.to } : {}) };
  },
};

/** Every kind of message to an account's holder and how it is written: a kind missing here does not compile. */
const COMPOSERS: Record<AccountMail['kind'], Composer> = { ...bookingMessages, ...waitlistMessages, ...staffMessages };

const isGiftCardMail = (kind: MailKind): kind is GiftCardMailKind => kind in giftCardMessages;

export function composeMail(
  db: Queryable,
  mail: QueuedMail,
  settings: ComposeSettings,
  setup: PasswordSetup | null = null,
): Promise<Composed> {
  const writing = { db, settings, setup, now: settings.now ?? clockNow(), templates: settings.templates ?? localTemplates };
  const { kind, recipient_uid: uid } = mail;
  if (isGiftCardMail(kind)) return giftCardMessages[kind]({ ...writing, mail });
  if (uid === null) return Promise.resolve({ skip: 'no recipient' });
  return COMPOSERS[kind]({ ...writing, mail: { ...mail, kind, recipient_uid: uid } });
}
