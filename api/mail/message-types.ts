/**
 * What each message to customers says, as the facts its template is given. The mail outbox
 * gathers these from the database when the message is sent (so a member's state is as it is then),
 * and a template (./templates) turns them into a subject, HTML and plain text.
 */
import type { BookingPayment } from '../../shared/rules/paid-by.ts';
import type { CreditOffer } from '../../shared/rules/gift-card-credit.ts';

export type MailKind =
  | 'booking-confirmed'
  | 'party-joined'
  | 'friend-joined'
  | 'readiness-reminder'
  | 'trip-briefing'
  | 'booking-cancelled'
  | 'booking-moved'
  | 'date-called-off'
  | 'meeting-point-changed'
  | 'waitlist-offer'
  | 'waitlist-offer-ending'
  | 'waitlist-closed'
  | 'waitlist-offer-withdrawn'
  | 'waitlist-offer-lapsed'
  | 'waitlist-joined'
  | 'staff-invitation'
  | 'actual-use-reminder'
  | GiftCardMailKind;

/** The messages about a gift card: the buyer's receipt, the gift to its recipient, and the buyer's copy once it went. */
export type GiftCardMailKind = 'gift-card-receipt' | 'gift-card-delivery' | 'gift-card-delivered' | 'gift-card-reminder';

/** A member of the party as a message names them: a name and two states, never contacts or medical notes. */
export interface MemberState {
  name: string;
  survey: 'done' | 'missing';
  waiver: 'signed' | 'missing';
  /** This member is the message's recipient. */
  you: boolean;
}

/** The day out a message is about. */
export interface Trip {
  /** What was booked, as My Bookings titles it: the price's nickname (e.g. 'Ski & Splitboard Touring Day'). */
  title: string;
  /** The booking's reference, as My Bookings, its calendar file and the console name it ('JDAT-QD5R'). */
  reference: string;
  calendar: 'winter-classes' | 'winter-day-tours' | 'winter-mentorship';
  startsAt: Date;
  /** Where the day starts: the meeting point set for the date, else its kind's meeting area (shared/rules/meeting-point.ts). */
  meetingArea: string;
  /** A map of where the day starts (the trailhead set, else Kamas). */
  mapUrl: string;
  partySize: number;
}

/** Absolute links into the site (its own origin). */
export interface SiteLinks {
  home: string;
  myBookings: string;
  survey: string;
  waiver: string;
  cancellationPolicy: string;
}

/** What a member still owes before the trip. */
export interface Owed {
  survey: boolean;
  waiver: boolean;
}

export interface BookingConfirmedFacts {
  recipientName: string;
  trip: Trip;
  /** The booking's calendar file is attached: the booking it is of, and the site it links to. */
  calendarFile: { bookingId: string; siteUrl: string };
  /** In cents. */
  amountPaid: number;
  currency: string;
  promoCode: string | null;
  /** By card online, or as the office took it (cash, check, or complimentary: no charge). */
  paidBy: BookingPayment;
  /** The invite link while spots are open; null once the party is full. */
  inviteLink: string | null;
  /** The recipient's trailhead pass on the site. */
  passLink: string;
  /** Where a customer whose account the office made chooses a password; absent for one who signs in already. */
  setupLink?: string | null;
  /**
   * True when an account with this address exists that was never confirmed as the recipient's: the
   * booking shows in it once they choose a new password with `setupLink` and sign in with it.
   */
  addressUnconfirmed?: boolean;
  openSpots: number;
  members: MemberState[];
  links: SiteLinks;
}

export interface PartyJoinedFacts {
  recipientName: string;
  trip: Trip;
  payerName: string;
  owed: Owed;
  links: SiteLinks;
}

export interface FriendJoinedFacts {
  recipientName: string;
  trip: Trip;
  friendName: string;
  members: MemberState[];
  openSpots: number;
  links: SiteLinks;
}

export interface ReadinessReminderFacts {
  recipientName: string;
  trip: Trip;
  /** 7 or 2: how many days before the trip the reminder goes. */
  daysBefore: number;
  /** What the recipient still owes themselves (nothing for a ready payer). */
  owed: Owed;
  /** For the payer: the party's state. Null in a member's reminder. */
  party: MemberState[] | null;
  links: SiteLinks;
}

export interface TripBriefingFacts {
  recipientName: string;
  trip: Trip;
  /** When the trip is, from the day the briefing is sent: the day before as a rule, the day itself for a late booking. */
  day?: 'tomorrow' | 'today';
  gear: string[];
  forecasts: { title: string; href: string }[];
  /** The guides' phone for the morning, as written and as a tel: link. */
  phone: { display: string; href: string };
  /** The recipient's trailhead pass on the site. */
  passLink: string;
  links: SiteLinks;
}

export interface BookingCancelledFacts {
  recipientName: string;
  trip: Trip;
  /** Who cancelled, in words: 'you', 'the person who booked', 'Kamas Backcountry Guides'. */
  cancelledBy: string;
  reason: string | null;
  /** In cents; 0 when nothing is refunded (a member's seat, or a cancellation inside the policy's last days). */
  refundAmount: number;
  /** Of the refund, the cents paid earlier to change the booking's date (given back after a call-off); 0 when none. */
  feesRefunded?: number;
  /** To the payer: what was paid, kept as a gift card instead of a refund (cents, bonus included); 0 when not. */
  creditAmount?: number;
  currency: string;
  /** How the booking was paid, and so where the refund goes and when. */
  paidBy: BookingPayment;
  /** To a member who did not pay: the name of who did, to whom any refund goes. */
  payerName?: string | null;
  links: SiteLinks;
}

/** A file sent with a message; binary files as base64, and a picture the message shows (`cid`, its `<img src="cid:…">`). */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
  encoding?: 'base64';
  cid?: string;
}

/** A message ready to send. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface MeetingPointChangedFacts {
  recipientName: string;
  /** The trip, its meeting area now the new meeting point. */
  trip: Trip;
  passLink: string;
  links: SiteLinks;
}

/** How a change of date's fee was paid, as the payer is told. */
export type FeePaidBy = 'card' | 'gift card' | 'gift card and card' | 'cash' | 'check';

export interface BookingMovedFacts {
  recipientName: string;
  /** The trip on its new date. */
  trip: Trip;
  /** To the payer: the change fee taken for the move (cents) and how it was paid; absent when none. */
  fee?: { amount: number; currency: string; paidBy: FeePaidBy };
  /** When the trip was before it moved. */
  movedFrom: Date;
  links: SiteLinks;
}

export interface DateCalledOffFacts {
  recipientName: string;
  trip: Trip;
  reason: string;
  /** In cents, fees paid to change the booking's date included: all of it comes back with a refund. */
  amountPaid: number;
  /** Of `amountPaid`, the cents paid earlier to change the booking's date; 0 when none. */
  feesPaid?: number;
  currency: string;
  /** The gift card the payer may keep instead of a refund: its value, its bonus (cents), the bonus's percentage and end. */
  credit: CreditOffer;
  /** How the booking was paid, and so where a refund goes. */
  paidBy: BookingPayment;
  /** Where the payer chooses, and until when; after that the refund is automatic. */
  choiceLink: string;
  chooseBy: Date;
  links: SiteLinks;
}

/** Seats offered to a party on the waitlist, held until `endsAt`: the offer, and its reminder before it ends. */
export interface WaitlistOfferFacts {
  recipientName: string;
  /** What is offered, as My Bookings titles a booking. */
  title: string;
  /** The date offered. */
  startsAt: Date;
  /** When the date waited for starts, when the offer is of a nearby date instead; null when it is the same date. */
  waitedFor: Date | null;
  partySize: number;
  /** In cents, for the whole party: the price when offered. */
  amount: number;
  currency: string;
  endsAt: Date;
  /** Checkout on the held seats. */
  checkoutLink: string;
  /** The booking page of the activity, to choose another date. */
  bookingLink: string;
  links: SiteLinks;
}

/** A date with seats, as a closed waitlist's message suggests it. */
export interface OpenDate {
  startsAt: Date;
  /** '3 spots left'. */
  spots: string;
}

/** To everyone on the waitlist of a date we called off: the list is closed, and the dates that still have seats. */
export interface WaitlistClosedFacts {
  recipientName: string;
  title: string;
  startsAt: Date;
  partySize: number;
  openDates: OpenDate[];
  /** The booking page of the activity. */
  bookingLink: string;
  links: SiteLinks;
}

/** To a party that joined a date's waitlist. */
export interface WaitlistJoinedFacts {
  recipientName: string;
  title: string;
  startsAt: Date;
  partySize: number;
  /** A nearby date of the same week would do too. */
  nearby: boolean;
  links: SiteLinks;
}

/** To someone an operator invited to the staff: who invited them, as what, and how to take it up. */
export interface StaffInvitationFacts {
  recipientName: string;
  /** The address the invitation is for: they sign in with it. */
  email: string;
  role: 'guide' | 'operator';
  invitedBy: string;
  /** Where the role is used: the trip sheets for a guide, the console for an operator. */
  startLink: string;
  signInLink: string;
  /** Where they choose a password, which also proves the address: for an account with no way to sign in yet, or one that never proved it. */
  setupLink: string | null;
  links: SiteLinks;
}

/** To each operator once a permit season has ended, and again a week before its report is due, until it is filed. */
export interface ActualUseReminderFacts {
  recipientName: string;
  season: string;
  /** The permit season's last day and the day its report is due, 'YYYY-MM-DD'. */
  lastDay: string;
  dueOn: string;
  /** The last reminder, a week before the report is due. */
  last: boolean;
  reportLink: string;
  links: SiteLinks;
}

/** A gift card as its messages and its printable page show it. */
export interface GiftCard {
  recipientName: string;
  /** Who it is from: the buyer's name; null for a card the office issued. */
  from: string | null;
  message: string;
  /** An amount (cents) or a trip voucher of one seat of an activity. */
  value: { kind: 'amount'; amount: number; currency: string } | { kind: 'voucher'; activity: string };
  /** Of an amount, the cents given as a bonus (a credit's extra), and until when that part may be used. */
  bonus: number;
  bonusEndsOn: string | null;
  /** Whether that day had passed when the message was written. */
  bonusEnded: boolean;
  code: string;
  /** The balance page with the code filled in: what the QR code opens. */
  balanceLink: string;
  /** Where a trip is booked. */
  bookLink: string;
}

/** To a gift card's buyer when it is paid: what it is, for whom, when it goes (or, to print, the card itself). */
export interface GiftCardReceiptFacts {
  buyerName: string;
  card: GiftCard;
  /** In cents: what the buyer paid. */
  paid: number;
  currency: string;
  /** How the gift reaches its recipient: e-mailed now or at a time to come, or printed by the buyer. */
  delivery: { when: 'now'; to: string } | { when: 'on'; at: Date; to: string } | { when: 'print' };
  links: SiteLinks;
}

/** Before a season, to a card's holder: what is left on it, and the link that stops these reminders. */
export interface GiftCardReminderFacts {
  card: GiftCard;
  /** Whom it greets: the account that keeps the card, else the gift's recipient. */
  holderName: string;
  /** Cents left (of a voucher: what it was worth when last set). */
  balance: number;
  /** The season's first day, YYYY-MM-DD. */
  seasonStart: string;
  stopLink: string;
  links: SiteLinks;
}

/** The gift itself, to its recipient; and the same to the buyer once it went (`copyTo`, with the address it went to). */
export interface GiftCardDeliveryFacts {
  card: GiftCard;
  copy: { buyerName: string; sentTo: string } | null;
  links: SiteLinks;
}
